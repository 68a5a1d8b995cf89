/*
 * Issuing invoices and writing the ledger (docs/decisions/032). Every function takes the caller's transaction:
 * the order's move (EMBARCAR, REGISTRAR_PAGO, a claim's discount) issues its invoices and ledger rows in its own
 * transaction, so a rolled-back move leaves no invoice, no number and no movement behind.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  FACTURA_MESSAGES,
  baseLinea,
  comisionCentavos,
  mulDivRedondeo,
  fiscalidadComision,
  fiscalidadVenta,
  totales,
  type Fiscalidad,
  type InstruccionesPago,
  type LineaFactura,
  type ParteFactura,
  type TipoFactura,
  type TipoMovimiento,
} from '../../../contract/facturas';
import { CEREZA } from '../../../contract/cereza';
import type { Tx } from '../../db/client';
import { facturas, movimientos, saldosCuenta, seriesFacturas } from '../../db/schema/facturas';
import { users } from '../../db/schema/users';
import { badRequest, conflict } from '../../errors';
import { textosAlEmitir } from './textos';

export type FacturaRow = typeof facturas.$inferSelect;

/** Cereza as the issuer of its commission invoices: its one legal identity (contract/cereza, decision 048). */
export const CEREZA_PARTE: ParteFactura = {
  razonSocial: CEREZA.razonSocial,
  taxId: CEREZA.nif,
  direccion: { ...CEREZA.direccion },
  email: CEREZA.emailFacturacion,
};

/** The calendar day of an instant in Spain (invoice dates are Spanish dates). */
export function fechaDe(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** A party's frozen data from its InformacionComercial; 409 when it lacks any (an invoice needs them all). */
export async function parteDe(tx: Tx, userId: string): Promise<ParteFactura> {
  const [u] = await tx.select({ info: users.informacionComercial }).from(users).where(eq(users.id, userId)).limit(1);
  const info = u?.info;
  if (!info?.razonSocial || !info.taxId || !info.direccionFacturacion?.linea1) {
    throw conflict('CONFLICT', FACTURA_MESSAGES.SIN_DATOS_FISCALES);
  }
  const d = info.direccionFacturacion;
  return {
    razonSocial: info.razonSocial,
    taxId: info.taxId,
    direccion: {
      linea1: d.linea1,
      ciudad: d.ciudad,
      region: d.region ?? '',
      codigoPostal: d.codigoPostal ?? '',
      pais: d.pais,
    },
    email: info.emailFacturacion,
  };
}

interface Serie {
  clave: string;
  numero: (secuencia: number) => string;
}

const pad = (n: number) => String(n).padStart(6, '0');

/** The series of each kind of invoice (TRADE.md): the producer's own, Cereza's, and the rectifying ones. */
export function serieDe(tipo: TipoFactura, emisorId: string | null, anio: string): Serie {
  if (tipo === 'VENTA') return { clave: `VENTA:${emisorId}:${anio}`, numero: (s) => `${anio}-${pad(s)}` };
  if (tipo === 'COMISION') return { clave: `COMISION:cereza:${anio}`, numero: (s) => `CZ-${anio}-${pad(s)}` };
  return emisorId
    ? { clave: `RECT:${emisorId}:${anio}`, numero: (s) => `R-${anio}-${pad(s)}` }
    : { clave: `RECT:cereza:${anio}`, numero: (s) => `CZR-${anio}-${pad(s)}` };
}

/**
 * The next number of a series: one upsert that locks the counter row until the transaction ends. Concurrent
 * issuers wait for each other on it, so numbers are consecutive and unique; a rollback returns the number.
 */
export async function siguienteNumero(tx: Tx, clave: string): Promise<number> {
  const [row] = await tx
    .insert(seriesFacturas)
    .values({ clave, ultimo: 1 })
    .onConflictDoUpdate({ target: seriesFacturas.clave, set: { ultimo: sql`${seriesFacturas.ultimo} + 1` } })
    .returning({ ultimo: seriesFacturas.ultimo });
  return row.ultimo;
}

export interface Asiento {
  cuentaId: string;
  tipo: TipoMovimiento;
  concepto: string;
  importeCentavos: number;
  moneda: string;
  facturaId?: string | null;
  facturaNumero?: string | null;
  pedidoId?: string | null;
  pedidoNumero?: string | null;
}

/**
 * Appends movements to the ledger with each account's running balance. The balance row of (account, currency)
 * is bumped with one upsert that locks it, so concurrent movements of one account chain their balances; rows
 * are taken in a fixed order (account, currency) so two transactions never wait for each other in a circle.
 */
export async function asentar(tx: Tx, asientos: Asiento[], now: Date): Promise<void> {
  const ordenados = asientos
    .map((a, i) => ({ a, i }))
    .sort((x, y) =>
      x.a.cuentaId === y.a.cuentaId
        ? x.a.moneda === y.a.moneda
          ? x.i - y.i
          : x.a.moneda < y.a.moneda
            ? -1
            : 1
        : x.a.cuentaId < y.a.cuentaId
          ? -1
          : 1,
    );
  for (const { a } of ordenados) {
    const [saldo] = await tx
      .insert(saldosCuenta)
      .values({ cuentaId: a.cuentaId, moneda: a.moneda, saldoCentavos: a.importeCentavos })
      .onConflictDoUpdate({
        target: [saldosCuenta.cuentaId, saldosCuenta.moneda],
        set: { saldoCentavos: sql`${saldosCuenta.saldoCentavos} + excluded.saldo_centavos` },
      })
      .returning({ saldo: saldosCuenta.saldoCentavos });
    await tx.insert(movimientos).values({
      cuentaId: a.cuentaId,
      tipo: a.tipo,
      concepto: a.concepto,
      importeCentavos: a.importeCentavos,
      moneda: a.moneda,
      saldoCentavos: Number(saldo.saldo),
      facturaId: a.facturaId ?? null,
      facturaNumero: a.facturaNumero ?? null,
      pedidoId: a.pedidoId ?? null,
      pedidoNumero: a.pedidoNumero ?? null,
      createdAt: now,
    });
  }
}

interface NuevaFactura {
  tipo: TipoFactura;
  emisorId: string | null;
  receptorId: string;
  productorId: string;
  compradorId: string;
  pedido: { id: string; numero: string } | null;
  rectifica: { id: string; numero: string } | null;
  emisor: ParteFactura;
  receptor: ParteFactura;
  lineas: LineaFactura[];
  fiscalidad: Fiscalidad;
  menciones?: string[];
  moneda: string;
  condicionPago: string;
  fechaOperacion: string;
  vencimiento: string;
  instruccionesPago?: InstruccionesPago | null;
  now: Date;
}

async function insertFactura(tx: Tx, f: NuevaFactura): Promise<FacturaRow> {
  const fecha = fechaDe(f.now);
  const serie = serieDe(f.tipo, f.emisorId, fecha.slice(0, 4));
  const secuencia = await siguienteNumero(tx, serie.clave);
  const t = totales(f.lineas, f.fiscalidad.tasaBp);
  const menciones = [...(f.menciones ?? []), ...(f.fiscalidad.mencion ? [f.fiscalidad.mencion] : [])];
  const [row] = await tx
    .insert(facturas)
    .values({
      tipo: f.tipo,
      serie: serie.clave,
      secuencia,
      numero: serie.numero(secuencia),
      emisorId: f.emisorId,
      receptorId: f.receptorId,
      productorId: f.productorId,
      compradorId: f.compradorId,
      pedidoId: f.pedido?.id ?? null,
      pedidoNumero: f.pedido?.numero ?? null,
      rectificaId: f.rectifica?.id ?? null,
      rectificaNumero: f.rectifica?.numero ?? null,
      fechaEmision: fecha,
      fechaOperacion: f.fechaOperacion,
      vencimiento: f.vencimiento,
      condicionPago: f.condicionPago,
      moneda: f.moneda,
      emisor: f.emisor,
      receptor: f.receptor,
      lineas: f.lineas,
      regimen: f.fiscalidad.regimen,
      tasaBp: f.fiscalidad.tasaBp,
      baseCentavos: t.baseCentavos,
      impuestoCentavos: t.impuestoCentavos,
      totalCentavos: t.totalCentavos,
      menciones,
      instruccionesPago: f.instruccionesPago ?? null,
      ...textosAlEmitir({
        tipo: f.tipo,
        emisorId: f.emisorId,
        emisor: f.emisor,
        regimen: f.fiscalidad.regimen,
        tasaBp: f.fiscalidad.tasaBp,
      }),
      createdAt: f.now,
    })
    .returning();
  return row;
}

/** What the order hands over when it ships: plain data, already frozen in the order. */
export interface DatosEnvio {
  pedido: { id: string; numero: string };
  productorId: string;
  compradorId: string;
  /** The parties' invoice data; read from their InformacionComercial when not given. */
  productor?: ParteFactura;
  comprador?: ParteFactura;
  lineas: { descripcion: string; referencia: string | null; gramos: number; centavosKg: number }[];
  moneda: string;
  /**
   * Cereza's commission per kg, in minor units, as the order froze it (comisionKgDePedido): the commission invoice
   * charges it on every kg sold, the figure the buyer's breakdown and the contract show (issue 25).
   */
  comisionKgCentavos: number;
  condicionPago: string;
  /** Days from the issue date to the due date (0: due on issue, e.g. prepayment). */
  diasPago: number;
  /** The country where the goods are delivered (reverse charge when a foreign producer delivers in Spain). */
  entregaPais?: string | null;
  /** The shipment's date (operation date); the issue date when not given. */
  fechaOperacion?: string;
  /** Paid through Cereza: the client-money account and the order's RF reference the sale invoice prints. */
  instruccionesPago?: InstruccionesPago | null;
  now: Date;
}

export interface FacturasDeEnvio {
  venta: FacturaRow;
  comision: FacturaRow;
}

/**
 * The order shipped: the producer's sale invoice to the buyer and Cereza's commission invoice to the producer,
 * with their ledger rows (buyer owes the total; producer is owed it, and owes the commission).
 */
export async function emitirFacturasDeEnvio(tx: Tx, d: DatosEnvio): Promise<FacturasDeEnvio> {
  if (d.lineas.length === 0) throw badRequest('VALIDATION_ERROR', 'Una factura necesita al menos una línea.');
  const productor = d.productor ?? (await parteDe(tx, d.productorId));
  const comprador = d.comprador ?? (await parteDe(tx, d.compradorId));
  const fecha = fechaDe(d.now);
  const fechaOperacion = d.fechaOperacion ?? fecha;
  const vencimiento = sumarDias(fecha, d.diasPago);
  let fiscalVenta: Fiscalidad;
  try {
    fiscalVenta = fiscalidadVenta(
      { pais: productor.direccion.pais, taxId: productor.taxId },
      { pais: comprador.direccion.pais, taxId: comprador.taxId },
      d.entregaPais,
    );
  } catch {
    throw conflict(
      'CONFLICT',
      'Cereza aún no factura ventas nacionales fuera de España ni entregas intracomunitarias sin NIF-IVA de ambas partes.',
    );
  }
  const lineasVenta: LineaFactura[] = d.lineas.map((l) => ({
    descripcion: l.descripcion,
    referencia: l.referencia,
    gramos: l.gramos,
    centavosKg: l.centavosKg,
    baseCentavos: baseLinea(l.gramos, l.centavosKg),
  }));
  const venta = await insertFactura(tx, {
    tipo: 'VENTA',
    emisorId: d.productorId,
    receptorId: d.compradorId,
    productorId: d.productorId,
    compradorId: d.compradorId,
    pedido: d.pedido,
    rectifica: null,
    emisor: productor,
    receptor: comprador,
    lineas: lineasVenta,
    fiscalidad: fiscalVenta,
    moneda: d.moneda,
    condicionPago: d.condicionPago,
    fechaOperacion,
    vencimiento,
    instruccionesPago: d.instruccionesPago ?? null,
    now: d.now,
  });
  const lineasComision: LineaFactura[] = d.lineas.map((l) => ({
    descripcion: `Comisión de intermediación de Cereza por ${l.descripcion}, factura ${venta.numero}`,
    referencia: d.pedido.numero,
    gramos: l.gramos,
    centavosKg: d.comisionKgCentavos,
    baseCentavos: comisionCentavos(l.gramos, d.comisionKgCentavos),
  }));
  const comision = await insertFactura(tx, {
    tipo: 'COMISION',
    emisorId: null,
    receptorId: d.productorId,
    productorId: d.productorId,
    compradorId: d.compradorId,
    pedido: d.pedido,
    rectifica: null,
    emisor: CEREZA_PARTE,
    receptor: productor,
    lineas: lineasComision,
    fiscalidad: fiscalidadComision({ pais: productor.direccion.pais, taxId: productor.taxId }),
    moneda: d.moneda,
    condicionPago: 'Se liquida con el cobro de la venta',
    fechaOperacion,
    vencimiento,
    now: d.now,
  });
  const ref = { pedidoId: d.pedido.id, pedidoNumero: d.pedido.numero, moneda: d.moneda };
  await asentar(
    tx,
    [
      {
        ...ref,
        cuentaId: d.compradorId,
        tipo: 'FACTURA',
        concepto: `Factura ${venta.numero} de ${productor.razonSocial}`,
        importeCentavos: venta.totalCentavos,
        facturaId: venta.id,
        facturaNumero: venta.numero,
      },
      {
        ...ref,
        cuentaId: d.productorId,
        tipo: 'FACTURA',
        concepto: `Factura ${venta.numero} a ${comprador.razonSocial}`,
        importeCentavos: venta.totalCentavos,
        facturaId: venta.id,
        facturaNumero: venta.numero,
      },
      {
        ...ref,
        cuentaId: d.productorId,
        tipo: 'COMISION',
        concepto: `Comisión de Cereza, factura ${comision.numero}`,
        importeCentavos: -comision.totalCentavos,
        facturaId: comision.id,
        facturaNumero: comision.numero,
      },
    ],
    d.now,
  );
  return { venta, comision };
}

export interface DatosAbono {
  pedidoId: string;
  /** The discount on the sale's taxable base, in cents (tax follows at the original rate). */
  descuentoBaseCentavos: number;
  motivo: string;
  /** Cereza's commission rate of the order; its commission invoice is rectified in proportion. */
  comisionBp: number;
  now: Date;
}

/**
 * A claim resolved with a discount: a rectifying invoice of the sale (the producer's rectifying series) and one
 * of Cereza's commission, each referencing its original, with their ledger rows.
 */
export async function emitirAbonoDeReclamo(
  tx: Tx,
  d: DatosAbono,
): Promise<{ venta: FacturaRow; comision: FacturaRow | null }> {
  const originales = await tx
    .select()
    .from(facturas)
    .where(and(eq(facturas.pedidoId, d.pedidoId), inArray(facturas.tipo, ['VENTA', 'COMISION'])));
  const venta = originales.find((f) => f.tipo === 'VENTA');
  const comision = originales.find((f) => f.tipo === 'COMISION');
  if (!venta) throw conflict('CONFLICT', FACTURA_MESSAGES.RECTIFICA_NO_VALIDA);
  const rectVenta = await emitirRectificativa(tx, {
    original: venta,
    baseCentavos: d.descuentoBaseCentavos,
    descripcion: `Descuento por reclamación: ${d.motivo}`,
    now: d.now,
  });
  let rectComision: FacturaRow | null = null;
  const baseComision = mulDivRedondeo(d.descuentoBaseCentavos, d.comisionBp, 10_000);
  if (comision && baseComision > 0) {
    rectComision = await emitirRectificativa(tx, {
      original: comision,
      baseCentavos: baseComision,
      descripcion: `Comisión sobre el descuento de la factura ${rectVenta.numero}`,
      now: d.now,
    });
  }
  return { venta: rectVenta, comision: rectComision };
}

/** A rectifying invoice of `original` for a discount of `baseCentavos` on its base; writes its ledger rows. */
export async function emitirRectificativa(
  tx: Tx,
  d: { original: FacturaRow; baseCentavos: number; descripcion: string; now: Date },
): Promise<FacturaRow> {
  const o = d.original;
  if (o.tipo === 'RECTIFICATIVA') throw conflict('CONFLICT', FACTURA_MESSAGES.RECTIFICA_NO_VALIDA);
  if (!Number.isSafeInteger(d.baseCentavos) || d.baseCentavos <= 0 || d.baseCentavos > o.baseCentavos) {
    throw badRequest('VALIDATION_ERROR', FACTURA_MESSAGES.IMPORTE_RECTIFICA);
  }
  const fecha = fechaDe(d.now);
  const rect = await insertFactura(tx, {
    tipo: 'RECTIFICATIVA',
    emisorId: o.emisorId,
    receptorId: o.receptorId,
    productorId: o.productorId,
    compradorId: o.compradorId,
    pedido: o.pedidoId ? { id: o.pedidoId, numero: o.pedidoNumero ?? '' } : null,
    rectifica: { id: o.id, numero: o.numero },
    emisor: o.emisor,
    receptor: o.receptor,
    lineas: [
      {
        descripcion: d.descripcion,
        referencia: o.numero,
        gramos: null,
        centavosKg: null,
        baseCentavos: -d.baseCentavos,
      },
    ],
    fiscalidad: { regimen: o.regimen, tasaBp: o.tasaBp, mencion: null },
    menciones: [
      // The Spanish invoicing regulation is cited by a Spanish issuer only (decision 048): not by an exporter abroad.
      `Factura rectificativa de la factura ${o.numero} de ${o.fechaEmision}${
        o.emisor.direccion.pais.toUpperCase() === 'ES' ? ' (art. 15 RD 1619/2012)' : ''
      }, por diferencias.`,
      ...o.menciones,
    ],
    moneda: o.moneda,
    condicionPago: o.condicionPago,
    fechaOperacion: o.fechaOperacion,
    vencimiento: fecha,
    now: d.now,
  });
  const ref = {
    moneda: o.moneda,
    pedidoId: o.pedidoId,
    pedidoNumero: o.pedidoNumero,
    facturaId: rect.id,
    facturaNumero: rect.numero,
    tipo: 'ABONO' as const,
  };
  const asientos: Asiento[] =
    o.tipo === 'VENTA'
      ? [
          {
            ...ref,
            cuentaId: o.receptorId,
            concepto: `Rectificativa ${rect.numero} de la factura ${o.numero}`,
            importeCentavos: rect.totalCentavos,
          },
          {
            ...ref,
            cuentaId: o.emisorId!,
            concepto: `Rectificativa ${rect.numero} de la factura ${o.numero}`,
            importeCentavos: rect.totalCentavos,
          },
        ]
      : [
          {
            ...ref,
            cuentaId: o.receptorId,
            concepto: `Rectificativa ${rect.numero} de la comisión ${o.numero}`,
            importeCentavos: -rect.totalCentavos,
          },
        ];
  await asentar(tx, asientos, d.now);
  return rect;
}

/**
 * The order's payment is recorded: its sale invoice (and its rectifying ones) become PAGADA, and the buyer's ledger
 * gets the payment (the net amount: the total less any credit notes, less the transfers already posted one by one
 * when Cereza collected them). Paid directly, the producer's ledger gets the collection and Cereza's commission is
 * settled with it; paid through Cereza (`viaCereza`), the money is in Cereza's client-money account: nothing moves on
 * the producer's ledger until the payout (docs/decisions/054). 409 when already paid.
 */
export async function registrarPagoDePedido(
  tx: Tx,
  d: { pedidoId: string; now: Date; viaCereza?: boolean },
): Promise<FacturaRow> {
  const [venta] = await tx
    .update(facturas)
    .set({ estado: 'PAGADA', pagadaAt: d.now })
    .where(and(eq(facturas.pedidoId, d.pedidoId), eq(facturas.tipo, 'VENTA'), eq(facturas.estado, 'EMITIDA')))
    .returning();
  if (!venta) throw conflict('CONFLICT', FACTURA_MESSAGES.YA_PAGADA);
  const rects = await tx
    .update(facturas)
    .set({ estado: 'PAGADA', pagadaAt: d.now })
    .where(and(eq(facturas.rectificaId, venta.id), eq(facturas.estado, 'EMITIDA')))
    .returning({ total: facturas.totalCentavos });
  const neto = venta.totalCentavos + rects.reduce((a, r) => a + Number(r.total), 0);
  // Transfers Cereza collected before this moment were posted on the buyer's ledger as they arrived.
  const [yaPagado] = await tx
    .select({ total: sql<string>`coalesce(sum(${movimientos.importeCentavos}), 0)` })
    .from(movimientos)
    .where(
      and(
        eq(movimientos.cuentaId, venta.compradorId),
        eq(movimientos.pedidoId, d.pedidoId),
        eq(movimientos.tipo, 'PAGO'),
      ),
    );
  const ref = {
    tipo: 'PAGO' as const,
    moneda: venta.moneda,
    importeCentavos: -neto,
    facturaId: venta.id,
    facturaNumero: venta.numero,
    pedidoId: venta.pedidoId,
    pedidoNumero: venta.pedidoNumero,
  };
  // Cereza's commission is settled with the collection (decision 032): its invoice and rectifying ones are paid
  // and the producer's ledger gets the settlement back, so a fully paid order leaves both ledgers at zero.
  const [comision] = await tx
    .update(facturas)
    .set({ estado: 'PAGADA', pagadaAt: d.now })
    .where(and(eq(facturas.pedidoId, d.pedidoId), eq(facturas.tipo, 'COMISION'), eq(facturas.estado, 'EMITIDA')))
    .returning();
  const restoComprador = -neto - Number(yaPagado?.total ?? 0);
  const asientos: Asiento[] = [];
  if (restoComprador !== 0) {
    asientos.push({
      ...ref,
      importeCentavos: restoComprador,
      cuentaId: venta.compradorId,
      concepto: `Pago de la factura ${venta.numero}`,
    });
  }
  if (!d.viaCereza) {
    asientos.push({ ...ref, cuentaId: venta.productorId, concepto: `Cobro de la factura ${venta.numero}` });
  }
  if (comision && d.viaCereza) {
    await tx
      .update(facturas)
      .set({ estado: 'PAGADA', pagadaAt: d.now })
      .where(and(eq(facturas.rectificaId, comision.id), eq(facturas.estado, 'EMITIDA')));
  }
  if (comision && !d.viaCereza) {
    const rectsComision = await tx
      .update(facturas)
      .set({ estado: 'PAGADA', pagadaAt: d.now })
      .where(and(eq(facturas.rectificaId, comision.id), eq(facturas.estado, 'EMITIDA')))
      .returning({ total: facturas.totalCentavos });
    const netoComision = comision.totalCentavos + rectsComision.reduce((a, r) => a + Number(r.total), 0);
    asientos.push({
      ...ref,
      cuentaId: venta.productorId,
      concepto: `Comisión ${comision.numero} liquidada con el cobro`,
      importeCentavos: netoComision,
      facturaId: comision.id,
      facturaNumero: comision.numero,
    });
  }
  await asentar(tx, asientos, d.now);
  return venta;
}
