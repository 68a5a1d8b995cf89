import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
