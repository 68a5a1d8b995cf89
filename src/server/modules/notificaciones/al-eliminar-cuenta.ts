import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { correos, notificaciones } from '../../db/schema/notificaciones';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The account's pending mail and its notifications go. */
export async function forgetNotificacionesOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(correos).where(eq(correos.userId, userId));
  await tx.delete(notificaciones).where(eq(notificaciones.userId, userId));
}
