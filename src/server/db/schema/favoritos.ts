import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { lotes } from './lotes';
import { users } from './users';

export const favoritos = pgTable(
  'favoritos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loteId: uuid('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('favoritos_user_lote_uq').on(t.userId, t.loteId), index('favoritos_lote_idx').on(t.loteId)],
);
