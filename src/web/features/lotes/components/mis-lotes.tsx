import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Lote } from '../../../../contract/lotes';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { formatInt } from '../../../lib/format';
import { useDeleteLote, useMisLotes, usePatchLote } from '../api';
import { LOTE_STATUS_LABELS } from '../../../lib/catalogo-lotes';
import { precioConIncoterm } from '../../../components/lote-card';
import { LoteImagen } from '../../../components/lote-imagen';
import { ErrorReintento } from '../../../components/ui/error-reintento';

export const PRODUCTOR_BASE = '/Dashboard/productor';

/** The three views of spec §4, all derived from the same list. */
const VISTAS = {
  visibles: { label: 'Visibles', filtro: (l: Lote) => !l.ocultar },
  ocultos: { label: 'Ocultos', filtro: (l: Lote) => l.ocultar },
  por_enviar: { label: 'Muestra por enviar', filtro: (l: Lote) => l.status === 'POR_ENVIAR' },
} as const;
type Vista = keyof typeof VISTAS;
const esVista = (v: string | null): v is Vista => !!v && v in VISTAS;

function VisibleSwitch({ lote }: { lote: Lote }) {
  const patch = usePatchLote();
  const visible = !lote.ocultar;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={visible}
      aria-label={`Visible en el catálogo: ${lote.nombre}`}
      onClick={() => patch.mutate({ id: lote.id, patch: { ocultar: visible } })}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${visible ? 'bg-primary-600' : 'bg-gray-300 dark:bg-gray-700'}`}
    >
      <span
        aria-hidden
        className={`inline-block size-5 rounded-full bg-white shadow transition ${visible ? 'translate-x-5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

export function MisLotes() {
  const { data, isPending, isError, error, refetch } = useMisLotes();
  const [params, setParams] = useSearchParams();
  const vista: Vista = esVista(params.get('vista')) ? (params.get('vista') as Vista) : 'visibles';
  const [borrar, setBorrar] = useState<Lote | null>(null);
  const del = useDeleteLote();

  const header = (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">Mis lotes</h1>
      <Link to={`${PRODUCTOR_BASE}/Lotes/Crear`} className="btn-primary">
        <Plus aria-hidden className="size-4" /> Crear lote
      </Link>
    </div>
  );

  if (isPending) {
    return (
      <>
        {header}
        <p role="status" className="sr-only">
          Cargando tus lotes…
        </p>
        <div className="card h-64 animate-pulse" aria-hidden />
      </>
    );
  }
  if (isError) {
    return (
      <>
        {header}
        <ErrorReintento message={errorMessage(error, 'Error al obtener lotes')} onRetry={() => void refetch()} />
      </>
    );
  }

  const lotes = data.filter(VISTAS[vista].filtro);
  return (
    <>
      {header}
      <div role="tablist" aria-label="Vistas de tus lotes" className="mb-4 flex flex-wrap gap-1">
        {(Object.keys(VISTAS) as Vista[]).map((v) => {
          const n = data.filter(VISTAS[v].filtro).length;
          return (
            <button
              key={v}
              type="button"
              role="tab"
              id={`tab-${v}`}
              aria-selected={v === vista}
              aria-controls="panel-lotes"
              onClick={() => setParams(v === 'visibles' ? {} : { vista: v }, { replace: true })}
              className={`rounded-lg px-3 py-2 text-sm font-medium ${
                v === vista
                  ? 'bg-primary-700 text-white dark:bg-primary-600 dark:text-gray-950'
                  : 'text-gray-700 hover:bg-white dark:text-gray-200 dark:hover:bg-gray-900'
              }`}
            >
              {VISTAS[v].label} ({formatInt(n)})
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="panel-lotes" aria-labelledby={`tab-${vista}`}>
        {data.length === 0 ? (
          <div className="card p-8 text-center">
            <p className="font-semibold">Aún no has publicado lotes.</p>
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
              Crea tu primer lote con fotos, perfil de taza y precio para que los compradores lo encuentren.
            </p>
          </div>
        ) : lotes.length === 0 ? (
          <p className="card p-6 text-center text-gray-700 dark:text-gray-300">No hay lotes en esta vista.</p>
        ) : (
          <div className="card relative overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Lotes: {VISTAS[vista].label}</caption>
              <thead className="border-b border-gray-200 text-left text-gray-600 dark:border-gray-800 dark:text-gray-400">
                <tr>
                  <th scope="col" className="p-3 font-medium">
                    Lote
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Precio
                  </th>
                  <th scope="col" className="p-3 text-right font-medium">
                    Sacos
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Control de calidad
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Visible
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    <span className="sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lotes.map((l) => (
                  <tr key={l.id} className="border-b border-gray-100 last:border-0 dark:border-gray-800">
                    <td className="p-3">
                      <div className="flex items-center gap-3">
                        <LoteImagen
                          src={l.galeriaLote[0]?.thumb ?? l.galeriaLote[0]?.url}
                          alt=""
                          width={56}
                          height={42}
                          className="h-[42px] w-14 shrink-0 rounded object-cover"
                        />
                        <div className="min-w-0">
                          <Link to={`/lote/${l.id}`} className="font-medium hover:underline">
                            {l.nombre}
                          </Link>
                          <p className="text-xs text-gray-600 dark:text-gray-400">{l.codigo}</p>
                        </div>
                      </div>
                    </td>
                    <td className="p-3 whitespace-nowrap">{precioConIncoterm(l)}</td>
                    <td className="p-3 text-right tabular-nums">{formatInt(l.sacosDisponibles)}</td>
                    <td className="p-3">{LOTE_STATUS_LABELS[l.status]}</td>
                    <td className="p-3">
                      <VisibleSwitch lote={l} />
                    </td>
                    <td className="p-3">
                      <div className="flex justify-end gap-1">
                        <Link
                          to={`${PRODUCTOR_BASE}/Lotes/Edit/${l.id}`}
                          className="btn-ghost p-2"
                          aria-label={`Editar ${l.nombre}`}
                          title="Editar"
                        >
                          <Pencil aria-hidden className="size-4" />
                        </Link>
                        <button
                          type="button"
                          className="btn-ghost p-2 text-red-700 dark:text-red-400"
                          aria-label={`Eliminar ${l.nombre}`}
                          title="Eliminar"
                          onClick={() => setBorrar(l)}
                        >
                          <Trash2 aria-hidden className="size-4" />
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <Modal
        open={!!borrar}
        onClose={() => !del.isPending && setBorrar(null)}
        title="¿Eliminar este lote?"
        size="max-w-md"
      >
        <p className="text-gray-700 dark:text-gray-300">
          Vas a eliminar «{borrar?.nombre}». Desaparecerá del catálogo y de los favoritos de los compradores. Esta
          acción no se puede deshacer.
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setBorrar(null)} disabled={del.isPending}>
            Cancelar
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={del.isPending}
            onClick={() => borrar && del.mutate(borrar.id, { onSuccess: () => setBorrar(null) })}
          >
            {del.isPending ? 'Eliminando…' : 'Eliminar lote'}
          </button>
        </div>
      </Modal>
    </>
  );
}
