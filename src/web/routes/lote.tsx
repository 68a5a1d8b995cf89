import { useParams } from 'react-router';
import { RotateCcw } from 'lucide-react';
import { NotFound } from '../components/not-found';
import { FavoritoButton } from '../features/favoritos/favorito-button';
import { useLote } from '../features/lotes/api';
import { PROCESO_LABELS, nombrePais } from '../lib/catalogo-lotes';
import { LoteDetalle, LoteDetalleSkeleton } from '../features/lotes/components/lote-detalle';
import { precioConIncoterm } from '../components/lote-card';
import { ApiError, errorMessage } from '../lib/api';
import { formatDecimal } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';

/** /lote/{id} in the lote layout. */
export function Component() {
  const { id = '' } = useParams();
  const { data: lote, isPending, error, refetch } = useLote(id);
  usePageMeta(
    lote
      ? {
          title: lote.nombre,
          description: [
            `${PROCESO_LABELS[lote.proceso]} de ${lote.region}, ${nombrePais(lote.pais)}`,
            lote.puntaje != null ? `${formatDecimal(lote.puntaje)} puntos` : null,
            precioConIncoterm(lote),
          ]
            .filter(Boolean)
            .join(' · '),
          image: lote.galeriaLote[0]?.url,
        }
      : { title: 'Lote' },
  );

  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error) {
    return (
      <div role="alert" className="card mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center">
        <p className="font-semibold">{errorMessage(error)}</p>
        <button type="button" className="btn-secondary" onClick={() => void refetch()}>
          <RotateCcw aria-hidden className="size-4" /> Reintentar
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          Cargando lote…
        </p>
        <LoteDetalleSkeleton />
      </>
    );
  }
  return <LoteDetalle lote={lote} favorito={<FavoritoButton lote={lote} variant="full" />} />;
}
