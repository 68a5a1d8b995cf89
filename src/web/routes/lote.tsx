import { useParams } from 'react-router';
import { NotFound } from '../components/not-found';
import { FavoritoButton } from '../features/favoritos/favorito-button';
import { useLote } from '../features/lotes/api';
import { PROCESO_LABELS, nombrePais } from '../lib/catalogo-lotes';
import { LoteDetalle, LoteDetalleSkeleton } from '../features/lotes/components/lote-detalle';
import { precioConIncoterm } from '../components/lote-card';
import { ApiError, errorMessage } from '../lib/api';
import { formatDecimal } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { ErrorReintento } from '../components/ui/error-reintento';

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
    return <ErrorReintento message={errorMessage(error)} onRetry={() => void refetch()} className="mx-auto max-w-lg" />;
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
