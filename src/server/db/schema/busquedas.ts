import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/**
 * A buyer's saved searches (issue 32). Personal data of the buyer alone: no counterpart relies on it, so it goes
 * with the account. `avisoDesde` is the alert's watermark: lots published after it are new to this search.
 */
export const busquedasGuardadas = pgTable(
  'busquedas_guardadas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    /** The catalogue's query, normalised (contract/busquedas.ts BUSQUEDA_FILTROS, keys sorted). */
    consulta: text('consulta').notNull(),
    avisarEmail: boolean('avisar_email').notNull().default(true),
    /** The e-mail's one-click unsubscribe link carries it; random, never shown elsewhere. */
    bajaToken: text('baja_token').notNull(),
    avisoDesde: timestamp('aviso_desde', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ultimoAvisoAt: timestamp('ultimo_aviso_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('busquedas_comprador_idx').on(t.compradorId),
    uniqueIndex('busquedas_comprador_consulta_uq').on(t.compradorId, t.consulta),
    uniqueIndex('busquedas_baja_token_uq').on(t.bajaToken),
  ],
);
