import { useParams } from 'react-router';
import { LOTE_RETIRADO_LABEL } from '../../contract/lotes-codes';
import { NotFound } from '../components/not-found';
import { FavoritoButton } from '../features/favoritos/favorito-button';
import { SolicitarMuestraButton } from '../features/muestras/solicitar-muestra-button';
import { CajaButton } from '../features/muestras/caja-button';
import { ComprarButton } from '../features/pedidos/comprar-button';
import { WriteToProductor } from '../features/mensajes/write-to-productor';
import { useLote } from '../features/lotes/api';
import { PROCESO_LABELS, paisName } from '../lib/catalogo-lotes';
import { LoteDetail, LoteDetailSkeleton } from '../features/lotes/components/lote-detail';
import { precioWithIncoterm } from '../components/lote-card';
import { ApiError, errorMessage } from '../lib/api';
import { formatDecimal } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { ErrorRetry } from '../components/ui/error-retry';
import { WhenIdle } from '../components/when-idle';

// Reviews and member farms are fetched in the browser anyway: their code loads once the page is idle.
const loadResenas = () => import('../features/pedidos/review-list').then((m) => m.ReviewList);
const loadFincas = () => import('../features/fincas/fincas-publicas').then((m) => m.FincasDelLote);
import { CataPublica, lazySheet } from '../features/laboratorio/cata-publica';

// The lab's sheet on a verified lot: its code arrives only with a sheet to show.
const CataSheet = lazySheet(() => import('../components/cata-sheet').then((m) => m.CataSheet));

/** /lote/{id} in the lote layout. */
export function Component() {
  const { id = '' } = useParams();
  const { data: lote, isPending, error, refetch } = useLote(id);
  usePageMeta(
    lote
      ? {
          title: lote.nombre,
          description: [
            `${PROCESO_LABELS[lote.proceso]} de ${lote.region}, ${paisName(lote.pais)}`,
            lote.puntaje != null ? `${formatDecimal(lote.puntaje)} puntos` : null,
            precioWithIncoterm(lote),
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
      <ErrorRetry
        message={errorMessage(error)}
        error={error}
        onRetry={() => void refetch()}
        className="mx-auto max-w-lg"
      />
    );
  }
  if (isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          Cargando lote…
        </p>
        <LoteDetailSkeleton />
      </>
    );
  }
  return (
    <LoteDetail
      lote={lote}
      favorito={
        lote.retirado ? (
          // Only its producer and the parties of its orders and samples reach a retired lot (decision 046).
          <p
            role="status"
            className="rounded-xl border border-gray-300 bg-gray-100 p-3 text-sm text-gray-800 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
          >
            <strong>{LOTE_RETIRADO_LABEL}.</strong> El productor lo retiró del catálogo: ya no se puede comprar ni pedir
            muestra. Tus pedidos y muestras de este lote siguen en tu panel.
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <ComprarButton lote={lote} />
            <FavoritoButton lote={lote} variant="full" />
            <SolicitarMuestraButton lote={lote} />
            <CajaButton lote={lote} variant="full" />
          </div>
        )
      }
      laboratorio={
        lote.status === 'VERIFICADO' ? (
          <CataPublica loteId={lote.id} puntaje={lote.puntaje} Sheet={CataSheet} />
        ) : undefined
      }
      escribir={
        <>
          <WriteToProductor
            productorId={lote.productorId}
            productorNombre={lote.perfilProductor?.nombre ?? 'el productor'}
            loteId={lote.id}
            loteNombre={lote.nombre}
          />
          <WhenIdle load={loadResenas} props={{ productorId: lote.productorId }} />
          <WhenIdle load={loadFincas} props={{ loteId: lote.id }} />
        </>
      }
    />
  );
}
