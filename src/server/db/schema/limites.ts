import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request limits of @fastify/rate-limit (uploads, client errors, second-factor codes…), counted in the database
 * so that every replica counts against one limit (docs/decisions/061). One row per route and client key: the
 * requests counted in the window that ends at `hasta`.
 */
export const limitesPeticiones = pgTable(
  'limites_peticiones',
  {
    clave: text('clave').primaryKey(),
    cuenta: integer('cuenta').notNull(),
    hasta: timestamp('hasta', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('limites_peticiones_hasta_idx').on(t.hasta)],
);
