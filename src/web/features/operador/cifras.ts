import type { EstadoPedido } from '../../../contract/pedidos';
import type { Resumen } from '../../../contract/operador-answers';

/*
 * The Resumen's figures turned into chart series (issue 28): twelve months in Spanish, the orders' states grouped
 * into the few bands a chart can tell apart (the table beside each chart keeps every state).
 */

const MES_CORTO = new Intl.DateTimeFormat('es-ES', { month: 'short', timeZone: 'UTC' });
const MES_LARGO = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const fechaDe = (mes: string) => new Date(`${mes}-01T00:00:00Z`);

/** '2026-01' → 'ene' (an axis tick; a chart's twelve months start the year over at most once). */
export const mesCorto = (mes: string) => MES_CORTO.format(fechaDe(mes)).replace('.', '');

/** '2026-01' → 'enero de 2026' (tables and the screen reader). */
export const mesLargo = (mes: string) => MES_LARGO.format(fechaDe(mes));

/** An axis label: the short month, with the year under January and under the first month shown. */
export const etiquetasMes = (meses: string[]) =>
  meses.map((m, i) => ({ mes: mesCorto(m), anio: i === 0 || m.endsWith('-01') ? m.slice(0, 4) : '' }));

export const GRUPOS_PEDIDO = [
  {
    clave: 'curso',
    nombre: 'En curso',
    estados: ['RESERVADO', 'CONFIRMADO', 'PSS_ENVIADA', 'PSS_APROBADA', 'PSS_RECHAZADA', 'EMBARCADO'],
  },
  { clave: 'entregado', nombre: 'Entregados o completados', estados: ['ENTREGADO', 'COMPLETADO'] },
  { clave: 'reclamo', nombre: 'En reclamo', estados: ['EN_RECLAMO'] },
  { clave: 'cancelado', nombre: 'Cancelados o expirados', estados: ['CANCELADO', 'EXPIRADO'] },
] as const satisfies ReadonlyArray<{ clave: string; nombre: string; estados: readonly EstadoPedido[] }>;

export interface Serie {
  nombre: string;
  valores: number[];
}

/** One series per band of states, one value per month, for one currency: the orders' value or their kilograms. */
export function seriesPedidos(c: Resumen['cifras'], moneda: string, medida: 'valorCentavos' | 'kg' | 'n'): Serie[] {
  return GRUPOS_PEDIDO.map((g) => ({
    nombre: g.nombre,
    valores: c.meses.map((m) =>
      c.pedidos
        .filter((p) => p.moneda === moneda && p.mes === m && (g.estados as readonly string[]).includes(p.estado))
        .reduce((s, p) => s + p[medida], 0),
    ),
  }));
}

/** Each month's orders of one currency by exact state, for the table: only the states that month had. */
export function filasPedidos(c: Resumen['cifras'], moneda: string) {
  return c.meses.flatMap((m) => c.pedidos.filter((p) => p.moneda === moneda && p.mes === m));
}
