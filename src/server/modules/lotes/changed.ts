import type { DbOrTx } from '../../db/client';
import { emitChange } from '../../events';

/**
 * Says that these lots changed (stock, state, any field a public answer shows): the catalogue index and the
 * cache of every process read them again once the caller's transaction commits. Any module that writes to a lot
 * calls this inside its transaction (docs/decisions/007).
 */
export async function lotesChanged(tx: DbOrTx, loteIds: string[]): Promise<void> {
  // A NOTIFY carries under 8,000 bytes: about 150 ids per event.
  for (let i = 0; i < loteIds.length; i += 150) {
    await emitChange(tx, { tipo: 'lote.cambiado', loteIds: loteIds.slice(i, i + 150) });
  }
}
