import { Navigate, type RouteObject } from 'react-router';
import { RequireRole, RequireSession } from '../features/auth/guards';
import { OPERADOR_BASE, operadorPages } from './operador-routes';
import { PAGINAS } from '../../contract/paginas';

const userRoutes: RouteObject[] = [
  { path: 'usuario', lazy: () => import('../routes/cuenta/usuario') },
  { path: 'usuario/EliminarCuenta', lazy: () => import('../routes/cuenta/eliminar-cuenta') },
  { path: 'usuario/Notificaciones', lazy: () => import('../routes/cuenta/notificaciones') },
  { path: 'usuario/InformacionComercial', lazy: () => import('../routes/cuenta/informacion-comercial') },
  { path: 'notificaciones', lazy: () => import('../routes/notificaciones') },
  { path: 'mensajes', lazy: () => import('../routes/mensajes') },
  { path: 'mensajes/:id', lazy: () => import('../routes/mensajes') },
];

/**
 * The pages behind a session, and sign-in: rendered in the browser only. A public page does not load this
 * table: the router asks for it when a visit goes to /auth… or /dashboard… (boot.tsx).
 */
export const privateRoutes: RouteObject[] = [
  {
    path: 'auth/login',
    lazy: () => import('./layouts/auth-layout'),
    children: [{ index: true, lazy: () => import('../routes/auth-login') }],
  },
  {
    path: 'Auth',
    lazy: () => import('./layouts/auth-layout'),
    children: [
      { path: 'Registro', lazy: () => import('../routes/auth-registro') },
      { path: 'Registro2', lazy: () => import('../routes/auth-registro') },
      { path: 'Forget', element: <Navigate to="/" replace /> },
      // Password reset and e-mail verification live at paths of ours (docs/decisions/013).
      { path: 'Recuperar', lazy: () => import('../routes/auth-recuperar') },
      { path: 'Restablecer', lazy: () => import('../routes/auth-restablecer') },
      { path: 'Verificar', lazy: () => import('../routes/auth-verificar') },
      // A saved search's alert e-mail: its one-click unsubscribe link (issue 32).
      { path: 'BajaBusqueda', lazy: () => import('../routes/auth-baja-busqueda') },
    ],
  },
  { path: 'dashboard/:userType', lazy: () => import('../routes/dashboard-redirect') },
  {
    path: PAGINAS.comprador.inicio.slice(1),
    lazy: () => import('./layouts/comprador-layout'),
    children: [
      // favoritos: no role check (docs/product.md §2); a signed-in user is still needed to have favourites.
      {
        element: <RequireSession />,
        children: [{ path: 'favoritos', lazy: () => import('../routes/comprador/favoritos') }],
      },
      { path: 'perfil', element: <Navigate to="/" replace /> },
      { path: 'perfil/ajustes', element: <Navigate to="/" replace /> },
      {
        element: <RequireRole role="comprador" />,
        children: [
          { index: true, lazy: () => import('../routes/comprador/home') },
          { path: 'pedidos', lazy: () => import('../routes/comprador/pedidos') },
          { path: 'facturas', lazy: () => import('../routes/comprador/facturas') },
          { path: 'muestras', lazy: () => import('../routes/comprador/muestras') },
          { path: 'caja-muestras', lazy: () => import('../routes/comprador/caja-muestras') },
          { path: 'solicitudes', lazy: () => import('../routes/comprador/solicitudes') },
          { path: 'planificadores', lazy: () => import('../routes/comprador/planificadores') },
          { path: 'busquedas', lazy: () => import('../routes/comprador/busquedas') },
          ...userRoutes,
        ],
      },
    ],
  },
  {
    path: PAGINAS.productor.inicio.slice(1),
    lazy: () => import('./layouts/productor-layout'),
    children: [
      // perfil/about and perfil/imagenes have no role check (docs/product.md §2); editing needs a session.
      {
        element: <RequireSession />,
        children: [
          { path: 'perfil/about', lazy: () => import('../routes/productor/perfil-about') },
          { path: 'perfil/imagenes', lazy: () => import('../routes/productor/perfil-imagenes') },
        ],
      },
      {
        element: <RequireRole role="productor" />,
        children: [
          { index: true, lazy: () => import('../routes/productor/home') },
          { path: 'inventario', lazy: () => import('../routes/productor/inventario') },
          { path: 'Lotes', lazy: () => import('../routes/productor/lotes') },
          { path: 'Lotes/Crear', lazy: () => import('../routes/productor/lote-crear') },
          { path: 'Lotes/Edit/:id', lazy: () => import('../routes/productor/lote-editar') },
          { path: 'perfil', lazy: () => import('../routes/productor/perfil') },
          { path: 'perfil/Lotes', lazy: () => import('../routes/productor/perfil-lotes') },
          { path: 'perfil/Noticias', lazy: () => import('../routes/productor/perfil-noticias') },
          { path: 'solicita', lazy: () => import('../routes/productor/solicita') },
          { path: 'productores', lazy: () => import('../routes/productor/productores') },
          { path: 'ventas', lazy: () => import('../routes/productor/ventas') },
          { path: 'ventas/pedidos', lazy: () => import('../routes/productor/ventas-pedidos') },
          { path: 'pedidos_muestras', lazy: () => import('../routes/productor/pedidos-muestras') },
          { path: 'comunidad/clientes', lazy: () => import('../routes/productor/clientes') },
          { path: 'comunidad/clientes/:compradorId', lazy: () => import('../routes/productor/cliente') },
          { path: 'informacion/movimientos', lazy: () => import('../routes/productor/movimientos') },
          { path: 'verificacion', lazy: () => import('../routes/productor/verificacion') },
          ...userRoutes,
        ],
      },
    ],
  },
  {
    // Cereza's quality lab (TRADE.md "The quality lab"): lab accounts only; anyone else goes to their own dashboard.
    path: PAGINAS.laboratorio.inicio.slice(1),
    lazy: () => import('./layouts/laboratorio-layout'),
    children: [
      {
        element: <RequireRole role="laboratorio" />,
        children: [
          { index: true, lazy: () => import('../routes/laboratorio/home') },
          { path: 'historial', lazy: () => import('../routes/laboratorio/historial') },
          { path: 'lotes/:id', lazy: () => import('../routes/laboratorio/lote') },
          { path: 'usuario', lazy: () => import('../routes/cuenta/usuario') },
          { path: 'usuario/Notificaciones', lazy: () => import('../routes/cuenta/notificaciones') },
          { path: 'notificaciones', lazy: () => import('../routes/notificaciones') },
        ],
      },
    ],
  },
  {
    // Cereza's operator (issue 28, docs/decisions/045): operator accounts only, every page a lazy chunk of its own.
    path: OPERADOR_BASE.slice(1),
    lazy: () => import('./layouts/operador-layout'),
    children: [
      {
        element: <RequireRole role="operador" />,
        children: [...operadorPages],
      },
    ],
  },
];
