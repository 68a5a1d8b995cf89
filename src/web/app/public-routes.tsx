import type { RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';

/*
 * The public pages: rendered on the server, then hydrated (docs/decisions/008). Listed apart from the pages
 * behind a session because the build reads this file: the code that two or more of these pages share goes
 * into one chunk of its own, separate from the dashboards' code (vite.config.ts, docs/decisions/009).
 */
export const publicRoutes: RouteObject[] = [
  {
    lazy: () => import('./layouts/default-layout'),
    children: [
      { index: true, lazy: () => import('../routes/home') },
      { path: 'ayuda', lazy: () => import('../routes/ayuda') },
      { path: 'ayuda/faq', lazy: () => import('../routes/ayuda-faq') },
      { path: 'about', lazy: () => import('../routes/about') },
      { path: 'Blog', lazy: () => import('../routes/blog') },
      { path: 'Blog/:slug', lazy: () => import('../routes/blog-post') },
      { path: 'Guia', lazy: () => import('../routes/guia') },
      { path: 'Guia/:slug', lazy: () => import('../routes/guia-page') },
      { path: 'lotes', lazy: () => import('../routes/lotes') },
      { path: 'lotes/Filters', lazy: () => import('../routes/lotes') },
      { path: 'lotes/oldIndex', lazy: () => import('../routes/lotes') },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    lazy: () => import('./layouts/lote-layout'),
    children: [{ path: 'lote/:id', lazy: () => import('../routes/lote') }],
  },
  {
    path: 'perfil/:id',
    lazy: () => import('./layouts/perfil-layout'),
    children: [
      { index: true, lazy: () => import('../routes/perfil') },
      { path: 'Lotes', lazy: () => import('../routes/perfil-lotes') },
      { path: 'Noticias', lazy: () => import('../routes/perfil-noticias') },
    ],
  },
];
