import type { Tx } from '../client';
import type { pedidos } from '../schema';
import type { PedidoRow } from '../../modules/pedidos/al-embarcar';
import { emitirAbonoDeReclamo, emitirFacturasDeEnvio, registrarPagoDePedido } from '../../modules/facturas/emision';
import { COMISION_BP, datosDePedido } from '../../modules/facturas/pedidos';

/**
 * The invoices of the demo orders that have shipped, issued with the real service (series, taxes, ledger) as
 * the EMBARCAR move does, and paid when the order records its payment: each event at its own date, in calendar
 * order, so every ledger's running balance follows the calendar. Answers how many sales were invoiced.
 */
export async function seedDemoFacturas(tx: Tx, demo: Array<typeof pedidos.$inferInsert>): Promise<number> {
  const pasos: { cuando: Date; hacer: () => Promise<unknown> }[] = [];
  const embarcados = demo.filter((p) => p.embarcadoAt);
  for (const p of embarcados) {
    const pedido = p as PedidoRow;
    const embarcado = pedido.embarcadoAt!;
    pasos.push({ cuando: embarcado, hacer: () => emitirFacturasDeEnvio(tx, datosDePedido(pedido, embarcado)) });
    if (pedido.estadoPago === 'PAGADO') {
      // Paid before shipping (prepayment): the payment is recorded with the invoice.
      const pagado = pedido.pagadoAt && pedido.pagadoAt > embarcado ? pedido.pagadoAt : embarcado;
      pasos.push({
        cuando: pagado,
        hacer: () =>
          registrarPagoDePedido(tx, { pedidoId: pedido.id, now: pagado, viaCereza: pedido.cobro === 'CEREZA' }),
      });
    }
    // A claim Cereza resolved with a discount (decision 035): its rectifying invoices, as the move issues them.
    const r = pedido.terminos.resolucionReclamo;
    if (r?.resolucion === 'DESCUENTO') {
      const cuando = new Date(r.resueltaAt);
      pasos.push({
        cuando,
        hacer: () =>
          emitirAbonoDeReclamo(tx, {
            pedidoId: pedido.id,
            descuentoBaseCentavos: r.descuentoCentavos,
            motivo: r.motivo ?? 'Reclamación resuelta con descuento',
            comisionBp: COMISION_BP,
            now: cuando,
          }),
      });
    }
  }
  pasos.sort((a, b) => a.cuando.getTime() - b.cuando.getTime());
  for (const p of pasos) await p.hacer();
  return embarcados.length;
}
