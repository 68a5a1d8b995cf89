import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Lote } from '../../../../contract/lotes';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { formatInt } from '../../../lib/format';
import { useDeleteLote, useOwnLotes, usePatchLote } from '../api';
import { LOTE_STATUS_LABELS } from '../../../lib/catalogo-lotes';
import { precioWithIncoterm } from '../../../components/lote-card';
import { LoteImage } from '../../../components/lote-image';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { PAGINAS } from '../../../../contract/paginas';

export const PRODUCTOR_BASE = PAGINAS.productor.inicio;

/** The three views of docs/product.md §4, all derived from the same list. */
const VIEWS = {
  visibles: { label: 'Visibles', filter: (l: Lote) => !l.ocultar },
  ocultos: { label: 'Ocultos', filter: (l: Lote) => l.ocultar },
  por_enviar: { label: 'Muestra por enviar', filter: (l: Lote) => l.status === 'POR_ENVIAR' },
} as const;
type View = keyof typeof VIEWS;
const isView = (v: string | null): v is View => !!v && v in VIEWS;

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

function RowActions({ lote, onDelete }: { lote: Lote; onDelete: (l: Lote) => void }) {
  return (
    <div className="flex justify-end gap-1">
      <Link
        to={`${PRODUCTOR_BASE}/Lotes/Edit/${lote.id}`}
        className="btn-ghost p-2"
        aria-label={`Editar ${lote.nombre}`}
        title="Editar"
      >
        <Pencil aria-hidden className="size-4" />
      </Link>
      <button
        type="button"
        className="btn-ghost p-2 text-red-700 dark:text-red-400"
        aria-label={`Eliminar ${lote.nombre}`}
        title="Eliminar"
        onClick={() => onDelete(lote)}
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </div>
  );
}

/** A lot's thumbnail, name (a link to its page) and code: the phone card's head and the table's first cell. */
function LoteTitle({ lote, className }: { lote: Lote; className: string }) {
  return (
    <div className={`flex gap-3 ${className}`}>
      <LoteImage
        src={lote.galeriaLote[0]?.thumb ?? lote.galeriaLote[0]?.url}
        alt=""
        width={56}
        height={42}
        className="h-[42px] w-14 shrink-0 rounded object-cover"
      />
      <div className="min-w-0 flex-1">
        <Link to={`/lote/${lote.id}`} className="font-medium break-words hover:underline">
          {lote.nombre}
        </Link>
        <p className="text-xs text-gray-600 dark:text-gray-400">{lote.codigo}</p>
      </div>
    </div>
  );
}

/** On a phone each lot is a card with every action in view (the table's last columns fell off the screen). */
function LoteCards({
  lotes,
  onDelete,
  control,
}: {
  lotes: Lote[];
  onDelete: (l: Lote) => void;
  control?: (l: Lote) => ReactNode;
}) {
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {lotes.map((l) => (
        <li key={l.id} className="card p-4">
          <LoteTitle lote={l} className="items-start" />
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-600 dark:text-gray-400">Precio</dt>
            <dd className="text-right whitespace-nowrap">{precioWithIncoterm(l)}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Sacos</dt>
            <dd className="text-right tabular-nums">{formatInt(l.sacosDisponibles)}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Control de calidad</dt>
            <dd className="text-right">{control ? control(l) : LOTE_STATUS_LABELS[l.status]}</dd>
          </dl>
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-gray-100 pt-3 dark:border-gray-800">
            <span className="flex items-center gap-2 text-sm">
              <VisibleSwitch lote={l} />
              <span aria-hidden>Visible</span>
            </span>
            <RowActions lote={l} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /Dashboard/productor/Lotes. `control` renders a lot's quality-control cell (the route passes the lab's, with
 * "Enviar muestra al laboratorio"); without it, the state's name.
 */
export function OwnLotes({ control }: { control?: (l: Lote) => ReactNode } = {}) {
  const { data, isPending, isError, error, refetch } = useOwnLotes();
  const [params, setParams] = useSearchParams();
  const view: View = isView(params.get('vista')) ? (params.get('vista') as View) : 'visibles';
  const [toDelete, setToDelete] = useState<Lote | null>(null);
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
        <ErrorRetry
          message={errorMessage(error, 'Error al obtener lotes')}
          error={error}
          onRetry={() => void refetch()}
        />
      </>
    );
  }

  const lotes = data.filter(VIEWS[view].filter);
  return (
    <>
      {header}
      <div role="tablist" aria-label="Vistas de tus lotes" className="mb-4 flex flex-wrap gap-1">
        {(Object.keys(VIEWS) as View[]).map((v) => {
          const n = data.filter(VIEWS[v].filter).length;
          return (
            <button
              key={v}
              type="button"
              role="tab"
              id={`tab-${v}`}
              aria-selected={v === view}
              aria-controls="panel-lotes"
              onClick={() => setParams(v === 'visibles' ? {} : { vista: v }, { replace: true })}
              className={`rounded-lg px-3 py-2 text-sm font-medium ${
                v === view
                  ? 'bg-primary-700 text-white dark:bg-primary-600 dark:text-gray-950'
                  : 'text-gray-700 hover:bg-white dark:text-gray-200 dark:hover:bg-gray-900'
              }`}
            >
              {VIEWS[v].label} ({formatInt(n)})
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="panel-lotes" aria-labelledby={`tab-${view}`}>
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
          <>
            <LoteCards lotes={lotes} onDelete={setToDelete} control={control} />
            <div className="card relative hidden overflow-x-auto md:block">
              <table className="w-full min-w-[40rem] text-sm">
                <caption className="sr-only">Lotes: {VIEWS[view].label}</caption>
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
                        <LoteTitle lote={l} className="items-center" />
                      </td>
                      <td className="p-3 whitespace-nowrap">{precioWithIncoterm(l)}</td>
                      <td className="p-3 text-right tabular-nums">{formatInt(l.sacosDisponibles)}</td>
                      <td className="p-3">{control ? control(l) : LOTE_STATUS_LABELS[l.status]}</td>
                      <td className="p-3">
                        <VisibleSwitch lote={l} />
                      </td>
                      <td className="p-3">
                        <RowActions lote={l} onDelete={setToDelete} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
      <Modal
        open={!!toDelete}
        onClose={() => !del.isPending && setToDelete(null)}
        title="¿Eliminar este lote?"
        size="max-w-md"
      >
        <p className="text-gray-700 dark:text-gray-300">
          Vas a eliminar «{toDelete?.nombre}». Desaparecerá del catálogo y de los favoritos de los compradores. Esta
          acción no se puede deshacer.
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setToDelete(null)} disabled={del.isPending}>
            Cancelar
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={del.isPending}
            onClick={() => toDelete && del.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
          >
            {del.isPending ? 'Eliminando…' : 'Eliminar lote'}
          </button>
        </div>
      </Modal>
    </>
  );
}
