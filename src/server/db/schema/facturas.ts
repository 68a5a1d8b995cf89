import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  EstadoFactura,
  InstruccionesPago,
  LineaFactura,
  ParteFactura,
  TipoFactura,
  TipoMovimiento,
} from '../../../contract/facturas';
import type { Regimen } from '../../../contract/facturas-calculo';
import { centavos } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One counter per invoice series (docs/decisions/032): `clave` names the issuer, the kind and the year
 * ("VENTA:<productorId>:2026"). The issuing transaction takes the next number with one upsert that locks the row
 * until it commits, so numbers are consecutive, never repeated, and a rolled-back issue gives its number back.
 */
export const seriesFacturas = pgTable('series_facturas', {
  clave: text('clave').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

/**
 * An issued invoice: everything it shows is frozen here (parties, lines, tax, totals, terms). Never edited or
 * deleted (a trigger of the migration refuses it); only `estado`/`pagada_at` move when a payment is recorded.
 * Parties are user ids without a foreign key: an invoice outlives the account (legal retention).
 */
export const facturas = pgTable(
  'facturas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tipo: text('tipo').$type<TipoFactura>().notNull(),
    serie: text('serie').notNull(),
    secuencia: integer('secuencia').notNull(),
    numero: text('numero').notNull(),
    /** null: Cereza issues it (commission). */
    emisorId: uuid('emisor_id'),
    receptorId: uuid('receptor_id').notNull(),
    /** The producer and buyer of the sale it belongs to (filters, clients). */
    productorId: uuid('productor_id').notNull(),
    compradorId: uuid('comprador_id').notNull(),
    pedidoId: uuid('pedido_id'),
    pedidoNumero: text('pedido_numero'),
    rectificaId: uuid('rectifica_id'),
    rectificaNumero: text('rectifica_numero'),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    fechaOperacion: date('fecha_operacion', { mode: 'string' }).notNull(),
    vencimiento: date('vencimiento', { mode: 'string' }).notNull(),
    condicionPago: text('condicion_pago').notNull(),
    moneda: text('moneda').notNull(),
    emisor: jsonb('emisor').$type<ParteFactura>().notNull(),
    receptor: jsonb('receptor').$type<ParteFactura>().notNull(),
    lineas: jsonb('lineas').$type<LineaFactura[]>().notNull(),
    regimen: text('regimen').$type<Regimen>().notNull(),
    tasaBp: integer('tasa_bp').notNull(),
    baseCentavos: centavos('base_centavos').notNull(),
    impuestoCentavos: centavos('impuesto_centavos').notNull(),
    totalCentavos: centavos('total_centavos').notNull(),
    menciones: jsonb('menciones').$type<string[]>().notNull(),
    /**
     * A sale paid through Cereza (issue 29): where the buyer transfers (Cereza's client-money account) and the
     * order's creditor reference, frozen at issue like every other figure. Null for direct payment and other kinds.
     */
    instruccionesPago: jsonb('instrucciones_pago').$type<InstruccionesPago | null>(),
    /**
     * What the document says of itself, frozen at issue like the mentions (decision 065): its title ("Factura
     * comercial" for an exporter outside the EU), its tax line ("IVA 10 %", "Sin IVA (venta de exportación)") and
     * the note on Cereza's role. Null on invoices issued before they were frozen: those print by the rule of their
     * time (modules/facturas/textos.ts, textosDe).
     */
    titulo: text('titulo'),
    impuestoEtiqueta: text('impuesto_etiqueta'),
    nota: text('nota'),
    estado: text('estado').$type<EstadoFactura>().notNull().default('EMITIDA'),
    pagadaAt: at('pagada_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('facturas_numero_uq').on(t.serie, t.secuencia),
    index('facturas_emisor_idx').on(t.emisorId, t.fechaEmision),
    index('facturas_receptor_idx').on(t.receptorId, t.fechaEmision),
    index('facturas_pedido_idx').on(t.pedidoId),
    // One sale and one commission invoice per order, even if the shipping hook ran twice.
    uniqueIndex('facturas_pedido_tipo_uq')
      .on(t.pedidoId, t.tipo)
      .where(sql`${t.tipo} in ('VENTA', 'COMISION') and ${t.pedidoId} is not null`),
  ],
);

/**
 * The append-only ledger (TRADE.md `Movimiento`): one row per effect on an account, with the running balance of
 * that account in that currency. Never updated or deleted (trigger in the migration).
 */
export const movimientos = pgTable(
  'movimientos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    n: bigserial('n', { mode: 'number' }).notNull(),
    cuentaId: uuid('cuenta_id').notNull(),
    tipo: text('tipo').$type<TipoMovimiento>().notNull(),
    concepto: text('concepto').notNull(),
    importeCentavos: centavos('importe_centavos').notNull(),
    moneda: text('moneda').notNull(),
    saldoCentavos: centavos('saldo_centavos').notNull(),
    facturaId: uuid('factura_id'),
    facturaNumero: text('factura_numero'),
    pedidoId: uuid('pedido_id'),
    pedidoNumero: text('pedido_numero'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('movimientos_cuenta_idx').on(t.cuentaId, t.createdAt, t.n)],
);

/** The current balance per account and currency: the row the next movement locks to compute its balance. */
export const saldosCuenta = pgTable(
  'saldos_cuenta',
  {
    cuentaId: uuid('cuenta_id').notNull(),
    moneda: text('moneda').notNull(),
    saldoCentavos: centavos('saldo_centavos').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cuentaId, t.moneda] })],
);
