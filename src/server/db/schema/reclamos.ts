import { index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AdjuntoMensaje } from '../../../contract/mensajes';
import type { HojaCata } from '../../../contract/muestras';
import type { PosturaReclamo } from '../../../contract/reclamos';
import { centavos } from './columns';
import { pedidos } from './pedidos';
import { users } from './users';

/**
 * A claim's contributions (issue 25 §3): the buyer's claim with its evidence (and an arrival cupping), then the
 * producer's one answer (a discount he accepts, or his contest with his own evidence). Written once, never edited:
 * the operator decides on what both sent. modules/pedidos/reclamo-aportes.ts owns it.
 */
export const reclamoAportes = pgTable(
  'reclamo_aportes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pedidoId: uuid('pedido_id')
      .notNull()
      // No cascade (docs/decisions/046): orders are never deleted, and a claim is both parties' record.
      .references(() => pedidos.id),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    rol: text('rol').$type<'comprador' | 'productor'>().notNull(),
    postura: text('postura').$type<PosturaReclamo>().notNull(),
    texto: text('texto').notNull().default(''),
    descuentoCentavos: centavos('descuento_centavos'),
    adjuntos: jsonb('adjuntos').$type<AdjuntoMensaje[]>().notNull().default([]),
    cata: jsonb('cata').$type<HojaCata | null>(),
    puntajeCata: numeric('puntaje_cata', { precision: 5, scale: 2, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('reclamo_aportes_pedido_idx').on(t.pedidoId, t.createdAt),
    // One claim per order (a resolved claim is not reopened) and one answer: a second is a 409.
    uniqueIndex('reclamo_aportes_uno_uq').on(t.pedidoId, t.rol),
  ],
);
