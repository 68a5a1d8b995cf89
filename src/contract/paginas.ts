import { CAJA_PAGINA } from './cajas-paths';
import { panel } from './paginas-raiz';
import type { Rol } from './roles';

/*
 * Every dashboard page's address in one place (issue 27): the server's notifications and e-mails (`enlace`), the
 * web's links and navigations and the router's tables take them from here, and lint refuses a '/Dashboard/…'
 * literal anywhere else (eslint.config.js). A page that opens on one item takes its id as `?muestra=`, `?pedido=`…
 * Only dashboards import this module: the public pages' first load does not (e2e/budget.spec.ts); they use
 * contract/paginas-raiz.
 */

export { panel };

/** `base?clave=valor`, or `base` alone without a value. */
const con = (base: string, clave: string, valor?: string) =>
  valor ? `${base}?${clave}=${encodeURIComponent(valor)}` : base;

const C = panel('comprador');
const P = panel('productor');
const L = panel('laboratorio');
const O = panel('operador');

export const PAGINAS = {
  /** The pages every role has, under its own dashboard. */
  cuenta: {
    usuario: (rol: Rol) => `${panel(rol)}/usuario`,
    informacionComercial: (rol: Rol) => `${panel(rol)}/usuario/InformacionComercial`,
    eliminarCuenta: (rol: Rol) => `${panel(rol)}/usuario/EliminarCuenta`,
    ajustesNotificaciones: (rol: Rol) => `${panel(rol)}/usuario/Notificaciones`,
    notificaciones: (rol: Rol) => `${panel(rol)}/notificaciones`,
    /** The inbox, or one conversation open. */
    mensajes: (rol: Rol, conversacionId?: string) =>
      conversacionId ? `${panel(rol)}/mensajes/${conversacionId}` : `${panel(rol)}/mensajes`,
  },
  comprador: {
    inicio: C,
    pedidos: (pedidoId?: string) => con(`${C}/pedidos`, 'pedido', pedidoId),
    muestras: (muestraId?: string) => con(`${C}/muestras`, 'muestra', muestraId),
    facturas: `${C}/facturas`,
    /** Kept in contract/cajas-paths: the public pages' box button links to it. */
    cajaMuestras: CAJA_PAGINA,
    solicitudes: (solicitudId?: string) => con(`${C}/solicitudes`, 'solicitud', solicitudId),
    planificadores: (lineaId?: string) => con(`${C}/planificadores`, 'linea', lineaId),
    busquedas: `${C}/busquedas`,
    informacionComercial: `${C}/usuario/InformacionComercial`,
  },
  productor: {
    inicio: P,
    lotes: `${P}/Lotes`,
    loteCrear: `${P}/Lotes/Crear`,
    loteEditar: (id: string) => `${P}/Lotes/Edit/${id}`,
    perfil: `${P}/perfil`,
    perfilAbout: `${P}/perfil/about`,
    perfilImagenes: `${P}/perfil/imagenes`,
    perfilLotes: `${P}/perfil/Lotes`,
    perfilNoticias: `${P}/perfil/Noticias`,
    solicita: (solicitudId?: string) => con(`${P}/solicita`, 'solicitud', solicitudId),
    productores: `${P}/productores`,
    ventas: `${P}/ventas`,
    /** The producer's orders, one open (`pedidoId`) or filtered by state (`estado`). */
    ventasPedidos: (pedidoId?: string, estado?: string) =>
      estado ? con(`${P}/ventas/pedidos`, 'estado', estado) : con(`${P}/ventas/pedidos`, 'pedido', pedidoId),
    pedidosMuestras: (muestraId?: string) => con(`${P}/pedidos_muestras`, 'muestra', muestraId),
    clientes: `${P}/comunidad/clientes`,
    cliente: (compradorId: string) => `${P}/comunidad/clientes/${compradorId}`,
    movimientos: `${P}/informacion/movimientos`,
    verificacion: `${P}/verificacion`,
    informacionComercial: `${P}/usuario/InformacionComercial`,
    /** The payout account's form on the commercial-data page. */
    cuentaCobro: `${P}/usuario/InformacionComercial#cuenta-cobro`,
  },
  laboratorio: {
    inicio: L,
    historial: `${L}/historial`,
    lote: (id: string) => `${L}/lotes/${id}`,
  },
  operador: {
    inicio: O,
  },
} as const;

/** The buyer's or the producer's page of one sample: each side follows it on his own list. */
export const paginaMuestra = (rol: 'comprador' | 'productor', muestraId: string) =>
  rol === 'comprador' ? PAGINAS.comprador.muestras(muestraId) : PAGINAS.productor.pedidosMuestras(muestraId);

/** The buyer's or the producer's page of one order. */
export const paginaPedido = (rol: 'comprador' | 'productor', pedidoId: string) =>
  rol === 'comprador' ? PAGINAS.comprador.pedidos(pedidoId) : PAGINAS.productor.ventasPedidos(pedidoId);
