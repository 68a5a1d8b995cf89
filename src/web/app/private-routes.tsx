import { Navigate, type RouteObject } from 'react-router';
import { RequireRole, RequireSession } from '../features/auth/guards';

/** Pages of later capabilities (docs/product.md §10), shown with the Construccion piece (§2). */
const enConstruccion = (path: string, titulo: string, descripcion: string): RouteObject => ({
  path,
  handle: { construccion: { titulo, descripcion } },
  lazy: () => import('../routes/en-construccion'),
});

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
    ],
  },
  { path: 'dashboard/:userType', lazy: () => import('../routes/dashboard-redirect') },
  {
    path: 'Dashboard/comprador',
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
          enConstruccion(
            'pedidos',
            'Pedidos',
            'Aquí verás tus pedidos como contratos: reserva, confirmación, aprobación de pre-embarque, embarque y entrega.',
          ),
          enConstruccion('facturas', 'Facturas', 'Aquí descargarás las facturas en PDF de tus compras.'),
          { path: 'muestras', lazy: () => import('../routes/comprador/muestras') },
          enConstruccion(
            'solicitudes',
            'Solicitudes de abastecimiento',
            'Aquí publicarás lo que buscas (origen, perfil, volumen) para que los productores te ofrezcan lotes.',
          ),
          enConstruccion(
            'planificadores',
            'Planificador de compras',
            'Aquí planificarás tus compras del año por origen, cosecha y volumen.',
          ),
          ...userRoutes,
        ],
      },
    ],
  },
  {
    path: 'Dashboard/productor',
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
          enConstruccion(
            'solicita',
            'Solicitudes de compradores',
            'Aquí verás lo que buscan los compradores y podrás ofrecerles tus lotes.',
          ),
          enConstruccion(
            'productores',
            'Productores',
            'Aquí gestionarás las fincas y productores asociados a tu organización.',
          ),
          enConstruccion('ventas', 'Ventas', 'Aquí verás tus ventas y su estado, de la reserva al pago.'),
          enConstruccion(
            'ventas/pedidos',
            'Pedidos',
            'Aquí gestionarás los pedidos recibidos: confirmación, pre-embarque y embarque.',
          ),
          { path: 'pedidos_muestras', lazy: () => import('../routes/productor/pedidos-muestras') },
          enConstruccion('comunidad/clientes', 'Clientes', 'Aquí verás a tus compradores y su historial contigo.'),
          enConstruccion(
            'informacion/movimientos',
            'Movimientos',
            'Aquí verás los movimientos de tu cuenta: cobros, comisiones y liquidaciones.',
          ),
          ...userRoutes,
        ],
      },
    ],
  },
];
