import { registrarAlEmbarcar, registrarAlPagar, registrarAlResolverReclamo, type EmbarqueContext } from '../pedidos';
import { registrarConciliadorCargos, registrarDevolucionPagos } from '../cobros';
import { devengarPedido } from './devengos';
import { confirmarPagosDeExtracto, devolverPagoDeExtracto } from './remesas';

/** After the invoices' own effect (registered first): the order's invoices exist when this runs. */
async function devengar({ tx, pedido, now }: EmbarqueContext): Promise<void> {
  await devengarPedido(tx, pedido, now);
}

/**
 * An order paid through Cereza becomes owed to its producer when it is both paid and invoiced (payment after
 * shipping, or shipment after prepayment); a claim's credit notes adjust it. Register after the invoices' hooks.
 */
export function engancharLiquidacionesAPedidos(): void {
  registrarAlPagar(devengar);
  registrarAlEmbarcar(devengar);
  registrarAlResolverReclamo(devengar);
}

/**
 * The statement import (modules/cobros) hands its new debits to the payouts: those matching a payout by EndToEndId,
 * amount and currency confirm it; the import marks them reconciled and lists the rest as unmatched.
 */
export function engancharLiquidacionesAExtractos(): void {
  registrarConciliadorCargos(async (tx, apuntes, ctx) => {
    const r = await confirmarPagosDeExtracto(tx, apuntes, { now: ctx.now });
    const confirmados = new Set(r.confirmados.map((c) => c.endToEndId));
    const ya = new Set(r.yaConfirmados);
    return {
      confirmados: apuntes.filter((a) => a.endToEndId && confirmados.has(a.endToEndId)).map((a) => a.referenciaBanco),
      // A second debit of a payout the bank already confirmed is not the same money: the operator looks at it.
      sinCasar: [...r.sinCasar, ...apuntes.filter((a) => a.endToEndId && ya.has(a.endToEndId))],
    };
  });
  // A credit with a payout's EndToEndId brings it back: the producer is owed it again (decision 067).
  registrarDevolucionPagos(devolverPagoDeExtracto);
}
