import type { Tx } from '../../db/client';
import type { pedidos } from '../../db/schema/pedidos';

export type PedidoRow = typeof pedidos.$inferSelect;

/** What a module that reacts to a shipment receives: the move's transaction, the order after it, the move's time. */
export interface EmbarqueContext {
  tx: Tx;
  pedido: PedidoRow;
  now: Date;
}

export type EfectoAlEmbarcar = (ctx: EmbarqueContext) => Promise<void>;

const efectos: EfectoAlEmbarcar[] = [];

/**
 * The EMBARCAR move's extension point (docs/TRADE.md: "the sale invoice is issued"). Another module (invoices)
 * registers here, once at start-up, what a shipment must also write; each effect runs inside the move's own
 * transaction, after the stock has turned sold and the shipping documents are attached, in registration order.
 * An effect that throws rolls the whole shipment back (the producer gets the error, nothing is shipped).
 *
 *   registrarAlEmbarcar(async ({ tx, pedido, now }) => { await emitirFacturaVenta(tx, pedido, now); });
 *
 * Registering the same function twice registers it once (a module's routes may be built per app in tests).
 */
export function registrarAlEmbarcar(efecto: EfectoAlEmbarcar): () => void {
  if (!efectos.includes(efecto)) efectos.push(efecto);
  return () => {
    const i = efectos.indexOf(efecto);
    if (i >= 0) efectos.splice(i, 1);
  };
}

/** Runs the registered effects (called by the EMBARCAR row of the table). */
export async function alEmbarcar(ctx: EmbarqueContext): Promise<void> {
  for (const efecto of [...efectos]) await efecto(ctx);
}

/**
 * The same extension point for the payment axis and the claim's resolution (invoices: the sale invoice becomes
 * paid; a discount becomes a rectifying invoice). Effects run inside the move's transaction; a throw rolls it back.
 */
export type EfectoAlPagar = (ctx: EmbarqueContext) => Promise<void>;
export interface ResolucionContext extends EmbarqueContext {
  /** The discount agreed on the sale's taxable base, in minor units (0 or absent: no change). */
  descuentoCentavos?: number;
  motivo?: string;
}
export type EfectoAlResolver = (ctx: ResolucionContext) => Promise<void>;

const efectosPago: EfectoAlPagar[] = [];
const efectosResolucion: EfectoAlResolver[] = [];

export function registrarAlPagar(efecto: EfectoAlPagar): () => void {
  if (!efectosPago.includes(efecto)) efectosPago.push(efecto);
  return () => {
    const i = efectosPago.indexOf(efecto);
    if (i >= 0) efectosPago.splice(i, 1);
  };
}

export function registrarAlResolverReclamo(efecto: EfectoAlResolver): () => void {
  if (!efectosResolucion.includes(efecto)) efectosResolucion.push(efecto);
  return () => {
    const i = efectosResolucion.indexOf(efecto);
    if (i >= 0) efectosResolucion.splice(i, 1);
  };
}

/** Runs the payment's effects (called by REGISTRAR_PAGO). */
export async function alPagar(ctx: EmbarqueContext): Promise<void> {
  for (const efecto of [...efectosPago]) await efecto(ctx);
}

/** Runs the claim resolution's effects (called by RESOLVER_RECLAMO). */
export async function alResolverReclamo(ctx: ResolucionContext): Promise<void> {
  for (const efecto of [...efectosResolucion]) await efecto(ctx);
}
