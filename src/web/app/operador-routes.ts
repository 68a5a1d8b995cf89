import type { RouteObject } from 'react-router';
import { PAGINAS } from '../../contract/paginas';

/** Where the operator's back office lives (issue 28, docs/decisions/045). */
export const OPERADOR_BASE = PAGINAS.operador.inicio;

/**
 * The operator's pages under OPERADOR_BASE, each a lazy chunk of its own, all behind RequireRole('operador') in
 * private-routes. A plain module (no JSX, nothing loaded until a page is visited): the browser access test
 * (e2e/operador-acceso.spec.ts) walks this list, so a page added here is checked without anyone remembering to.
 */
export const operadorPages: RouteObject[] = [
  { index: true, lazy: () => import('../routes/operador/resumen') },
  { path: 'cuentas', lazy: () => import('../routes/operador/cuentas') },
  { path: 'verificaciones', lazy: () => import('../routes/operador/verificaciones') },
  { path: 'lotes', lazy: () => import('../routes/operador/lotes') },
  { path: 'reportes', lazy: () => import('../routes/operador/reportes') },
  { path: 'reclamos', lazy: () => import('../routes/operador/reclamos') },
  { path: 'laboratorio', lazy: () => import('../routes/operador/laboratorio') },
  { path: 'pedidos', lazy: () => import('../routes/operador/pedidos') },
  { path: 'cobros', lazy: () => import('../routes/operador/cobros') },
  { path: 'liquidaciones', lazy: () => import('../routes/operador/liquidaciones') },
  { path: 'auditoria', lazy: () => import('../routes/operador/auditoria') },
  { path: 'riesgo', lazy: () => import('../routes/operador/riesgo') },
  { path: 'usuario', lazy: () => import('../routes/cuenta/usuario') },
  { path: 'usuario/Notificaciones', lazy: () => import('../routes/cuenta/notificaciones') },
  { path: 'notificaciones', lazy: () => import('../routes/notificaciones') },
];

/** Every page's address, params filled with `relleno` (none has any today): what the access test visits. */
export const operadorPaths = (relleno = '00000000-0000-4000-8000-000000000000') =>
  operadorPages.map((r) =>
    r.index ? OPERADOR_BASE : `${OPERADOR_BASE}/${(r.path ?? '').replace(/:[A-Za-z]+/g, relleno)}`,
  );
