import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { EstadoPagoProductor, EstadoRemesa, TipoCuentaCobro, TipoDevengo } from '../../../contract/liquidaciones';
import { centavos } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Where a producer is paid (issue 29, docs/decisions/056). Every change is a new row: the previous one gets
 * `sustituida_at` and stays (a payout names the account it went to). Payouts to a row wait until `vigente_desde`
 * (48 hours after it was recorded: the commonest marketplace fraud is a changed bank account). A trigger refuses
 * DELETE and any UPDATE but `sustituida_at`. No foreign key to the account: the record outlives it.
 */
export const cuentasCobro = pgTable(
  'cuentas_cobro',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productorId: uuid('productor_id').notNull(),
    tipo: text('tipo').$type<TipoCuentaCobro>().notNull(),
    titular: text('titular').notNull(),
    /** SEPA: the IBAN, electronic format (upper case, no spaces). */
    iban: text('iban'),
    bic: text('bic').notNull(),
    /** Outside SEPA: the bank's name and the account number as the bank writes it. */
    banco: text('banco'),
    numeroCuenta: text('numero_cuenta'),
    /** ISO 3166 alpha-2 of the bank (SEPA: the IBAN's country). */
    pais: text('pais').notNull(),
    vigenteDesde: at('vigente_desde').notNull(),
    sustituidaAt: at('sustituida_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('cuentas_cobro_productor_idx').on(t.productorId, t.createdAt),
    // One account in force per producer: two changes at once, one wins.
    uniqueIndex('cuentas_cobro_vigente_uq')
      .on(t.productorId)
      .where(sql`${t.sustituidaAt} is null`),
  ],
);

/**
 * What Cereza owes a producer for one order it collected (sale total less Cereza's commission invoice), or an
 * adjustment of it (a claim's credit notes, negative). Permanent: paid lines are linked to their payout by
 * `pago_devengos`.
 */
export const devengos = pgTable(
  'devengos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    n: bigserial('n', { mode: 'number' }).notNull(),
    productorId: uuid('productor_id').notNull(),
    tipo: text('tipo').$type<TipoDevengo>().notNull(),
    pedidoId: uuid('pedido_id').notNull(),
    pedidoNumero: text('pedido_numero').notNull(),
    moneda: text('moneda').notNull(),
    /** The sale invoice (or, for an adjustment, the sale's credit note) and Cereza's commission one. */
    ventaFacturaId: uuid('venta_factura_id').notNull(),
    ventaNumero: text('venta_numero').notNull(),
    ventaCentavos: centavos('venta_centavos').notNull(),
    comisionFacturaId: uuid('comision_factura_id'),
    comisionNumero: text('comision_numero'),
    comisionCentavos: centavos('comision_centavos').notNull(),
    /** ventaCentavos − comisionCentavos: what the producer is owed by this line. */
    importeCentavos: centavos('importe_centavos').notNull(),
    /**
     * A line owed again (docs/decisions/067): the payout that held `reemite_id` was cancelled before it was sent, or
     * the bank returned it. That line stays in its payout for good; this copy is due and goes in a later batch.
     */
    reemiteId: uuid('reemite_id').references((): AnyPgColumn => devengos.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('devengos_productor_idx').on(t.productorId, t.moneda, t.n),
    // An order is owed once, and each credit note adjusts it once, even if a hook ran twice; the copies of decision
    // 067 repeat their line's invoice.
    uniqueIndex('devengos_factura_uq')
      .on(t.ventaFacturaId)
      .where(sql`${t.reemiteId} is null`),
    // A line is owed again once.
    uniqueIndex('devengos_reemite_uq').on(t.reemiteId),
  ],
);

/** A payout batch: one pain.001 credit-transfer order, frozen as generated. */
export const remesas = pgTable(
  'remesas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    n: bigserial('n', { mode: 'number' }).notNull(),
    /** GrpHdr/MsgId: unique across every batch Cereza ever sends. */
    msgId: text('msg_id').notNull(),
    estado: text('estado').$type<EstadoRemesa>().notNull(),
    /** The pain.001 document exactly as downloaded. */
    xml: text('xml').notNull(),
    numeroOperaciones: integer('numero_operaciones').notNull(),
    /** Per currency: { EUR: 123456 } (minor units). */
    totales: jsonb('totales').$type<Record<string, number>>().notNull(),
    creadaPorId: uuid('creada_por_id').notNull(),
    creadaPorEmail: text('creada_por_email').notNull(),
    createdAt: at('created_at').notNull(),
    enviadaAt: at('enviada_at'),
    enviadaPorEmail: text('enviada_por_email'),
  },
  (t) => [uniqueIndex('remesas_msg_id_uq').on(t.msgId), index('remesas_created_idx').on(t.createdAt)],
);

/** One credit transfer of a batch: one producer, one currency, the account it goes to. */
export const pagosProductor = pgTable(
  'pagos_productor',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remesaId: uuid('remesa_id')
      .notNull()
      .references(() => remesas.id),
    productorId: uuid('productor_id').notNull(),
    cuentaCobroId: uuid('cuenta_cobro_id')
      .notNull()
      .references(() => cuentasCobro.id),
    moneda: text('moneda').notNull(),
    importeCentavos: centavos('importe_centavos').notNull(),
    pmtInfId: text('pmt_inf_id').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    estado: text('estado').$type<EstadoPagoProductor>().notNull(),
    confirmadoAt: at('confirmado_at'),
    /** The bank's reference of the statement entry that showed the debit. */
    referenciaBanco: text('referencia_banco'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('pagos_productor_e2e_uq').on(t.endToEndId),
    uniqueIndex('pagos_productor_remesa_uq').on(t.remesaId, t.productorId, t.moneda),
    index('pagos_productor_productor_idx').on(t.productorId, t.createdAt),
  ],
);

/** Which owed lines a payout pays. The primary key is the line: a line belongs to one payout, ever. */
export const pagoDevengos = pgTable(
  'pago_devengos',
  {
    devengoId: uuid('devengo_id')
      .primaryKey()
      .references(() => devengos.id),
    pagoId: uuid('pago_id')
      .notNull()
      .references(() => pagosProductor.id),
  },
  (t) => [index('pago_devengos_pago_idx').on(t.pagoId)],
);
