import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planes, plazosOrigen } from '../../db/schema/abastecimiento';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The buyer's purchase plans (their lines go with them) and his lead times by origin go. */
export async function forgetPlanesOf(tx: DbOrTx, compradorId: string): Promise<void> {
  await tx.delete(planes).where(eq(planes.compradorId, compradorId));
  await tx.delete(plazosOrigen).where(eq(plazosOrigen.compradorId, compradorId));
}
