import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export type TipoTokenCuenta = 'RESTABLECER' | 'VERIFICAR';

/**
 * Single-use tokens sent by e-mail: password reset (1 hour) and address verification. Only the SHA-256 of the
 * token is stored; the token itself exists in the e-mail alone.
 */
export const tokensCuenta = pgTable(
  'tokens_cuenta',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<TipoTokenCuenta>().notNull(),
    hash: text('hash').notNull(),
    expiraAt: timestamp('expira_at', { withTimezone: true, mode: 'date' }).notNull(),
    usadoAt: timestamp('usado_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tokens_cuenta_hash_uq').on(t.hash), index('tokens_cuenta_user_idx').on(t.userId, t.tipo)],
);
