import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronLeft, ChevronRight, Newspaper } from 'lucide-react';
import { errorMessage } from '../../../lib/api';
import { usePublicNoticias } from '../api';
import { NoticiaArticle } from './noticia-article';
import { ErrorRetry } from '../../../components/ui/error-retry';

/** A producer's published news, newest first, paged through the URL. */
export function PublicNoticias({
  productorId,
  nombre,
  page,
  hrefFor,
}: {
  productorId: string;
  nombre: string;
  page: number;
  hrefFor: (page: number) => string;
}) {
  const { data, error, isPending, isFetching, refetch } = usePublicNoticias(productorId, page);
  // "Leer la noticia" on the home page links to #noticia-{id}: that article, in view and focused, once loaded.
  const { hash } = useLocation();
  const loaded = !!data;
  useEffect(() => {
    if (!loaded || !hash.startsWith('#noticia-')) return;
    const heading = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [loaded, hash]);
  if (error) {
    return <ErrorRetry message={errorMessage(error)} error={error} onRetry={() => void refetch()} />;
  }
  if (isPending) {
    return (
      <div aria-hidden className="flex flex-col gap-4">
        {[0, 1].map((i) => (
          <div key={i} className="card h-48 animate-pulse bg-gray-100 dark:bg-gray-900" />
        ))}
      </div>
    );
  }
  if (!data.noticias.length) {
    return (
      <div className="card flex flex-col items-center gap-3 p-8 text-center">
        <Newspaper aria-hidden className="size-10 text-primary-700 dark:text-primary-400" />
        <p className="text-gray-700 dark:text-gray-300">{nombre} todavía no ha publicado noticias.</p>
      </div>
    );
  }
  const { totalPages } = data.pagination;
  return (
    <div aria-busy={isFetching} className="mx-auto flex max-w-3xl flex-col gap-6">
      {data.noticias.map((n) => (
        <NoticiaArticle key={n.id} noticia={n} />
      ))}
      {totalPages > 1 && (
        <nav aria-label="Paginación de noticias" className="flex items-center justify-center gap-3">
          {page > 1 && (
            <Link to={hrefFor(page - 1)} className="btn-secondary">
              <ChevronLeft aria-hidden className="size-4" /> Más recientes
            </Link>
          )}
          <span className="text-sm text-gray-700 dark:text-gray-300">
            Página {page} de {totalPages}
          </span>
          {page < totalPages && (
            <Link to={hrefFor(page + 1)} className="btn-secondary">
              Anteriores <ChevronRight aria-hidden className="size-4" />
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
