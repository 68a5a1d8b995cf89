/*
 * Invoices follow the order's moves (TRADE.md "Orders as contracts"; modules/pedidos/al-embarcar.ts): EMBARCAR
 * issues the sale and commission invoices, REGISTRAR_PAGO marks them paid, RESOLVER_RECLAMO with a discount issues
 * the rectifying invoices. Each runs inside the order's move transaction: if invoicing fails, the move fails.
 */
import { and, eq } from 'drizzle-orm';
import { cuenta } from '../../../contract/plural';
import { CONDICION_PAGO_LABELS, type CondicionPago } from '../../../contract/pedidos';
import { COMISION_RATE } from '../../../contract/lotes-codes';
import { comisionKgDePedido } from '../../../contract/facturas-calculo';
import type { Tx } from '../../db/client';
import { facturas } from '../../db/schema/facturas';
import type { pedidos } from '../../db/schema/pedidos';
import { cuentaClientes } from './cuenta-clientes';
import {
  emitirAbonoDeReclamo,
  emitirFacturasDeEnvio,
  fechaDe,
  registrarPagoDePedido,
  type DatosEnvio,
} from './emision';

type PedidoRow = typeof pedidos.$inferSelect;

/**
 * What an order's move hands to the effects below (shipment, payment, claim resolved): the same shape as pedidos'
 * EmbarqueContext and ResolucionContext, written here so that invoices do not import orders (decision 074).
 * src/server/composition.ts registers the effects on the order's moves, and the compiler checks that the shapes agree.
 */
export interface PedidoMovido {
  tx: Tx;
  pedido: PedidoRow;
  now: Date;
}
export interface PedidoResuelto extends PedidoMovido {
  descuentoCentavos?: number;
  motivo?: string;
}

/** Days from the invoice to its due date under each payment term (prepayment and CAD: due on issue). */
const DIAS_PAGO: Record<CondicionPago, number> = { PREPAGO: 0, NETO_30_EMBARQUE: 30, CAD: 0 };

export const COMISION_BP = Math.round(COMISION_RATE * 10_000);

/** D-terms deliver at the named place: in Spain, a foreign producer's sale to a Spanish business is reverse charge. */
export function paisDeEntrega(incoterm: string, lugarEntrega: string): string | null {
  if (!/^D/i.test(incoterm)) return null;
  return /espa[ñn]a|\bspain\b|,\s*ES\b/i.test(lugarEntrega) ? 'ES' : null;
}

/** The invoice data of a shipped order, from what the order froze. */
export function datosDePedido(p: PedidoRow, now: Date): DatosEnvio {
  const lote = p.terminos.lote;
  return {
    pedido: { id: p.id, numero: p.numero },
    productorId: p.productorId,
    compradorId: p.compradorId,
    lineas: [
      {
        descripcion: `${lote.nombre}, ${cuenta(p.sacos, 'saco')} de ${p.pesoSacoKg} kg (${p.incoterm} ${p.lugarEntrega})`,
        referencia: lote.codigo,
        gramos: Math.round(p.kg * 1000),
        centavosKg: p.precioKgCentavos,
      },
    ],
    moneda: p.moneda,
    comisionKgCentavos: comisionKgDePedido(p),
    condicionPago: CONDICION_PAGO_LABELS[p.condicionPago],
    diasPago: DIAS_PAGO[p.condicionPago],
    entregaPais: paisDeEntrega(p.incoterm, p.lugarEntrega),
    fechaOperacion: fechaDe(p.embarcadoAt ?? now),
    instruccionesPago:
      p.cobro === 'CEREZA' && p.referenciaCobro ? { ...cuentaClientes(), referencia: p.referenciaCobro } : null,
    now,
  };
}

export async function facturarEmbarque({ tx, pedido, now }: PedidoMovido): Promise<void> {
  await emitirFacturasDeEnvio(tx, datosDePedido(pedido, now));
  // Paid before shipping (prepayment): the invoice is born paid.
  if (pedido.estadoPago === 'PAGADO') {
    await registrarPagoDePedido(tx, { pedidoId: pedido.id, now, viaCereza: pedido.cobro === 'CEREZA' });
  }
}

export async function pagarFacturas({ tx, pedido, now }: PedidoMovido): Promise<void> {
  const [venta] = await tx
    .select({ id: facturas.id })
    .from(facturas)
    .where(and(eq(facturas.pedidoId, pedido.id), eq(facturas.tipo, 'VENTA')))
    .limit(1);
  // Not shipped yet: the invoice will be issued paid.
  if (venta) await registrarPagoDePedido(tx, { pedidoId: pedido.id, now, viaCereza: pedido.cobro === 'CEREZA' });
}

export async function abonarReclamo({ tx, pedido, now, descuentoCentavos, motivo }: PedidoResuelto): Promise<void> {
  if (!descuentoCentavos || descuentoCentavos <= 0) return;
  await emitirAbonoDeReclamo(tx, {
    pedidoId: pedido.id,
    descuentoBaseCentavos: descuentoCentavos,
    motivo: motivo ?? 'Reclamación resuelta con descuento',
    comisionBp: COMISION_BP,
    now,
  });
}
