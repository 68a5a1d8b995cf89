import { Link, Outlet } from 'react-router';
import { ChevronLeft } from 'lucide-react';
import { SiteFooter, SiteHeader, SkipLink } from './site-header';

export function Component() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <nav aria-label="Migas de pan" className="px-4 pt-4 text-sm sm:px-6">
        <Link
          to="/lotes"
          className="inline-flex items-center gap-1 text-primary-800 hover:underline dark:text-primary-300"
        >
          <ChevronLeft aria-hidden className="size-4" /> Volver al catálogo
        </Link>
      </nav>
      <main id="contenido" className="min-h-screen px-4 py-4 sm:px-6 sm:py-6">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
