import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { noticias } from '../../db/schema/noticias';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The producer's news go; answers their pictures, for the deletion to remove the files nothing else shows. */
export async function forgetNoticiasOf(tx: DbOrTx, productorId: string): Promise<(string | null)[]> {
  return (await tx.delete(noticias).where(eq(noticias.productorId, productorId)).returning()).map((n) => n.imagen);
}
