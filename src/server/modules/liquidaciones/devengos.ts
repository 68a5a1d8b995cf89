import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { facturas } from '../../db/schema/facturas';
import { devengos, pagoDevengos } from '../../db/schema/liquidaciones';
import { pedidos } from '../../db/schema/pedidos';
import type { PedidoRow } from '../pedidos';
import { cobroPorCereza } from './cobro';

/**
 * What Cereza owes a producer for an order it collected (docs/decisions/056): the order is paid through Cereza,
 * its payment axis is PAGADO and its sale invoice exists (the goods shipped; a prepaid order becomes owed when it
 * ships). The amount is the sale's total less Cereza's commission invoice, both net of their credit notes.
 *
 * Called after every move that may change it (payment, shipment, a claim's discount), inside the move's
 * transaction: the first call writes the VENTA line; a later credit note writes an AJUSTE line with the difference
 * (negative), netted from the next payout, even when the order was paid out already. Idempotent: what is recorded
 * already is not recorded again.
 */
export async function devengarPedido(tx: Tx, pedido: PedidoRow, now: Date): Promise<void> {
  if (!cobroPorCereza(pedido) || pedido.estadoPago !== 'PAGADO') return;
  const docs = await tx.select().from(facturas).where(eq(facturas.pedidoId, pedido.id));
  const venta = docs.find((f) => f.tipo === 'VENTA');
  if (!venta) return;
  const comision = docs.find((f) => f.tipo === 'COMISION') ?? null;
  const rectsVenta = docs.filter((f) => f.tipo === 'RECTIFICATIVA' && f.rectificaId === venta.id);
  const rectsComision = comision ? docs.filter((f) => f.tipo === 'RECTIFICATIVA' && f.rectificaId === comision.id) : [];
  const suma = (fs: { totalCentavos: number }[]) => fs.reduce((a, f) => a + f.totalCentavos, 0);
  const ventaNeta = venta.totalCentavos + suma(rectsVenta);
  const comisionNeta = (comision?.totalCentavos ?? 0) + suma(rectsComision);

  const [ya] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      venta: sql<string>`coalesce(sum(${devengos.ventaCentavos}), 0)`,
      comision: sql<string>`coalesce(sum(${devengos.comisionCentavos}), 0)`,
    })
    .from(devengos)
    // A line owed again (decision 067) repeats one already counted.
    .where(and(eq(devengos.pedidoId, pedido.id), isNull(devengos.reemiteId)));
  const base = {
    productorId: pedido.productorId,
    pedidoId: pedido.id,
    pedidoNumero: pedido.numero,
    moneda: venta.moneda,
    comisionFacturaId: comision?.id ?? null,
    comisionNumero: comision?.numero ?? null,
    createdAt: now,
  };
  if (ya.n === 0) {
    await tx
      .insert(devengos)
      .values({
        ...base,
        tipo: 'VENTA',
        ventaFacturaId: venta.id,
        ventaNumero: venta.numero,
        ventaCentavos: ventaNeta,
        comisionCentavos: comisionNeta,
        importeCentavos: ventaNeta - comisionNeta,
      })
      .onConflictDoNothing();
    return;
  }
  const dVenta = ventaNeta - Number(ya.venta);
  const dComision = comisionNeta - Number(ya.comision);
  if (dVenta === 0 && dComision === 0) return;
  // The newest credit note of the sale names the adjustment (its unique key).
  const ultima = [...rectsVenta].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
  if (!ultima) return;
  const rectComision = rectsComision.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
  await tx
    .insert(devengos)
    .values({
      ...base,
      tipo: 'AJUSTE',
      ventaFacturaId: ultima.id,
      ventaNumero: ultima.numero,
      comisionFacturaId: rectComision?.id ?? base.comisionFacturaId,
      comisionNumero: rectComision?.numero ?? base.comisionNumero,
      ventaCentavos: dVenta,
      comisionCentavos: dComision,
      importeCentavos: dVenta - dComision,
    })
    .onConflictDoNothing();
}

/** The order as it is now (the hooks receive it after the move). */
export async function devengarPedidoPorId(tx: Tx, pedidoId: string, now: Date): Promise<void> {
  const [p] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).limit(1);
  if (p) await devengarPedido(tx, p, now);
}

export interface SaldoLiquidacion {
  moneda: string;
  /** Owed and not yet in any payout. */
  pendienteCentavos: number;
  lineasPendientes: number;
}

/** What each producer is owed and not yet in a payout, per currency (one balance per producer and currency). */
export async function saldosPendientes(db: DbOrTx, productorId?: string) {
  const rows = await db
    .select({
      productorId: devengos.productorId,
      moneda: devengos.moneda,
      pendiente: sql<string>`sum(${devengos.importeCentavos})`,
      lineas: sql<number>`count(*)::int`,
    })
    .from(devengos)
    .leftJoin(pagoDevengos, eq(pagoDevengos.devengoId, devengos.id))
    .where(and(sql`${pagoDevengos.devengoId} is null`, productorId ? eq(devengos.productorId, productorId) : undefined))
    .groupBy(devengos.productorId, devengos.moneda)
    .orderBy(devengos.productorId, devengos.moneda);
  return rows.map((r) => ({
    productorId: r.productorId,
    moneda: r.moneda,
    pendienteCentavos: Number(r.pendiente),
    lineasPendientes: r.lineas,
  }));
}
