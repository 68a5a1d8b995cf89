import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export type EstadoIdempotencia = 'EN_CURSO' | 'COMPLETADA';

/**
 * Idempotency-Key records (docs/product.md §11; src/server/idempotency.ts). Keys are scoped per user; a row
 * holds the request's fingerprint and, once the operation committed, the response to replay. Kept 24 hours.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clave: uuid('clave').notNull(),
    /** sha256 of method, route and body: the same key with another request is refused. */
    huella: text('huella').notNull(),
    estado: text('estado').$type<EstadoIdempotencia>().notNull(),
    /** Which attempt holds the key while EN_CURSO: only it may complete it. */
    propietario: uuid('propietario').notNull(),
    statusCode: integer('status_code'),
    /** The response body as sent, JSON text (jsonb would reorder its keys). */
    respuesta: text('respuesta'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** An EN_CURSO key whose lease ran out belonged to a process that died: a retry may take it over. */
    bloqueadaHasta: timestamp('bloqueada_hasta', { withTimezone: true, mode: 'date' }).notNull(),
    expiraAt: timestamp('expira_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clave] }), index('idempotencia_expira_idx').on(t.expiraAt)],
);
