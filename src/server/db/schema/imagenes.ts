import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/** Every stored upload, so that deleting an account can remove its files. */
export const imagenes = pgTable(
  'imagenes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    urls: jsonb('urls').$type<Record<string, string>>().notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('imagenes_key_uq').on(t.key), index('imagenes_owner_idx').on(t.ownerId)],
);
