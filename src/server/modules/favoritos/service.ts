import { and, desc, eq } from 'drizzle-orm';
import type { Favorito } from '../../../contract/lotes';
import type { Db } from '../../db/client';
import { favoritos } from '../../db/schema/favoritos';
import { lotes } from '../../db/schema/lotes';
import { notFound } from '../../errors';
import { publicLotesByIds } from '../lotes';
import { describeComprador } from '../../../contract/lote-notificaciones';
import { compradorPerfiles } from '../../db/schema/users';
import { notify } from '../notificaciones';

async function describeSaver(db: Db, userId: string): Promise<string> {
  const [perfil] = await db
    .select({ tipoComprador: compradorPerfiles.tipoComprador, pais: compradorPerfiles.pais })
    .from(compradorPerfiles)
    .where(eq(compradorPerfiles.userId, userId))
    .limit(1);
  return describeComprador(perfil);
}

/**
 * A buyer's saved lots. Only lots the public can see are listed: a lot its producer hides disappears from
 * the list (and comes back when shown again); a deleted lot takes its favourites with it (cascade).
 */
export async function listFavoritos(db: Db, userId: string): Promise<Favorito[]> {
  const rows = await db
    .select({ id: favoritos.id, loteId: favoritos.loteId, createdAt: favoritos.createdAt })
    .from(favoritos)
    .innerJoin(lotes, eq(lotes.id, favoritos.loteId))
    .where(and(eq(favoritos.userId, userId), eq(lotes.ocultar, false)))
    .orderBy(desc(favoritos.createdAt), desc(favoritos.id));
  const visibles = await publicLotesByIds(
    db,
    rows.map((r) => r.loteId),
  );
  return rows.flatMap((r) => {
    const lote = visibles.get(r.loteId);
    return lote ? [{ _id: r.id, userID: userId, lote, createdAt: r.createdAt.toISOString() }] : [];
  });
}

/** Saves a lot; saving it again changes nothing. Unknown and hidden lots are 404. */
export async function addFavorito(
  db: Db,
  userId: string,
  loteId: string,
): Promise<{ favorito: Favorito; created: boolean }> {
  const visibles = await publicLotesByIds(db, [loteId]);
  const lote = visibles.get(loteId);
  if (!lote) throw notFound('NOT_FOUND', 'Lote no encontrado.');
  const quien = await describeSaver(db, userId);
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(favoritos)
      .values({ userId, loteId })
      .onConflictDoNothing({ target: [favoritos.userId, favoritos.loteId] })
      .returning();
    if (rows.length) {
      await notify(tx, {
        userId: lote.productorId,
        tipo: 'LOTE_FAVORITO',
        lote: lote.nombre,
        quien,
        enlace: `/lote/${loteId}`,
        entidad: 'lote',
        entidadId: loteId,
      });
    }
    return rows;
  });
  const [row] = inserted.length
    ? inserted
    : await db
        .select()
        .from(favoritos)
        .where(and(eq(favoritos.userId, userId), eq(favoritos.loteId, loteId)))
        .limit(1);
  return {
    favorito: { _id: row.id, userID: userId, lote, createdAt: row.createdAt.toISOString() },
    created: inserted.length > 0,
  };
}

/** Removes a saved lot; removing one that is not saved is not an error (the outcome is the same). */
export async function removeFavorito(db: Db, userId: string, loteId: string): Promise<boolean> {
  const removed = await db
    .delete(favoritos)
    .where(and(eq(favoritos.userId, userId), eq(favoritos.loteId, loteId)))
    .returning({ id: favoritos.id });
  return removed.length > 0;
}
