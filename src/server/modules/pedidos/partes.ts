import { and, eq, isNull, sql } from 'drizzle-orm';
import { PEDIDO_MESSAGES } from '../../../contract/pedidos';
import type { DbOrTx } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../errors';

/**
 * Serialises a reservation with the deletion of either party's account (docs/decisions/046): both accounts' rows
 * are locked FOR KEY SHARE, which waits for a deletion holding one FOR UPDATE, before the lot's row is touched
 * (the deletion takes the account, then its lots: the same order, so no deadlock). A deletion that committed
 * first leaves no live row: the buyer's is a 409, the producer's the lot's retirement. The lot's own retirement
 * or deletion is serialised by the lot row's lock in reservarSacos.
 */
export async function bloquearPartes(tx: DbOrTx, compradorId: string, loteId: string): Promise<void> {
  // One statement on the way of every reservation (issue 33): the lot's producer is read by the one that locks
  // both accounts, and comes back on each row locked.
  const productor = sql<string | null>`(select ${lotes.productorId} from ${lotes} where ${lotes.id} = ${loteId})`;
  const vivas = await tx
    .select({ id: users.id, productorId: productor })
    .from(users)
    .where(and(sql`${users.id} in (${compradorId}, ${productor})`, isNull(users.eliminadaAt)))
    .orderBy(users.id)
    .for('key share');
  // No live account of either: whether the lot exists says which refusal it is.
  const productorId =
    vivas[0]?.productorId ??
    (vivas.length
      ? null
      : (await tx.select({ productorId: lotes.productorId }).from(lotes).where(eq(lotes.id, loteId)).limit(1))[0]
          ?.productorId);
  if (!productorId) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.LOTE_NOT_FOUND);
  if (!vivas.some((u) => u.id === compradorId)) throw conflict('CONFLICT', PEDIDO_MESSAGES.CUENTA_ELIMINADA);
  if (!vivas.some((u) => u.id === productorId)) throw conflict('CONFLICT', PEDIDO_MESSAGES.LOTE_RETIRADO);
}
