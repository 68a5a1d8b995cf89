import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../lib/report-error';
import { isChunkLoadError, reloadOnceForChunkError } from '../lib/chunk-reload';
import { NotFound } from './not-found';

const CRAWLER =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|lighthouse|headlesschrome\/\d+ crawler/i;
export const isCrawler = (ua: string) => CRAWLER.test(ua);

/** Fatal unhandled errors end here, except for crawlers, which are not shown it (docs/product.md §2). */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (notFound) return;
    if (chunk && reloadOnceForChunkError()) return;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error(error);
    reportError(message, true);
  }, [error, notFound, chunk]);

  if (notFound) return <NotFound />;
  if (isCrawler(navigator.userAgent)) {
    return (
      <main className="mx-auto max-w-xl p-8">
        <Link to="/">Cereza</Link>
      </main>
    );
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center p-6 text-center">
      <h1 className="text-2xl font-semibold">Algo ha salido mal</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">
        Se produjo un error inesperado al mostrar esta página. Ya lo hemos registrado; vuelve a intentarlo en unos
        segundos.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => location.reload()}>
          Recargar la página
        </button>
        <a href="/" className="btn-secondary">
          Ir al inicio
        </a>
      </div>
    </main>
  );
}
