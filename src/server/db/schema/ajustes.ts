import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Cereza's operator settings, one row per key (modules/ajustes owns it): the value is JSON checked by the key's
 * schema in src/contract/ajustes.ts on every write and read. A key without a row reads its default.
 */
export const ajustes = pgTable('ajustes', {
  clave: text('clave').primaryKey(),
  valor: jsonb('valor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
