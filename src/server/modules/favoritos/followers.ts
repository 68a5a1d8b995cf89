import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favoritos } from '../../db/schema/favoritos';
import { lotes } from '../../db/schema/lotes';
import type { LoteNuevoContext, LoteRetiradoContext } from '../lotes';
import { notifyMany } from '../notificaciones';

/**
 * The buyers who saved at least one lot of this producer: they hear of the producer's new lots and news
 * (kinds LOTE_NUEVO and NOTICIA_NUEVA). Deliberately no follow button: saving a lot is the signal.
 */
export async function listFollowers(db: DbOrTx, productorId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: favoritos.userId })
    .from(favoritos)
    .innerJoin(lotes, eq(lotes.id, favoritos.loteId))
    .where(eq(lotes.productorId, productorId));
  return rows.map((r) => r.userId);
}

/** Registered on the lots' creation by src/server/composition.ts: a new lot that is on show is news to followers. */
export async function avisarLoteNuevo({ tx, lote, productorId, productor }: LoteNuevoContext): Promise<void> {
  if (lote.ocultar) return;
  await notifyMany(tx, await listFollowers(tx, productorId), {
    tipo: 'LOTE_NUEVO',
    productor: productor || 'Un productor',
    lote: lote.nombre,
    enlace: `/lote/${lote.id}`,
    entidad: 'lote',
    entidadId: lote.id,
  });
}

/** Registered on the lots' retirement by src/server/composition.ts: a retired lot can never be bought again. */
export async function olvidarLoteRetirado({ tx, loteId }: LoteRetiradoContext): Promise<void> {
  await tx.delete(favoritos).where(eq(favoritos.loteId, loteId));
}
