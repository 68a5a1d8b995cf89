import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tokensCuenta } from '../../db/schema/tokens-cuenta';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The account's one-time tokens (e-mail confirmation, password reset) go. */
export async function forgetTokensOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(tokensCuenta).where(eq(tokensCuenta.userId, userId));
}
