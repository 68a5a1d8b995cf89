import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { errorMessage } from '../../../lib/api';
import { formatInt } from '../../../lib/format';
import { LoteCard, LoteCardSkeleton, LoteGrid } from '../../../components/lote-card';
import { useProductorLotes } from '../api';
import { ErrorRetry } from '../../../components/ui/error-retry';

const lotes = (n: number, adjetivo: string) => `${formatInt(n)} ${n === 1 ? `lote ${adjetivo}` : `lotes ${adjetivo}s`}`;

/** "3 lotes publicados · 1 agotado": the list holds sold-out lots too, and only the others are published. */
export function recuento(total: number, publicados?: number): string {
  if (publicados === undefined) return total === 1 ? '1 lote' : `${formatInt(total)} lotes`;
  const agotados = Math.max(0, total - publicados);
  return agotados
    ? `${lotes(publicados, 'publicado')} · ${lotes(agotados, 'agotado')}`
    : lotes(publicados, 'publicado');
}

/**
 * A producer's public lots with the catalogue's cards, paged through the URL (`?pagina=2`) so that the
 * back button and shared links keep the page.
 */
export function PerfilLotesList({
  productorId,
  page,
  hrefFor,
  empty,
  publicados,
}: {
  productorId: string;
  page: number;
  hrefFor: (page: number) => string;
  empty: ReactNode;
  /** The profile's count of published lots (issue 25 §3): the list also shows sold-out lots, which are not. */
  publicados?: number;
}) {
  const { data, error, isPending, isFetching, refetch } = useProductorLotes(productorId, page);

  if (error) {
    return <ErrorRetry message={errorMessage(error)} error={error} onRetry={() => void refetch()} />;
  }
  if (isPending) {
    return (
      <LoteGrid>
        {Array.from({ length: 3 }, (_, i) => (
          <LoteCardSkeleton key={i} />
        ))}
      </LoteGrid>
    );
  }
  const { lotes, pagination } = data;
  if (!lotes.length) return <>{empty}</>;
  return (
    <div aria-busy={isFetching} className="flex flex-col gap-6">
      <p className="text-sm text-gray-700 dark:text-gray-300">{recuento(pagination.total, publicados)}</p>
      <LoteGrid>
        {lotes.map((l, i) => (
          <LoteCard key={l.id} lote={l} eager={i < 2} />
        ))}
      </LoteGrid>
      {pagination.totalPages > 1 && (
        <nav aria-label="Paginación de lotes" className="flex items-center justify-center gap-3">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="btn-secondary">
              <ChevronLeft aria-hidden className="size-4" /> Anteriores
            </Link>
          ) : null}
          <span className="text-sm text-gray-700 dark:text-gray-300">
            Página {page} de {pagination.totalPages}
          </span>
          {page < pagination.totalPages ? (
            <Link to={hrefFor(page + 1)} className="btn-secondary">
              Siguientes <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : null}
        </nav>
      )}
    </div>
  );
}
