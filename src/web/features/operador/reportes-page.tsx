import { useId, useState } from 'react';
import { RESOLUCION_REPORTE_LABELS, RESOLUCIONES_REPORTE, type ResolucionReporte } from '../../../contract/operador';
import { ApiError, errorMessage } from '../../lib/api';
import { FormAlert } from '../../components/ui/field';
import type { ReporteHilo } from '../../../contract/operador-answers';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { readReporte, useAccion, useReportes } from './api';
import { Estado, MotivoForm, PageTitle, Tabla, diasTexto, fecha, td } from './ui';

function Hilo({ hilo }: { hilo: ReporteHilo }) {
  const [resolucion, setResolucion] = useState<ResolucionReporte>('DESESTIMAR');
  const [cuentaId, setCuentaId] = useState(hilo.partes[0]?.id ?? '');
  const resolver = useAccion(OPERADOR_API.resolverReporte, { id: hilo.id });
  const sel = useId();
  const parte = useId();
  return (
    <section aria-labelledby="hilo-t" className="card mt-4 p-4">
      <h2 id="hilo-t" className="text-xl font-semibold">
        Conversación reportada
      </h2>
      <p className="text-sm">Motivo del reporte: {hilo.motivo}</p>
      <ol className="mt-3 flex flex-col gap-2" aria-label="Mensajes">
        {hilo.mensajes.map((m) => (
          <li
            key={m.id}
            className={`rounded p-2 text-sm ${m.reportado ? 'border-2 border-red-700 dark:border-red-400' : 'bg-gray-50 dark:bg-gray-800'}`}
          >
            <p className="font-medium">
              {m.autor} · {fecha(m.createdAt)}
              {m.reportado && ' · mensaje reportado'}
            </p>
            <p className="whitespace-pre-wrap">{m.texto}</p>
          </li>
        ))}
      </ol>
      {hilo.estado === 'ABIERTO' ? (
        <MotivoForm
          label="Motivo de la decisión"
          boton="Resolver reporte"
          onSubmit={(motivo) =>
            resolver.mutateAsync({ resolucion, motivo, ...(resolucion === 'DESESTIMAR' ? {} : { cuentaId }) })
          }
          extra={
            <div className="flex flex-wrap gap-3">
              <div>
                <label htmlFor={sel} className="mb-1 block text-sm font-medium">
                  Decisión
                </label>
                <select
                  id={sel}
                  className="input"
                  value={resolucion}
                  onChange={(e) => setResolucion(e.target.value as ResolucionReporte)}
                >
                  {RESOLUCIONES_REPORTE.map((r) => (
                    <option key={r} value={r}>
                      {RESOLUCION_REPORTE_LABELS[r]}
                    </option>
                  ))}
                </select>
              </div>
              {resolucion !== 'DESESTIMAR' && (
                <div>
                  <label htmlFor={parte} className="mb-1 block text-sm font-medium">
                    Cuenta
                  </label>
                  <select id={parte} className="input" value={cuentaId} onChange={(e) => setCuentaId(e.target.value)}>
                    {hilo.partes.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.nombre} ({p.rol})
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </div>
          }
        />
      ) : (
        <p className="mt-3 text-sm">Este reporte ya está resuelto.</p>
      )}
    </section>
  );
}

/** Reportes: the conversations their parties reported; reading one is an audited action. */
export function ReportesPage() {
  const [estado, setEstado] = useState<'ABIERTO' | 'REVISADO' | ''>('ABIERTO');
  const q = useReportes(estado);
  const [hilo, setHilo] = useState<ReporteHilo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filtro = useId();
  return (
    <div>
      <PageTitle intro="Solo las conversaciones que una de sus partes ha reportado. Cada lectura queda registrada.">
        Reportes
      </PageTitle>
      <div className="mb-3">
        <label htmlFor={filtro} className="mr-2 text-sm font-medium">
          Mostrar
        </label>
        <select
          id={filtro}
          className="input"
          value={estado}
          onChange={(e) => setEstado(e.target.value as 'ABIERTO' | 'REVISADO' | '')}
        >
          <option value="ABIERTO">Sin responder</option>
          <option value="REVISADO">Resueltos</option>
        </select>
      </div>
      <FormAlert message={error} />
      <Estado q={q}>
        <Tabla caption="Reportes" head={['Motivo', 'Reportado por', 'Antigüedad', '']}>
          {q.data?.map((r) => (
            <tr key={r.id}>
              <td className={td}>{r.motivo}</td>
              <td className={`${td} break-all`}>{r.reportadoPor ?? '—'}</td>
              <td className={td}>{diasTexto(r.diasAbierto)}</td>
              <td className={td}>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    setError(null);
                    readReporte(r.id)
                      .then(setHilo)
                      .catch((err) => setError(err instanceof ApiError ? err.message : errorMessage(err)));
                  }}
                >
                  Leer conversación<span className="sr-only">: {r.motivo}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
        {q.data?.length === 0 && <p className="mt-2 text-sm">No hay reportes.</p>}
      </Estado>
      {hilo && <Hilo key={hilo.id} hilo={hilo} />}
    </div>
  );
}
