import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planes, planLineas, plazosOrigen } from '../../db/schema/abastecimiento';
import { desvincularDeLineas } from '../pedidos';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/** The buyer's purchase plans (their lines go with them, his orders unlinked from them) and his lead times by origin go. */
export async function forgetPlanesOf(tx: DbOrTx, compradorId: string): Promise<void> {
  const lineas = await tx
    .select({ id: planLineas.id })
    .from(planLineas)
    .innerJoin(planes, eq(planes.id, planLineas.planId))
    .where(eq(planes.compradorId, compradorId));
  await desvincularDeLineas(
    tx,
    compradorId,
    lineas.map((l) => l.id),
  );
  await tx.delete(planes).where(eq(planes.compradorId, compradorId));
  await tx.delete(plazosOrigen).where(eq(plazosOrigen.compradorId, compradorId));
}
