import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { centavos, timestamps } from './columns';
import { lotes } from './lotes';
import { muestras } from './muestras';
import { users } from './users';
import type { InstantaneaEudr } from '../../../contract/eudr';
import type {
  CondicionMuestra,
  CondicionPago,
  DesglosePedido,
  EstadoPago,
  EstadoPedido,
  TerminosPedido,
  TipoDocumentoPedido,
  ViaCobro,
} from '../../../contract/pedidos';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The human order number's counter: CZ-2026-000123 (year of the reservation, then this number). */
export const pedidosNumeroSeq = pgSequence('pedidos_numero_seq', { startWith: 1 });

/**
 * Pedido (docs/TRADE.md "Orders as contracts"): bags of a lot a buyer reserved, every commercial term copied
 * from the lot at reservation and frozen; moved by the table in modules/pedidos (docs/decisions/019, 024).
 */
export const pedidos = pgTable(
  'pedidos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    numero: text('numero').notNull(),
    // No cascade (docs/decisions/046): a lot with orders is archived, an account pseudonymised, never deleted.
    loteId: uuid('lote_id')
      .notNull()
      .references(() => lotes.id),
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id),
    sacos: integer('sacos').notNull(),
    pesoSacoKg: real('peso_saco_kg').notNull(),
    /** sacos × pesoSacoKg, to three decimals. */
    kg: numeric('kg', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    /** The lot's price per kg at reservation, in minor units of `moneda`. */
    precioKgCentavos: centavos('precio_kg_centavos').notNull(),
    /** round(precioKgCentavos × kg): what the buyer pays. */
    totalCentavos: centavos('total_centavos').notNull(),
    moneda: text('moneda').notNull(),
    incoterm: text('incoterm').notNull(),
    lugarEntrega: text('lugar_entrega').notNull(),
    desglosePrecio: jsonb('desglose_precio').$type<DesglosePedido | null>(),
    condicionPago: text('condicion_pago').$type<CondicionPago>().notNull(),
    /** Paid through Cereza's client-money account (reconciled from the bank statement) or directly (issue 29). */
    cobro: text('cobro').$type<ViaCobro>().notNull().default('CEREZA'),
    /** The ISO 11649 creditor reference ("RF…") the buyer's transfer carries; its sale invoice repeats it. */
    referenciaCobro: text('referencia_cobro'),
    ventanaEmbarque: text('ventana_embarque'),
    condicionMuestra: text('condicion_muestra').$type<CondicionMuestra>().notNull(),
    /** What the contract shows besides the figures: the lot, its farms, its quality basis; the parties at confirmation. */
    terminos: jsonb('terminos').$type<TerminosPedido>().notNull(),
    estado: text('estado').$type<EstadoPedido>().notNull(),
    /**
     * The due-diligence statement of whoever places the coffee on the EU market (issue 30): its reference and
     * verification numbers in the EU Information System, who recorded them and when.
     */
    /**
     * The lot's plots and production period when the order was reserved (decision 068): the order's GeoJSON and
     * due-diligence pack read this, so a plot edited later does not change what the buyer bought. Null only for
     * orders reserved before it existed.
     */
    eudr: jsonb('eudr').$type<InstantaneaEudr>(),
    ddsReferencia: text('dds_referencia'),
    ddsVerificacion: text('dds_verificacion'),
    ddsRegistradoPor: uuid('dds_registrado_por').references(() => users.id),
    ddsRegistradoAt: at('dds_registrado_at'),
    estadoPago: text('estado_pago').$type<EstadoPago>().notNull().default('PENDIENTE'),
    /** The due time of the current state's timer (expiry, delivery, completion); null when none runs. */
    venceAt: at('vence_at'),
    /** When the next reminder of the current deadline is due. */
    recordatorioAt: at('recordatorio_at'),
    /** When payment falls due under the payment term (set by the move that starts the term). */
    pagoVenceAt: at('pago_vence_at'),
    /** When the next payment reminder of an order paid through Cereza is due (before and after pagoVenceAt). */
    recordatorioPagoAt: at('recordatorio_pago_at'),
    pagadoAt: at('pagado_at'),
    confirmadoAt: at('confirmado_at'),
    /** The pre-shipment sample (a muestras row of tipo PRE_EMBARQUE) and how many have been sent. */
    pssMuestraId: uuid('pss_muestra_id').references(() => muestras.id, { onDelete: 'set null' }),
    pssEnvios: smallint('pss_envios').notNull().default(0),
    naviera: text('naviera'),
    contenedor: text('contenedor'),
    conocimientoEmbarque: text('conocimiento_embarque'),
    etd: at('etd'),
    eta: at('eta'),
    embarcadoAt: at('embarcado_at'),
    entregadoAt: at('entregado_at'),
    /** End of the 28-day claim window opened by the delivery. */
    reclamoHasta: at('reclamo_hasta'),
    motivoCancelacion: text('motivo_cancelacion'),
    /** The party who asked to cancel a confirmed order; the other one's CANCELAR agrees. */
    cancelacionPedidaPor: text('cancelacion_pedida_por').$type<'comprador' | 'productor'>(),
    motivoReclamo: text('motivo_reclamo'),
    planLineaId: uuid('plan_linea_id'),
    solicitudId: uuid('solicitud_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pedidos_numero_uq').on(t.numero),
    uniqueIndex('pedidos_referencia_cobro_uq').on(t.referenciaCobro),
    index('pedidos_comprador_idx').on(t.compradorId, t.createdAt),
    index('pedidos_productor_idx').on(t.productorId, t.createdAt),
    index('pedidos_lote_idx').on(t.loteId),
    index('pedidos_vence_idx').on(t.estado, t.venceAt),
    index('pedidos_recordatorio_idx').on(t.recordatorioAt),
    index('pedidos_pago_vence_idx')
      .on(t.pagoVenceAt)
      .where(sql`${t.estadoPago} = 'PENDIENTE'`),
  ],
);

/**
 * The order's documents: the contract (rendered at confirmation, stored here so only the parties can read it),
 * the shipping documents the producer attaches to EMBARCAR (one of his PDF uploads), later the invoices.
 */
export const pedidoDocumentos = pgTable(
  'pedido_documentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    tipo: text('tipo').$type<TipoDocumentoPedido>().notNull(),
    nombre: text('nombre').notNull(),
    /** A stored upload's URL, or null when the bytes are in `contenido`. */
    url: text('url'),
    contenido: bytea('contenido'),
    bytes: integer('bytes').notNull(),
    subidoPorId: uuid('subido_por_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('pedido_documentos_pedido_idx').on(t.pedidoId, t.createdAt)],
);

/** Each party's review of the other once the order is COMPLETADO; published when both wrote or after 14 days. */
export const pedidoResenas = pgTable(
  'pedido_resenas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    autorId: uuid('autor_id')
      .notNull()
      .references(() => users.id),
    destinatarioId: uuid('destinatario_id')
      .notNull()
      .references(() => users.id),
    autorRol: text('autor_rol').$type<'comprador' | 'productor'>().notNull(),
    puntuacion: smallint('puntuacion').notNull(),
    comentario: text('comentario').notNull().default(''),
    publicadaAt: at('publicada_at'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('pedido_resenas_autor_uq').on(t.pedidoId, t.autorId),
    index('pedido_resenas_destinatario_idx').on(t.destinatarioId, t.publicadaAt),
  ],
);
