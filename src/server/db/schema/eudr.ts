import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ClaseRiesgo } from '../../../contract/eudr';
import { users } from './users';

/**
 * The EU's country classification for the deforestation regulation (Commission Implementing Regulation (EU)
 * 2025/1093): data with its source and date, kept by Cereza's operator (issue 30, decision 060).
 */
export const riesgoPaises = pgTable('riesgo_paises', {
  /** ISO 3166-1 alpha-2. */
  pais: text('pais').primaryKey(),
  clase: text('clase').$type<ClaseRiesgo>().notNull(),
  fuente: text('fuente').notNull(),
  /** The source's date, "YYYY-MM-DD". */
  fechaFuente: text('fecha_fuente').notNull(),
  actualizadoPor: uuid('actualizado_por').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
