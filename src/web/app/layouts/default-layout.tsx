import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader, SkipLink } from './site-header';

export function Component() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="contenido" className="min-h-[60vh] px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
