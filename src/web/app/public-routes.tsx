import type { RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { isKeepingServerHtml, loadStaticParts } from '../components/static-part';

/*
 * The public pages: rendered on the server, then hydrated (docs/decisions/008). Listed apart from the pages
 * behind a session because the build reads this file: the code that two or more of these pages share goes
 * into one chunk of its own, separate from the dashboards' code (vite.config.ts, docs/decisions/014).
 */

/**
 * A page's module, with the code of the static parts it declares: a page the browser renders itself shows
 * them at once. Not while the server's page is being hydrated: it keeps them as HTML, and needs no code.
 */
const page =
  <T,>(load: () => Promise<T>) =>
  async () => {
    const mod = await load();
    if (!isKeepingServerHtml()) await loadStaticParts();
    return mod;
  };
export const publicRoutes: RouteObject[] = [
  {
    lazy: page(() => import('./layouts/default-layout')),
    children: [
      { index: true, lazy: page(() => import('../routes/home')) },
      { path: 'ayuda', lazy: page(() => import('../routes/ayuda')) },
      { path: 'ayuda/faq', lazy: page(() => import('../routes/ayuda-faq')) },
      { path: 'about', lazy: page(() => import('../routes/about')) },
      { path: 'Blog', lazy: page(() => import('../routes/blog')) },
      { path: 'Blog/:slug', lazy: page(() => import('../routes/blog-post')) },
      { path: 'Guia', lazy: page(() => import('../routes/guia')) },
      { path: 'Guia/:slug', lazy: page(() => import('../routes/guia-page')) },
      { path: 'lotes', lazy: page(() => import('../routes/lotes')) },
      { path: 'lotes/Filters', lazy: page(() => import('../routes/lotes')) },
      { path: 'lotes/oldIndex', lazy: page(() => import('../routes/lotes')) },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    lazy: page(() => import('./layouts/lote-layout')),
    children: [{ path: 'lote/:id', lazy: page(() => import('../routes/lote')) }],
  },
  {
    path: 'perfil/:id',
    lazy: page(() => import('./layouts/perfil-layout')),
    children: [
      { index: true, lazy: page(() => import('../routes/perfil')) },
      { path: 'Lotes', lazy: page(() => import('../routes/perfil-lotes')) },
      { path: 'Noticias', lazy: page(() => import('../routes/perfil-noticias')) },
    ],
  },
];
