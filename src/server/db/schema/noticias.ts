import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

export const noticias = pgTable(
  'noticias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    cuerpo: text('cuerpo').notNull(),
    imagen: text('imagen'),
    publicada: boolean('publicada').notNull().default(false),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('noticias_productor_idx').on(t.productorId, t.fecha)],
);
