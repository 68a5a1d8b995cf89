import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The timeline of every trade object (samples, orders, sourcing requests and their answers, a lot's quality
 * control…): one row per move of its lifecycle table, written in the move's own transaction
 * (src/server/lib/lifecycle.ts, or the module's creating move). `entidad` names the kind of object ('muestra',
 * 'pedido', 'solicitud', 'respuesta', 'lote'…), so a new trade object needs no new table for its history.
 */
export const eventos = pgTable(
  'eventos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: moves in one instant (one clock tick, a test's frozen clock) keep their sequence. */
    n: bigserial('n', { mode: 'number' }).notNull(),
    entidad: text('entidad').notNull(),
    entidadId: uuid('entidad_id').notNull(),
    accion: text('accion').notNull(),
    /** null for the creating move ("—" in the table). */
    desde: text('desde'),
    hacia: text('hacia').notNull(),
    /** null when the scheduler moved it (a timer), or when the account was deleted since. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRol: text('actor_rol').notNull(),
    datos: jsonb('datos').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('eventos_entidad_idx').on(t.entidad, t.entidadId, t.n)],
);
