import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { busquedasGuardadas } from '../../db/schema/busquedas';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The buyer's saved searches go. */
export async function forgetBusquedasOf(tx: DbOrTx, compradorId: string): Promise<void> {
  await tx.delete(busquedasGuardadas).where(eq(busquedasGuardadas.compradorId, compradorId));
}
