import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { reportError } from '../lib/report-error';
import { useMarkNotFound, usePageMeta } from '../lib/page-meta';

/** The 404 page of docs/product.md §2; an unknown path also raises the non-fatal "Page Not Found: {path}". */
export function NotFound() {
  const { pathname } = useLocation();
  usePageMeta({ title: 'Página no encontrada' });
  useMarkNotFound();
  useEffect(() => {
    const message = `Page Not Found: ${pathname}`;
    console.warn(message);
    reportError(message, false);
  }, [pathname]);
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-bold text-primary-700 dark:text-primary-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Lo sentimos, no hemos podido encontrar esta página.</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">
        Pero no te preocupes, encontrarás muchas otras cosas en nuestra página de inicio.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Regresar a la página de inicio
      </Link>
    </section>
  );
}
