import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favoritos } from '../../db/schema/favoritos';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The buyer's saved lots go. */
export async function forgetFavoritosOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(favoritos).where(eq(favoritos.userId, userId));
}
