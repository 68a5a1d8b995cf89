import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader, SkipLink } from '../../components/site-header';

/** Producer profile pages (/perfil/{id}, /Lotes, /Noticias); the perfil feature draws the header and tabs. */
export function Component() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="contenido" className="min-h-[60vh] px-4 py-6 sm:px-6">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
