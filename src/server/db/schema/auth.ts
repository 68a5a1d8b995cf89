import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Secrets every process on one database shares (docs/decisions/041): `jwt`, the token-signing key of a PostgreSQL
 * deployment without JWT_SECRET. Written once by whichever process starts first, read by all.
 */
export const secretos = pgTable('secretos', {
  nombre: text('nombre').primaryKey(),
  valor: text('valor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Failed sign-in attempts, per key (e-mail or client address), for rate limiting that survives restarts. */
export const loginAttempts = pgTable(
  'login_intentos',
  {
    clave: text('clave').notNull(),
    ventana: timestamp('ventana', { withTimezone: true, mode: 'date' }).notNull(),
    fallos: integer('fallos').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clave, t.ventana] })],
);

/**
 * The growing wait of one account's sign-ins (docs/decisions/020): consecutive failures from addresses that are
 * not trusted for it, and the moment before which the next attempt is refused. One row per account (hashed key).
 */
export const loginEsperas = pgTable('login_esperas', {
  clave: text('clave').primaryKey(),
  fallos: integer('fallos').notNull().default(0),
  hasta: timestamp('hasta', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The one-time recovery codes of an account with a second factor (decision 045): only their SHA-256 is kept,
 * and a code signs in once.
 */
export const codigosRecuperacion = pgTable(
  'codigos_recuperacion',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    usadoAt: timestamp('usado_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('codigos_recuperacion_user_idx').on(t.userId)],
);
