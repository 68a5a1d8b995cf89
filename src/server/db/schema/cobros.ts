import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { centavos } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One statement (`<Stmt>` of a camt.053) of Cereza's client-money account, as the operator imported it (issue 29,
 * docs/decisions/054). The same statement imported twice is one row: (account, statement id, message id) is unique.
 * The closing balance is what the bank says the account holds; the operator's page compares it with the books.
 */
export const extractosBancarios = pgTable(
  'extractos_bancarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cuenta: text('cuenta').notNull(),
    extractoId: text('extracto_id').notNull(),
    mensajeId: text('mensaje_id').notNull(),
    version: text('version').notNull(),
    moneda: text('moneda'),
    saldoAperturaCentavos: centavos('saldo_apertura_centavos'),
    saldoCierreCentavos: centavos('saldo_cierre_centavos'),
    fechaCierre: date('fecha_cierre', { mode: 'string' }),
    fichero: text('fichero').notNull(),
    importadoPorId: uuid('importado_por_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('extractos_bancarios_uq').on(t.cuenta, t.extractoId, t.mensajeId),
    index('extractos_bancarios_moneda_idx').on(t.moneda, t.fechaCierre),
  ],
);

/**
 * One booked entry of a statement. `clave_banco` is the bank's own reference for it (parser's bankKey:
 * "IBAN|AcctSvcrRef"), unique: an entry seen in two statements or two imports is applied once.
 * A credit is matched to an order (its sale invoice) by the RF reference, else by the invoice or order number in
 * the remittance text and the amount, else by hand; a debit is matched by the payouts module (the hook in
 * modules/cobros/conciliacion.ts). PENDIENTE entries wait in the operator's list. `aplicado` is what counted
 * towards the order (at most what was due), `exceso` what came on top (an overpayment the operator must return).
 */
export const apuntesBancarios = pgTable(
  'apuntes_bancarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    extractoBancarioId: uuid('extracto_bancario_id')
      .notNull()
      .references(() => extractosBancarios.id),
    claveBanco: text('clave_banco').notNull(),
    sentido: text('sentido').$type<'CRDT' | 'DBIT'>().notNull(),
    importeCentavos: centavos('importe_centavos').notNull(),
    moneda: text('moneda').notNull(),
    fechaContable: date('fecha_contable', { mode: 'string' }),
    refBanco: text('ref_banco'),
    endToEndId: text('end_to_end_id'),
    referenciaAcreedor: text('referencia_acreedor'),
    concepto: text('concepto').notNull().default(''),
    contraparte: text('contraparte'),
    contraparteIban: text('contraparte_iban'),
    estado: text('estado').$type<'CONCILIADO' | 'PENDIENTE'>().notNull(),
    /** Why it waits (PENDIENTE) or how it was matched (CONCILIADO). */
    nota: text('nota').notNull().default(''),
    metodo: text('metodo').$type<'REFERENCIA' | 'CONCEPTO' | 'MANUAL' | 'LIQUIDACION' | 'DEVOLUCION'>(),
    pedidoId: uuid('pedido_id'),
    facturaId: uuid('factura_id'),
    aplicadoCentavos: centavos('aplicado_centavos').notNull().default(0),
    excesoCentavos: centavos('exceso_centavos').notNull().default(0),
    conciliadoPorId: uuid('conciliado_por_id'),
    conciliadoAt: at('conciliado_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('apuntes_bancarios_clave_uq').on(t.claveBanco),
    index('apuntes_bancarios_extracto_idx').on(t.extractoBancarioId),
    index('apuntes_bancarios_pedido_idx').on(t.pedidoId),
    index('apuntes_bancarios_pendientes_idx')
      .on(t.createdAt)
      .where(sql`${t.estado} = 'PENDIENTE'`),
  ],
);
