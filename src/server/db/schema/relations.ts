import { relations } from 'drizzle-orm';
import { favoritos } from './favoritos';
import { lotes } from './lotes';
import { noticias } from './noticias';
import { compradorPerfiles, productorPerfiles, users } from './users';

/** Drizzle's relational-query links; in one file because they point across areas. */
export const usersRelations = relations(users, ({ one, many }) => ({
  productorPerfil: one(productorPerfiles, { fields: [users.id], references: [productorPerfiles.userId] }),
  compradorPerfil: one(compradorPerfiles, { fields: [users.id], references: [compradorPerfiles.userId] }),
  lotes: many(lotes),
  favoritos: many(favoritos),
  noticias: many(noticias),
}));

export const lotesRelations = relations(lotes, ({ one, many }) => ({
  productor: one(users, { fields: [lotes.productorId], references: [users.id] }),
  perfilProductor: one(productorPerfiles, { fields: [lotes.productorId], references: [productorPerfiles.userId] }),
  favoritos: many(favoritos),
}));

export const favoritosRelations = relations(favoritos, ({ one }) => ({
  user: one(users, { fields: [favoritos.userId], references: [users.id] }),
  lote: one(lotes, { fields: [favoritos.loteId], references: [lotes.id] }),
}));

export const noticiasRelations = relations(noticias, ({ one }) => ({
  productor: one(users, { fields: [noticias.productorId], references: [users.id] }),
}));
