import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { lotesChanged } from './changed';

/*
 * Who may see a lot, as the operator moves it (modules/operador, issue 27): the lots module writes the row, each move
 * in the caller's transaction, and says `lote.cambiado` for the lots it changed.
 */

/** A suspended producer's lots on show are hidden; answers their ids, so that reactivation shows exactly those. */
export async function ocultarLotesDeProductor(tx: DbOrTx, productorId: string, now: Date): Promise<string[]> {
  const ids = (
    await tx
      .update(lotes)
      .set({ ocultar: true, updatedAt: now })
      .where(and(eq(lotes.productorId, productorId), eq(lotes.ocultar, false)))
      .returning({ id: lotes.id })
  ).map((l) => l.id);
  if (ids.length) await lotesChanged(tx, ids);
  return ids;
}

/**
 * A reactivated producer's lots that the suspension hid are shown again, unless an operator hid one since for its
 * own reason; answers the ids shown.
 */
export async function publicarLotesDeProductor(
  tx: DbOrTx,
  productorId: string,
  ids: string[],
  now: Date,
): Promise<string[]> {
  if (!ids.length) return [];
  const shown = (
    await tx
      .update(lotes)
      .set({ ocultar: false, updatedAt: now })
      .where(and(inArray(lotes.id, ids), eq(lotes.productorId, productorId), isNull(lotes.motivoOcultoOperador)))
      .returning({ id: lotes.id })
  ).map((l) => l.id);
  if (shown.length) await lotesChanged(tx, shown);
  return shown;
}

/**
 * The operator hides a lot with a reason (`motivo`), or lifts the hide (`motivo` null) leaving the lot as `ocultar`
 * says; the caller holds the lot row's lock.
 */
export async function ocultarPorOperador(
  tx: DbOrTx,
  loteId: string,
  { ocultar, motivo }: { ocultar: boolean; motivo: string | null },
  now: Date,
): Promise<void> {
  await tx.update(lotes).set({ ocultar, motivoOcultoOperador: motivo, updatedAt: now }).where(eq(lotes.id, loteId));
  await lotesChanged(tx, [loteId]);
}
