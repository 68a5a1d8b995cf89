import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { imagenes } from '../../db/schema/imagenes';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The stored images the deletion found personal and unreferenced lose their rows (the files go after the commit). */
export async function deleteImagenes(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(imagenes).where(inArray(imagenes.id, ids));
}
