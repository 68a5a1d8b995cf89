import type { Tx } from '../../db/client';
import type { pedidos } from '../../db/schema/pedidos';

/*
 * What other modules do when a bank credit is applied to an order paid through Cereza (issue 27, docs/decisions/074):
 * the orders module moves the payment axis when the credit pays the rest, or tells both parties what remains. Cobros
 * does not import pedidos (pedidos reads what is still owed from cobros); src/server/composition.ts registers the
 * orders' move here, the same way the order's moves take their effects (modules/pedidos/al-embarcar.ts). Effects run
 * inside the import's (or the operator's manual match's) transaction, in registration order; one that throws rolls
 * it back.
 */

/** A credit just applied: the order locked before it, and what it paid of what was due. */
export interface CobroAplicadoContext {
  tx: Tx;
  pedido: typeof pedidos.$inferSelect;
  now: Date;
  /** Minor units, more than 0: what this credit paid of the order. */
  aplicadoCentavos: number;
  /** Minor units: what was still due before this credit. */
  pendienteCentavos: number;
  /** The operator who matched it by hand; absent when the statement's reference or text matched it. */
  operadorId?: string;
  /** What the order's event records of the credit. */
  datos: { apunte: string; metodo: string; importeCentavos: number };
}

export type EfectoAlAplicarCobro = (ctx: CobroAplicadoContext) => Promise<void>;

const efectos: EfectoAlAplicarCobro[] = [];

/** Registering the same function twice registers it once (tests build many apps). */
export function registrarAlAplicarCobro(efecto: EfectoAlAplicarCobro): () => void {
  if (!efectos.includes(efecto)) efectos.push(efecto);
  return () => {
    const i = efectos.indexOf(efecto);
    if (i >= 0) efectos.splice(i, 1);
  };
}

/** Runs the registered effects (called by the import and the manual match for every credit that paid something). */
export async function alAplicarCobro(ctx: CobroAplicadoContext): Promise<void> {
  for (const efecto of [...efectos]) await efecto(ctx);
}
