/*
 * Reading invoices and the ledger (GET /api/facturas…, /api/movimientos). Only an invoice's parties see it: the
 * party condition is in every query, so anyone else's id answers 404 like a missing one.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  FACTURA_MESSAGES,
  TIPO_MOVIMIENTO_LABELS,
  decimalComa,
  type EstadoFacturaVista,
  type Factura,
  type FacturasQuery,
  type Movimiento,
  type MovimientosQuery,
} from '../../../contract/facturas';
import type { Db } from '../../db/client';
import { facturas, movimientos, saldosCuenta } from '../../db/schema/facturas';
import { notFound } from '../../errors';
import { pagination } from '../../lib/pagination';
import { fechaDe, type FacturaRow } from './emision';

export function estadoVista(f: Pick<FacturaRow, 'estado' | 'vencimiento' | 'tipo'>, hoy: string): EstadoFacturaVista {
  if (f.estado === 'PAGADA') return 'PAGADA';
  return f.tipo !== 'RECTIFICATIVA' && f.vencimiento < hoy ? 'VENCIDA' : 'EMITIDA';
}

export function toFactura(f: FacturaRow, viewerId: string, hoy: string): Factura {
  return {
    id: f.id,
    tipo: f.tipo,
    serie: f.serie,
    numero: f.numero,
    emisorId: f.emisorId,
    receptorId: f.receptorId,
    productorId: f.productorId,
    compradorId: f.compradorId,
    pedidoId: f.pedidoId,
    pedidoNumero: f.pedidoNumero,
    rectificaId: f.rectificaId,
    rectificaNumero: f.rectificaNumero,
    fechaEmision: f.fechaEmision,
    fechaOperacion: f.fechaOperacion,
    vencimiento: f.vencimiento,
    condicionPago: f.condicionPago,
    moneda: f.moneda,
    emisor: f.emisor,
    receptor: f.receptor,
    lineas: f.lineas,
    regimen: f.regimen,
    tasaBp: f.tasaBp,
    baseCentavos: f.baseCentavos,
    impuestoCentavos: f.impuestoCentavos,
    totalCentavos: f.totalCentavos,
    menciones: f.menciones,
    // Where to pay a sale collected through Cereza (issue 29): the invoice's reader sees what its PDF prints.
    instruccionesPago: f.instruccionesPago ?? null,
    estado: estadoVista(f, hoy),
    pagadaAt: f.pagadaAt?.toISOString() ?? null,
    rol: f.emisorId === viewerId ? 'emisor' : 'receptor',
    createdAt: f.createdAt.toISOString(),
  };
}

const esParte = (userId: string) => or(eq(facturas.emisorId, userId), eq(facturas.receptorId, userId))!;

export async function listFacturas(db: Db, userId: string, q: FacturasQuery, now: Date) {
  const hoy = fechaDe(now);
  const conds: SQL[] = [esParte(userId)];
  if (q.rol === 'emisor') conds.push(eq(facturas.emisorId, userId));
  if (q.rol === 'receptor') conds.push(eq(facturas.receptorId, userId));
  if (q.desde) conds.push(gte(facturas.fechaEmision, q.desde));
  if (q.hasta) conds.push(lte(facturas.fechaEmision, q.hasta));
  if (q.tipo) conds.push(eq(facturas.tipo, q.tipo));
  if (q.productorId) conds.push(eq(facturas.productorId, q.productorId));
  if (q.pedidoId) conds.push(eq(facturas.pedidoId, q.pedidoId));
  if (q.estado === 'PAGADA') conds.push(eq(facturas.estado, 'PAGADA'));
  if (q.estado === 'VENCIDA') {
    conds.push(
      eq(facturas.estado, 'EMITIDA'),
      lt(facturas.vencimiento, hoy),
      inArray(facturas.tipo, ['VENTA', 'COMISION']),
    );
  }
  if (q.estado === 'EMITIDA') {
    conds.push(eq(facturas.estado, 'EMITIDA'), or(gte(facturas.vencimiento, hoy), eq(facturas.tipo, 'RECTIFICATIVA'))!);
  }
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(facturas).where(where);
  const rows = await db
    .select()
    .from(facturas)
    .where(where)
    .orderBy(desc(facturas.fechaEmision), desc(facturas.createdAt), desc(facturas.numero))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const productores = await db
    .selectDistinctOn([facturas.productorId], {
      id: facturas.productorId,
      nombre: sql<string>`${facturas.emisor}->>'razonSocial'`,
    })
    .from(facturas)
    .where(and(eq(facturas.receptorId, userId), eq(facturas.tipo, 'VENTA')))
    .orderBy(facturas.productorId, desc(facturas.createdAt));
  return {
    facturas: rows.map((r) => toFactura(r, userId, hoy)),
    pagination: pagination(q.page, q.limit, total),
    productores: productores.sort((a, b) => a.nombre.localeCompare(b.nombre, 'es')),
  };
}

export async function facturaDe(db: Db, userId: string, id: string): Promise<FacturaRow> {
  const [row] = await db
    .select()
    .from(facturas)
    .where(and(eq(facturas.id, id), esParte(userId)))
    .limit(1);
  if (!row) throw notFound('NOT_FOUND', FACTURA_MESSAGES.NOT_FOUND);
  return row;
}

export async function getFactura(db: Db, userId: string, id: string, now: Date) {
  const hoy = fechaDe(now);
  const row = await facturaDe(db, userId, id);
  const rects = await db
    .select()
    .from(facturas)
    .where(and(eq(facturas.rectificaId, id), esParte(userId)))
    .orderBy(asc(facturas.createdAt));
  return { factura: toFactura(row, userId, hoy), rectificativas: rects.map((r) => toFactura(r, userId, hoy)) };
}

/** The invoices of one order that the viewer is a party to (the order page's documents). */
export async function facturasDePedido(db: Db, userId: string, pedidoId: string, now: Date): Promise<Factura[]> {
  const hoy = fechaDe(now);
  const rows = await db
    .select()
    .from(facturas)
    .where(and(eq(facturas.pedidoId, pedidoId), esParte(userId)))
    .orderBy(asc(facturas.createdAt));
  return rows.map((r) => toFactura(r, userId, hoy));
}

// ---- Ledger -----------------------------------------------------------------------------------------------

function toMovimiento(m: typeof movimientos.$inferSelect): Movimiento {
  return {
    id: m.id,
    tipo: m.tipo,
    concepto: m.concepto,
    importeCentavos: m.importeCentavos,
    moneda: m.moneda,
    saldoCentavos: m.saldoCentavos,
    facturaId: m.facturaId,
    facturaNumero: m.facturaNumero,
    pedidoId: m.pedidoId,
    pedidoNumero: m.pedidoNumero,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Dates of the filter are Spanish calendar days: [desde 00:00, hasta+1 00:00) in Europe/Madrid ≈ UTC±2. */
const inicioDia = (fecha: string) => sql`(${fecha}::date)::timestamp at time zone 'Europe/Madrid'`;
const finDia = (fecha: string) => sql`((${fecha}::date + 1)::timestamp at time zone 'Europe/Madrid')`;

function condiciones(userId: string, q: MovimientosQuery, conTipo: boolean): SQL {
  const conds: SQL[] = [eq(movimientos.cuentaId, userId)];
  if (q.desde) conds.push(sql`${movimientos.createdAt} >= ${inicioDia(q.desde)}`);
  if (q.hasta) conds.push(sql`${movimientos.createdAt} < ${finDia(q.hasta)}`);
  if (conTipo && q.tipo) conds.push(eq(movimientos.tipo, q.tipo));
  if (q.moneda) conds.push(eq(movimientos.moneda, q.moneda));
  return and(...conds)!;
}

export async function listMovimientos(db: Db, userId: string, q: MovimientosQuery) {
  const where = condiciones(userId, q, true);
  const [{ total }] = await db.select({ total: count() }).from(movimientos).where(where);
  const rows = await db
    .select()
    .from(movimientos)
    .where(where)
    .orderBy(desc(movimientos.createdAt), desc(movimientos.n))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const totales = await db
    .select({
      tipo: movimientos.tipo,
      moneda: movimientos.moneda,
      importeCentavos: sql<string>`sum(${movimientos.importeCentavos})`,
    })
    .from(movimientos)
    .where(where)
    .groupBy(movimientos.tipo, movimientos.moneda)
    .orderBy(movimientos.moneda, movimientos.tipo);
  const saldos = await db
    .select({ moneda: saldosCuenta.moneda, saldoCentavos: saldosCuenta.saldoCentavos })
    .from(saldosCuenta)
    .where(eq(saldosCuenta.cuentaId, userId))
    .orderBy(saldosCuenta.moneda);
  // The balance at the end of each day with movements (the account's balance: the type filter does not apply).
  const dia = sql<string>`to_char(${movimientos.createdAt} at time zone 'Europe/Madrid', 'YYYY-MM-DD')`;
  const evolucion = await db
    .selectDistinctOn([dia, movimientos.moneda], {
      fecha: dia,
      moneda: movimientos.moneda,
      saldoCentavos: movimientos.saldoCentavos,
    })
    .from(movimientos)
    .where(condiciones(userId, q, false))
    .orderBy(dia, movimientos.moneda, desc(movimientos.n))
    .limit(1000);
  return {
    movimientos: rows.map(toMovimiento),
    pagination: pagination(q.page, q.limit, total),
    totales: totales.map((t) => ({ ...t, importeCentavos: Number(t.importeCentavos) })),
    saldos,
    evolucion,
  };
}

/** The most rows one CSV export holds. */
export const CSV_MAX_FILAS = 20_000;

const celda = (v: string) => (/[;"\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * The filtered ledger as CSV for a Spanish spreadsheet: UTF-8 with a BOM (so Excel reads the accents), `;`
 * between fields, decimal comma, dates as dd/mm/yyyy, CRLF line ends, oldest first.
 */
export async function movimientosCsv(db: Db, userId: string, q: MovimientosQuery): Promise<string> {
  const rows = await db
    .select()
    .from(movimientos)
    .where(condiciones(userId, q, true))
    .orderBy(asc(movimientos.createdAt), asc(movimientos.n))
    .limit(CSV_MAX_FILAS);
  const fecha = (d: Date) => {
    const [y, m, dd] = fechaDe(d).split('-');
    return `${dd}/${m}/${y}`;
  };
  const lineas = [
    ['Fecha', 'Tipo', 'Concepto', 'Factura', 'Pedido', 'Importe', 'Moneda', 'Saldo'].join(';'),
    ...rows.map((m) =>
      [
        fecha(m.createdAt),
        TIPO_MOVIMIENTO_LABELS[m.tipo],
        m.concepto,
        m.facturaNumero ?? '',
        m.pedidoNumero ?? '',
        decimalComa(m.importeCentavos),
        m.moneda,
        decimalComa(m.saldoCentavos),
      ]
        .map(celda)
        .join(';'),
    ),
  ];
  return `\uFEFF${lineas.join('\r\n')}\r\n`;
}
