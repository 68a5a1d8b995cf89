import { useId, useState } from 'react';
import { ENTIDADES_AUDITORIA, ENTIDAD_AUDITORIA_LABELS, type EntidadAuditoria } from '../../../contract/operador';
import { useAccionesAuditoria, useAuditoria, type FiltroAuditoria } from './api';
import { Estado, PageTitle, Tabla, fecha, td } from './ui';

const json = (v: unknown) => (v ? JSON.stringify(v) : '—');
const entidadTexto = (e: string) => ENTIDAD_AUDITORIA_LABELS[e as EntidadAuditoria] ?? e;
const VACIO: FiltroAuditoria = { q: '', accion: '', entidad: '', entidadId: '' };

/** The filters: a word, an action, an object's kind and id. Sent together; a new search starts at the first page. */
function Filtros({ valor, onBuscar }: { valor: FiltroAuditoria; onBuscar: (f: FiltroAuditoria) => void }) {
  const id = useId();
  const acciones = useAccionesAuditoria();
  const [f, setF] = useState(valor);
  const set = (k: keyof FiltroAuditoria) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  // A filter chosen from a row ("Ver su historial") replaces what the form shows.
  const [visto, setVisto] = useState(valor);
  if (visto !== valor) {
    setVisto(valor);
    setF(valor);
  }
  return (
    <form
      role="search"
      aria-label="Filtrar el registro de auditoría"
      className="card mb-4 grid gap-3 p-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        onBuscar({ q: f.q.trim(), accion: f.accion, entidad: f.entidad, entidadId: f.entidadId.trim() });
      }}
    >
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium">
          Buscar en el registro (motivo, acción, operador u objeto)
        </label>
        <input id={`${id}-q`} type="search" className="input w-full" value={f.q} onChange={set('q')} />
      </div>
      <div>
        <label htmlFor={`${id}-a`} className="mb-1 block text-sm font-medium">
          Acción
        </label>
        <select id={`${id}-a`} className="input w-full" value={f.accion} onChange={set('accion')}>
          <option value="">Todas las acciones</option>
          {acciones.data?.acciones.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-e`} className="mb-1 block text-sm font-medium">
          Tipo de objeto
        </label>
        <select id={`${id}-e`} className="input w-full" value={f.entidad} onChange={set('entidad')}>
          <option value="">Todos los objetos</option>
          {ENTIDADES_AUDITORIA.map((e) => (
            <option key={e} value={e}>
              {ENTIDAD_AUDITORIA_LABELS[e]}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-i`} className="mb-1 block text-sm font-medium">
          Identificador del objeto (opcional)
        </label>
        <input id={`${id}-i`} className="input w-full" value={f.entidadId} onChange={set('entidadId')} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary">
          Buscar
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setF(VACIO);
            onBuscar(VACIO);
          }}
        >
          Quitar filtros
        </button>
      </div>
    </form>
  );
}

/**
 * Auditoría: every operator action, newest first, filtered by a word, an action and an object, in pages of 25 read
 * from the server (keyset on the log's sequence number: a page never repeats or skips a row written meanwhile).
 */
export function AuditoriaPage() {
  const [filtro, setFiltro] = useState<FiltroAuditoria>(VACIO);
  // The pages already passed: each entry is the `antesDe` that opened it (undefined: the first page).
  const [cursores, setCursores] = useState<Array<number | undefined>>([undefined]);
  const antesDe = cursores[cursores.length - 1];
  const q = useAuditoria({ ...filtro, antesDe });
  const search = (f: FiltroAuditoria) => {
    setFiltro(f);
    setCursores([undefined]);
  };
  const pagina = cursores.length;
  return (
    <div>
      <PageTitle intro="Cada acción de un operador, con su motivo. El registro no se puede editar ni borrar.">
        Auditoría
      </PageTitle>
      <Filtros valor={filtro} onBuscar={search} />
      <Estado q={q}>
        <p role="status" className="mb-2 text-sm">
          Página {pagina}
          {q.data ? ` · ${q.data.entradas.length} ${q.data.entradas.length === 1 ? 'entrada' : 'entradas'}` : ''}
        </p>
        <Tabla
          caption="Registro de auditoría"
          head={['Cuándo', 'Quién', 'Acción', 'Objeto', 'Motivo', 'Antes → después']}
        >
          {q.data?.entradas.map((e) => (
            <tr key={e.id}>
              <td className={td}>{fecha(e.createdAt)}</td>
              <td className={`${td} break-all`}>{e.operadorEmail}</td>
              <td className={td}>{e.accion}</td>
              <td className={`${td} break-all`}>
                {entidadTexto(e.entidad)} {e.entidadId.slice(0, 8)}
                <button
                  type="button"
                  className="mt-1 block text-left text-xs font-medium text-primary-700 underline underline-offset-2 dark:text-primary-400"
                  onClick={() => search({ ...VACIO, entidad: e.entidad, entidadId: e.entidadId })}
                >
                  Ver su historial
                  <span className="sr-only">
                    : {entidadTexto(e.entidad)} {e.entidadId}
                  </span>
                </button>
              </td>
              <td className={td}>{e.motivo}</td>
              <td className={`${td} break-all font-mono text-xs`}>
                {json(e.antes)} → {json(e.despues)}
              </td>
            </tr>
          ))}
        </Tabla>
        {q.data?.entradas.length === 0 && <p className="mt-2 text-sm">Sin entradas.</p>}
        <nav aria-label="Páginas del registro" className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={pagina === 1}
            onClick={() => setCursores((p) => p.slice(0, -1))}
          >
            Página anterior (más recientes)
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={!q.data?.siguiente || q.isPlaceholderData}
            onClick={() => {
              const siguiente = q.data?.siguiente;
              if (siguiente) setCursores((p) => [...p, siguiente]);
            }}
          >
            Página siguiente (más antiguas)
          </button>
        </nav>
      </Estado>
    </div>
  );
}
