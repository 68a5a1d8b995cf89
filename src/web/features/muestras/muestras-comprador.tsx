import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ESTADOS_MUESTRA,
  ESTADO_MUESTRA_LABELS,
  PLAZOS_MUESTRA,
  type EstadoMuestra,
  type Muestra,
} from '../../../contract/muestras';
import { errorMessage } from '../../lib/api';
import { formatDate, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Modal } from '../../components/ui/modal';
import { Pager } from '../../components/ui/pager';
import { pageFrom, useCatarMuestra, useMoveMuestra, useMuestraDetalle, useMuestras } from './api';
import { CataForm } from '../../components/cata-form';
import { CataSheet } from '../../components/cata-sheet';
import { EstadoBadge, Timeline, precioMuestra } from './parts';
import { LoteRetiradoBadge } from '../../components/ui/lote-retirado';
import { PAGINAS } from '../../../contract/paginas';

/**
 * /Dashboard/comprador/muestras: every sample with its state, timeline and the moves the table allows.
 * `mensajes` renders a sample's "Mensajes" button (the route passes it: features do not import each other).
 */
export function MuestrasComprador({ mensajes }: { mensajes?: (m: Muestra) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const estado = (ESTADOS_MUESTRA as readonly string[]).includes(params.get('estado') ?? '')
    ? (params.get('estado') as EstadoMuestra)
    : undefined;
  const abierta = params.get('muestra');
  const page = pageFrom(params);
  const { data, isPending, isError, error, refetch } = useMuestras('comprador', estado, page);
  const [catando, setCatando] = useState<Muestra | null>(null);
  const catar = useCatarMuestra();

  const setFiltro = (v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set('estado', v);
    else next.delete('estado');
    next.delete('page');
    setParams(next, { replace: true });
  };
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Muestras</h1>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="filtro-estado" className="text-sm font-medium">
          Estado
        </label>
        <select
          id="filtro-estado"
          className="input w-auto"
          value={estado ?? ''}
          onChange={(e) => setFiltro(e.target.value)}
        >
          <option value="">Todos</option>
          {ESTADOS_MUESTRA.map((e) => (
            <option key={e} value={e}>
              {ESTADO_MUESTRA_LABELS[e]}
            </option>
          ))}
        </select>
      </div>

      {data && data.pendientesDeCata.length > 0 && (
        <div className="card border-amber-300 bg-amber-50 p-4 dark:bg-amber-950/40" role="note">
          <p className="font-medium">Muestras por catar</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Con {PLAZOS_MUESTRA.deudaMaxima} o más muestras recibidas hace más de {PLAZOS_MUESTRA.deudaDias} días sin
            catar no podrás pedir otra. Los productores casi nunca reciben la opinión de quien cata su café: tu ficha es
            lo que hace que sigan enviando muestras.
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {data.pendientesDeCata.map((p) => (
              <li key={p.id}>
                {p.lote} (recibida el {formatDate(p.entregadaAt)})
              </li>
            ))}
          </ul>
        </div>
      )}

      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && data.muestras.length === 0 && (
        <p className="card p-6 text-gray-700 dark:text-gray-300">
          {estado ? 'No tienes muestras en este estado.' : 'Todavía no has pedido muestras. '}
          {!estado && (
            <Link to="/lotes" className="underline">
              Busca lotes que ofrezcan muestra en el catálogo.
            </Link>
          )}
        </p>
      )}
      <ul className="space-y-3">
        {data?.muestras.map((m) => (
          <MuestraItem
            key={m.id}
            muestra={m}
            abierta={abierta === m.id}
            onCatar={() => setCatando(m)}
            mensajes={mensajes?.(m)}
          />
        ))}
      </ul>
      {data && <Pager label="Páginas de tus muestras" page={page} pagination={data.pagination} onPage={setPage} />}

      <Modal
        open={!!catando}
        onClose={() => setCatando(null)}
        title={catando ? `Ficha de cata: ${catando.lote.nombre}` : ''}
        size="max-w-3xl"
      >
        {catando && (
          <CataForm
            muestraId={catando.id}
            titulo={catando.lote.nombre}
            conDecision={catando.tipo === 'OFERTA'}
            pending={catar.isPending}
            onSubmit={async (hoja) => {
              const r = await catar.mutateAsync({ id: catando.id, hoja });
              toast.success(r.message);
              setCatando(null);
            }}
          />
        )}
      </Modal>
    </div>
  );
}

const BOTON_MUESTRA = { RECIBIR: 'Marcar como recibida', CANCELAR: 'Cancelar solicitud' } as const;

/** What an irreversible move of the buyer's sample does, said before it is done (issue 32). */
const avisoMuestra = (accion: 'CANCELAR' | 'RECIBIR', preembarque: boolean) =>
  accion === 'CANCELAR'
    ? 'La solicitud se cancela y el productor deja de prepararla. No se puede deshacer: para recibir esta muestra tendrás que pedirla de nuevo.'
    : preembarque
      ? 'La muestra queda como recibida y ya puedes catarla. No se puede deshacer.'
      : `La muestra queda como recibida y empiezan los ${PLAZOS_MUESTRA.deudaDias} días para catarla y enviar la ficha al productor. No se puede deshacer.`;

function MuestraItem({
  muestra: m,
  abierta,
  onCatar,
  mensajes,
}: {
  muestra: Muestra;
  abierta: boolean;
  onCatar: () => void;
  mensajes?: ReactNode;
}) {
  const [open, setOpen] = useState(abierta);
  // A notification's link (?muestra=id) opens its sample, also when the page is already showing.
  useEffect(() => {
    if (abierta) setOpen(true);
  }, [abierta]);
  const move = useMoveMuestra();
  const detalle = useMuestraDetalle(open ? m.id : null);
  // Both moves are irreversible, so each asks once, saying what will happen (issue 32).
  const [pregunta, setPregunta] = useState<'CANCELAR' | 'RECIBIR' | null>(null);
  const run = async (accion: 'CANCELAR' | 'RECIBIR') => {
    try {
      const r = await move.mutateAsync({ id: m.id, body: { accion, desde: m.estado } });
      toast.success(r.message);
      setPregunta(null);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">
            <Link to={`/lote/${m.lote.id}`} className="hover:underline">
              {m.lote.nombre}
            </Link>
            <LoteRetiradoBadge retirado={m.lote.retirado} />
          </h2>
          {m.pedido ? (
            // The pre-shipment sample of an order: said, and linked to its order (issue 32).
            <p className="text-sm text-gray-700 dark:text-gray-300">
              <span className="mr-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                Preembarque
              </span>
              Muestra de preembarque del pedido{' '}
              <Link to={PAGINAS.comprador.pedidos(m.pedido.id)} className="underline">
                {m.pedido.numero}
              </Link>{' '}
              · {m.productor.nombre} · {m.gramos} g · enviada por el productor
            </p>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {m.productor.nombre} · {m.gramos} g · {precioMuestra(m)} · pedida el {formatDate(m.createdAt)}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <EstadoBadge estado={m.estado} />
          {m.puntajeTotal != null && (
            <span className="text-sm font-semibold tabular-nums">{formatNumber(m.puntajeTotal, 2, 2)} pts</span>
          )}
        </div>
      </div>
      {m.estado === 'ENVIADA' && m.transportista && (
        <p className="mt-2 text-sm">
          Enviada con {m.transportista}, guía {m.numeroGuia}
          {m.seguimiento && (
            <>
              {' · '}
              <a href={m.seguimiento} target="_blank" rel="noreferrer" className="underline">
                Seguir el envío
              </a>
            </>
          )}
        </p>
      )}
      {m.motivoRechazo && <p className="mt-2 text-sm">Motivo del productor: {m.motivoRechazo}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {m.acciones.includes('RECIBIR') && (
          <button
            type="button"
            className="btn-primary"
            disabled={move.isPending}
            onClick={() => setPregunta('RECIBIR')}
          >
            Marcar como recibida
          </button>
        )}
        {m.acciones.includes('CATAR') && (
          <button type="button" className="btn-primary" onClick={onCatar}>
            Catar
          </button>
        )}
        {m.acciones.includes('CANCELAR') && (
          <button
            type="button"
            className="btn-secondary"
            disabled={move.isPending}
            onClick={() => setPregunta('CANCELAR')}
          >
            Cancelar solicitud
          </button>
        )}
        {mensajes}
        <Modal
          open={!!pregunta}
          onClose={() => setPregunta(null)}
          title={pregunta ? `${BOTON_MUESTRA[pregunta]} · ${m.lote.nombre}` : ''}
        >
          {pregunta && (
            <div className="space-y-4">
              <p className="text-gray-700 dark:text-gray-300">{avisoMuestra(pregunta, !!m.pedido)}</p>
              <div className="flex flex-wrap justify-end gap-2">
                <button type="button" className="btn-secondary" onClick={() => setPregunta(null)}>
                  Volver
                </button>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={move.isPending}
                  onClick={() => void run(pregunta)}
                >
                  {BOTON_MUESTRA[pregunta]}
                </button>
              </div>
            </div>
          )}
        </Modal>
        <button type="button" className="btn-ghost" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? 'Ocultar historial' : 'Ver historial'}
        </button>
      </div>
      {open && detalle.data && (
        <div className="mt-3 space-y-3">
          <Timeline eventos={detalle.data.eventos} />
          {detalle.data.cata && <CataSheet cata={detalle.data.cata} />}
        </div>
      )}
    </li>
  );
}
