import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { PROCESO_LABELS, paisName } from '../../lib/catalogo-lotes';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { NotFound } from '../../components/not-found';
import { ApiError } from '../../lib/api';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Cata, HojaCata } from '../../../contract/muestras';
import { useCatarLote, useLoteLaboratorio, useMoveLote } from './api';
import { ConfirmarRecibir, StatusBadge, TimelineLote } from './laboratorio-page';
import { PAGINAS } from '../../../contract/paginas';

/** /Dashboard/laboratorio/lotes/{id}: the lot the lab receives and cups, its timeline and the lab's sheet. */
export function LoteLaboratorioPage({
  cataForm,
  cataSheet,
}: {
  /** The samples' SCA sheet (the route passes it: one cupping form serves every sample, TRADE.md). */
  cataForm: (p: {
    id: string;
    titulo: string;
    pending: boolean;
    onSubmit: (h: HojaCata) => Promise<unknown>;
  }) => ReactNode;
  cataSheet: (cata: Cata) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useLoteLaboratorio(id);
  const move = useMoveLote();
  const catar = useCatarLote();
  const [pregunta, setPregunta] = useState(false);
  // Once received the button gives way to the SCA sheet: focus goes to its heading when it shows.
  const hojaTitulo = useRef<HTMLHeadingElement>(null);
  const [enfocar, setEnfocar] = useState(false);
  const puedeCatar = !!data?.lote.acciones.includes('CATAR');
  useEffect(() => {
    if (!enfocar || !puedeCatar) return;
    hojaTitulo.current?.focus();
    setEnfocar(false);
  }, [enfocar, puedeCatar]);

  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (isError) return <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />;
  if (isPending) return <div className="card h-60 animate-pulse" aria-hidden />;
  const { lote: l, eventos, cata } = data;

  return (
    <div className="space-y-6">
      <p>
        <Link to={PAGINAS.laboratorio.inicio} className="text-sm underline">
          Volver a la cola
        </Link>
      </p>
      <header className="space-y-1">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
          {l.nombre} <StatusBadge status={l.status} />
        </h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {l.productor} · {paisName(l.pais)}, {l.region} ·{' '}
          {PROCESO_LABELS[l.proceso as keyof typeof PROCESO_LABELS] ?? l.proceso}
          {l.variedades.length ? ` · ${l.variedades.join(', ')}` : ''}
          {l.cosecha ? ` · cosecha ${l.cosecha}` : ''} · Lote {l.codigo}
        </p>
        {l.envio && (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            Muestra enviada el {formatDate(l.envio.enviadaAt)} con {l.envio.transportista}, guía {l.envio.numeroGuia}.
          </p>
        )}
        {l.envio?.imagen && (
          <img
            src={l.envio.imagen}
            alt="Foto de la bolsa de la muestra"
            className="mt-2 h-28 rounded"
            width={150}
            height={112}
          />
        )}
      </header>

      {l.acciones.includes('RECIBIR') && (
        <button type="button" className="btn-primary" disabled={move.isPending} onClick={() => setPregunta(true)}>
          Marcar la muestra como recibida
        </button>
      )}
      <ConfirmarRecibir
        lote={pregunta ? l : null}
        pending={move.isPending}
        onClose={() => setPregunta(false)}
        onConfirm={() =>
          void move
            .mutateAsync({ id: l.id, body: { accion: 'RECIBIR', desde: l.status } })
            .then((r) => {
              toast.success(r.message);
              setPregunta(false);
              setEnfocar(true);
            })
            .catch((e: unknown) => toast.error(errorMessage(e)))
        }
      />

      {l.acciones.includes('CATAR') && (
        <section aria-labelledby="cata-lab" className="card p-4">
          <h2 id="cata-lab" ref={hojaTitulo} tabIndex={-1} className="mb-3 text-lg font-semibold">
            Ficha de cata del laboratorio
          </h2>
          {cataForm({
            id: l.id,
            titulo: l.nombre,
            pending: catar.isPending,
            onSubmit: async (hoja) => {
              const r = await catar.mutateAsync({ id: l.id, hoja });
              toast.success(r.message);
            },
          })}
        </section>
      )}

      {cata && (
        <section aria-label="Catado por el laboratorio de Cereza">
          {cataSheet(cata)}
          {l.status === 'RECHAZADO' && l.motivoRechazo && (
            <p className="mt-2 text-sm">Motivo del rechazo: {l.motivoRechazo}</p>
          )}
        </section>
      )}

      <section aria-labelledby="historial-lote">
        <h2 id="historial-lote" className="mb-2 text-lg font-semibold">
          Historial del control de calidad
        </h2>
        {eventos.length ? (
          <TimelineLote eventos={eventos} />
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">Sin movimientos todavía.</p>
        )}
      </section>
    </div>
  );
}
