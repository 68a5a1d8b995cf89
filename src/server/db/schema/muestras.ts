import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { centavos, timestamps } from './columns';
import { lotes } from './lotes';
import { users } from './users';
import type { DireccionEnvio, EstadoMuestra, HojaCata, TipoMuestra } from '../../../contract/muestras';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** SolicitudMuestra (docs/product.md §10): a sample a buyer asks of a lot, moved by the table in modules/muestras. */
export const muestras = pgTable(
  'muestras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No cascade (docs/decisions/046): a lot with samples is archived, an account pseudonymised, never deleted.
    loteId: uuid('lote_id')
      .notNull()
      .references(() => lotes.id),
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id),
    tipo: text('tipo').$type<TipoMuestra>().notNull().default('OFERTA'),
    gramos: integer('gramos').notNull(),
    /** The lot's sample price when requested, in minor units (cents) of `moneda`; 0 when free. */
    precioCentavos: centavos('precio_centavos').notNull().default(0),
    moneda: text('moneda').notNull().default('USD'),
    direccionEnvio: jsonb('direccion_envio').$type<DireccionEnvio>().notNull(),
    mensaje: text('mensaje').notNull().default(''),
    estado: text('estado').$type<EstadoMuestra>().notNull(),
    motivoRechazo: text('motivo_rechazo'),
    transportista: text('transportista'),
    numeroGuia: text('numero_guia'),
    enviadaAt: at('enviada_at'),
    entregadaAt: at('entregada_at'),
    /** The due time of the current state's timer (expiry, delivery, closing); null when none runs. */
    venceAt: at('vence_at'),
    /** When the next reminder to cup is due (ENTREGADA only). */
    recordatorioAt: at('recordatorio_at'),
    /** The sample box it was asked in (decision 070): its producer ships the box's accepted samples at once. */
    cajaId: uuid('caja_id').references((): AnyPgColumn => cajasMuestras.id),
    ...timestamps,
  },
  (t) => [
    index('muestras_comprador_idx').on(t.compradorId, t.createdAt),
    index('muestras_productor_idx').on(t.productorId, t.createdAt),
    index('muestras_lote_idx').on(t.loteId),
    // One sample of a lot in progress per buyer: a second request (another key, another tab) is a 409.
    uniqueIndex('muestras_en_curso_uq')
      .on(t.loteId, t.compradorId)
      .where(sql`${t.estado} in ('SOLICITADA', 'ACEPTADA', 'ENVIADA', 'ENTREGADA') and ${t.tipo} = 'OFERTA'`),
    index('muestras_vence_idx').on(t.estado, t.venceAt),
    index('muestras_recordatorio_idx').on(t.recordatorioAt),
    index('muestras_caja_idx').on(t.cajaId),
  ],
);

/**
 * A sample box as sent to one producer (decision 070): one request grouping the samples of his lots that the buyer
 * asked together, to one address. Each sample keeps its own lifecycle (accepted or refused lot by lot); the box
 * records the one shipment that moves the accepted ones to ENVIADA together.
 */
export const cajasMuestras = pgTable(
  'cajas_muestras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id),
    direccionEnvio: jsonb('direccion_envio').$type<DireccionEnvio>().notNull(),
    mensaje: text('mensaje').notNull().default(''),
    transportista: text('transportista'),
    numeroGuia: text('numero_guia'),
    enviadaAt: at('enviada_at'),
    ...timestamps,
  },
  (t) => [
    index('cajas_muestras_comprador_idx').on(t.compradorId, t.createdAt),
    index('cajas_muestras_productor_idx').on(t.productorId, t.createdAt),
  ],
);

/** The box a buyer is filling (not sent yet): the lots he picked, kept on the server so it survives a sign-in. */
export const cajaMuestrasLotes = pgTable(
  'caja_muestras_lotes',
  {
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loteId: uuid('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.compradorId, t.loteId] }), index('caja_muestras_lotes_lote_idx').on(t.loteId)],
);

/** A cupping on the SCA 2004 sheet; the total is computed by the server (contract/catas puntajeSca). */
export const catas = pgTable(
  'catas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    muestraId: uuid('muestra_id').references(() => muestras.id),
    /**
     * The lab's record of the lot (and a buyer's, held by its sample): a cupped lot is retired, never deleted
     * (lotes' tieneHistorial), and the key refuses a delete that would take its cuppings with it.
     */
    loteId: uuid('lote_id')
      .notNull()
      .references(() => lotes.id),
    catadorId: uuid('catador_id').references(() => users.id, { onDelete: 'set null' }),
    protocolo: text('protocolo').$type<'SCA_2004'>().notNull().default('SCA_2004'),
    hoja: jsonb('hoja').$type<HojaCata>().notNull(),
    puntajeTotal: numeric('puntaje_total', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('catas_muestra_uq').on(t.muestraId), index('catas_lote_idx').on(t.loteId, t.createdAt)],
);
