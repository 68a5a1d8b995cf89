import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversacionEstados, conversaciones, mensajes } from '../../db/schema/mensajes';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/**
 * The other party keeps every conversation and message; this side reads as "Cuenta eliminada" (no party, no author)
 * and its read marks go.
 */
export async function forgetParticipante(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(conversacionEstados).where(eq(conversacionEstados.userId, userId));
  await tx.update(conversaciones).set({ compradorId: null }).where(eq(conversaciones.compradorId, userId));
  await tx.update(conversaciones).set({ productorId: null }).where(eq(conversaciones.productorId, userId));
  await tx.update(mensajes).set({ autorId: null }).where(eq(mensajes.autorId, userId));
}
