import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  BANDEJA_LABELS,
  MOVIMIENTO_LOTE_LABELS,
  type BandejaLaboratorio,
  type EventoLote,
  type LoteLaboratorio,
} from '../../../contract/laboratorio';
import { LOTE_STATUS_LABELS, PROCESO_LABELS, paisName } from '../../lib/catalogo-lotes';
import { errorMessage } from '../../lib/api';
import { formatDate, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Modal } from '../../components/ui/modal';
import { Pager } from '../../components/ui/pager';
import { EventTimeline, TimelineDetail } from '../../components/event-timeline';
import { useLotesLaboratorio, useMoveLote } from './api';
import { PAGINAS } from '../../../contract/paginas';

const TONO: Record<LoteLaboratorio['status'], string> = {
  POR_ENVIAR: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  EN_REVISION: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
  VERIFICADO: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  RECHAZADO: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

export function StatusBadge({ status }: { status: LoteLaboratorio['status'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONO[status]}`}>
      {status === 'POR_ENVIAR' ? 'Muestra en camino' : LOTE_STATUS_LABELS[status]}
    </span>
  );
}

const ACTOR: Record<EventoLote['actor'], string> = {
  productor: 'productor',
  laboratorio: 'laboratorio',
  sistema: 'Cereza',
};

/** The lot's quality-control timeline: one line per event row. */
export function TimelineLote({ eventos }: { eventos: EventoLote[] }) {
  return (
    <EventTimeline
      eventos={eventos}
      label="Historial del control"
      acciones={MOVIMIENTO_LOTE_LABELS}
      actores={ACTOR}
      extra={(e) =>
        typeof e.datos.puntajeTotal === 'number' && (
          <TimelineDetail>Puntaje: {formatNumber(e.datos.puntajeTotal, 2, 2)}</TimelineDetail>
        )
      }
    />
  );
}

const BANDEJAS_COLA: BandejaLaboratorio[] = ['POR_RECIBIR', 'EN_REVISION'];

/**
 * Receiving a lot's sample cannot be undone (the lot goes to review and the producer is told), so the queue and the
 * lot's page ask once, saying what follows (issue 32). Cancelling closes it and the browser returns focus to the button.
 */
export function ConfirmarRecibir({
  lote,
  pending,
  onClose,
  onConfirm,
}: {
  lote: Pick<LoteLaboratorio, 'nombre'> | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={!!lote}
      onClose={onClose}
      title={lote ? `Marcar la muestra como recibida · ${lote.nombre}` : ''}
      size="max-w-md"
    >
      <div className="space-y-4">
        <p className="text-gray-700 dark:text-gray-300">
          El lote pasa a «En revisión» y avisamos al productor de que su muestra llegó. No se puede deshacer: el lote
          queda en «Por catar» hasta que envíes la ficha SCA.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Volver
          </button>
          <button type="button" className="btn-primary" disabled={pending} onClick={onConfirm}>
            Marcar recibida
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * /Dashboard/laboratorio (the queue: samples on their way and lots to cup) and /Dashboard/laboratorio/historial
 * (what the lab has cupped), paged by the server.
 */
export function LaboratorioPage({ historial = false }: { historial?: boolean }) {
  const [params, setParams] = useSearchParams();
  const bandeja: BandejaLaboratorio = historial
    ? 'HISTORIAL'
    : params.get('bandeja') === 'EN_REVISION'
      ? 'EN_REVISION'
      : 'POR_RECIBIR';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, error, refetch } = useLotesLaboratorio(bandeja, page);
  const move = useMoveLote();
  const [pregunta, setPregunta] = useState<LoteLaboratorio | null>(null);
  // Once received the row leaves this tray, so focus goes to the tray the lot went to (after the dialog has closed).
  const porCatar = useRef<HTMLButtonElement>(null);
  const [enfocar, setEnfocar] = useState(false);
  useEffect(() => {
    if (!enfocar) return;
    porCatar.current?.focus();
    setEnfocar(false);
  }, [enfocar]);

  const recibir = (l: LoteLaboratorio) =>
    move
      .mutateAsync({ id: l.id, body: { accion: 'RECIBIR', desde: l.status } })
      .then((r) => {
        toast.success(r.message);
        setPregunta(null);
        setEnfocar(true);
      })
      .catch((e: unknown) => toast.error(errorMessage(e)));

  const go = (next: { bandeja?: BandejaLaboratorio; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.bandeja) p.set('bandeja', next.bandeja);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    else p.delete('page');
    setParams(p);
  };

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">{historial ? 'Historial del laboratorio' : 'Cola del laboratorio'}</h1>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {historial
          ? 'Los lotes que el laboratorio ya cató, con su dictamen.'
          : 'Marca como recibida cada muestra que llega y cátala en la ficha SCA: con 80 puntos o más el lote queda verificado y su puntaje se publica; por debajo, se rechaza con la ficha como motivo.'}
      </p>
      {!historial && (
        <div role="group" aria-label="Bandejas" className="flex flex-wrap gap-2">
          {BANDEJAS_COLA.map((b) => (
            <button
              key={b}
              ref={b === 'EN_REVISION' ? porCatar : undefined}
              type="button"
              aria-pressed={bandeja === b}
              className={bandeja === b ? 'btn-primary' : 'btn-secondary'}
              onClick={() => go({ bandeja: b })}
            >
              {BANDEJA_LABELS[b]}
              {data && ` (${data.pendientes[b as 'POR_RECIBIR' | 'EN_REVISION']})`}
            </button>
          ))}
        </div>
      )}
      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data &&
        (data.lotes.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {bandeja === 'POR_RECIBIR'
              ? 'No hay muestras en camino.'
              : bandeja === 'EN_REVISION'
                ? 'No hay lotes por catar.'
                : 'Todavía no hay lotes catados.'}
          </p>
        ) : (
          <ul className="space-y-3" aria-label={BANDEJA_LABELS[bandeja]}>
            {data.lotes.map((l) => (
              <li key={l.id} className="card flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link to={PAGINAS.laboratorio.lote(l.id)} className="font-semibold hover:underline">
                      {l.nombre}
                    </Link>
                    <StatusBadge status={l.status} />
                    {l.puntaje != null && l.status === 'VERIFICADO' && (
                      <span className="text-sm tabular-nums">{formatNumber(l.puntaje, 2, 2)} pts</span>
                    )}
                  </p>
                  <p className="text-sm text-gray-700 dark:text-gray-300">
                    {l.productor} · {paisName(l.pais)}, {l.region} ·{' '}
                    {PROCESO_LABELS[l.proceso as keyof typeof PROCESO_LABELS] ?? l.proceso} · Lote {l.codigo}
                  </p>
                  {l.envio && (
                    <p className="text-sm text-gray-600 dark:text-gray-400">
                      Enviada el {formatDate(l.envio.enviadaAt)} con {l.envio.transportista}, guía{' '}
                      {l.envio.seguimiento ? (
                        <a href={l.envio.seguimiento} target="_blank" rel="noreferrer" className="underline">
                          {l.envio.numeroGuia}
                        </a>
                      ) : (
                        l.envio.numeroGuia
                      )}
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 gap-2">
                  {l.acciones.includes('RECIBIR') && (
                    <button
                      type="button"
                      className="btn-primary"
                      disabled={move.isPending}
                      onClick={() => setPregunta(l)}
                    >
                      Marcar recibida
                    </button>
                  )}
                  {l.acciones.includes('CATAR') && (
                    <Link to={PAGINAS.laboratorio.lote(l.id)} className="btn-primary">
                      Catar
                    </Link>
                  )}
                  {!l.acciones.length && (
                    <Link to={PAGINAS.laboratorio.lote(l.id)} className="btn-secondary">
                      Ver ficha
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ))}
      <ConfirmarRecibir
        lote={pregunta}
        pending={move.isPending}
        onClose={() => setPregunta(null)}
        onConfirm={() => pregunta && void recibir(pregunta)}
      />
      {data && (
        <Pager label="Páginas de la bandeja" page={page} pagination={data.pagination} onPage={(p) => go({ page: p })} />
      )}
    </div>
  );
}
