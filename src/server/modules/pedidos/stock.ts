import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { PEDIDO_MESSAGES } from '../../../contract/pedidos';
import type { DbOrTx } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../errors';
import { changeNotice } from '../../events';
import { lotesChanged } from '../lotes';

/*
 * The lot's bags (docs/TRADE.md "Principles"): available = sacosDisponibles − sacosReservados. Each change is one
 * conditional UPDATE in the caller's transaction (the order's move), and says `lote.cambiado` so that the
 * catalogue, the lot page and the inventory show the new figure once it commits. The CHECK constraint
 * lotes_sacos_reservados_ck is the last line of defence: no write can leave more bags reserved than exist.
 */

const disponibles = sql`(${lotes.sacosDisponibles} - ${lotes.sacosReservados})`;

/**
 * Reserves `sacos` bags of a visible lot only if that many remain, and only at least the lot's minimum (or all
 * that remain, when fewer than the minimum are left). Answers the lot row after the reservation; a refusal is a
 * 404 (no such visible lot) or a 409 with the Spanish reason.
 */
export async function reservarSacos(
  tx: DbOrTx,
  loteId: string,
  sacos: number,
  updatedAt: Date,
  { oculto = false }: { oculto?: boolean } = {},
) {
  // A hidden lot is reserved only by the accepted proposal it was made for (modules/solicitudes).
  const visible = oculto ? undefined : eq(lotes.ocultar, false);
  const [updated] = await tx
    .update(lotes)
    .set({ sacosReservados: sql`${lotes.sacosReservados} + ${sacos}`, updatedAt })
    .where(
      and(
        eq(lotes.id, loteId),
        visible,
        // A retired lot is never reserved again, not even by a proposal (docs/decisions/046).
        isNull(lotes.archivadoAt),
        sql`${disponibles} >= ${sacos}`,
        sql`(${sacos} >= ${lotes.loteMinimoSacos} or ${sacos} = ${disponibles})`,
      ),
    )
    // The lot's change is said by the statement that makes it (one statement fewer per reservation, issue 33).
    .returning({
      ...getTableColumns(lotes),
      aviso: sql`${changeNotice({ tipo: 'lote.cambiado', loteIds: [loteId], soloStock: true })}`,
    });
  if (updated) {
    const { aviso: _, ...row } = updated;
    return row;
  }
  const [lote] = await tx
    .select({
      disponibles: sql<number>`${disponibles}`.mapWith(Number),
      minimo: lotes.loteMinimoSacos,
      ocultar: lotes.ocultar,
      archivadoAt: lotes.archivadoAt,
    })
    .from(lotes)
    .where(eq(lotes.id, loteId))
    .limit(1);
  if (lote?.archivadoAt) throw conflict('CONFLICT', PEDIDO_MESSAGES.LOTE_RETIRADO);
  if (!lote || (lote.ocultar && !oculto)) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.LOTE_NOT_FOUND);
  if (lote.disponibles < sacos) throw conflict('CONFLICT', PEDIDO_MESSAGES.sinSacos(Math.max(0, lote.disponibles)));
  throw conflict('CONFLICT', PEDIDO_MESSAGES.minimo(lote.minimo));
}

/** Gives reserved bags back to the lot (cancellation, expiry). */
export async function liberarSacos(tx: DbOrTx, loteId: string, sacos: number, updatedAt: Date): Promise<void> {
  await tx
    .update(lotes)
    .set({ sacosReservados: sql`${lotes.sacosReservados} - ${sacos}`, updatedAt })
    .where(eq(lotes.id, loteId));
  await lotesChanged(tx, [loteId]);
}

/** Shipment: the reserved bags leave the lot (sold), off both columns. */
export async function venderSacos(tx: DbOrTx, loteId: string, sacos: number, updatedAt: Date): Promise<void> {
  await tx
    .update(lotes)
    .set({
      sacosDisponibles: sql`${lotes.sacosDisponibles} - ${sacos}`,
      sacosReservados: sql`${lotes.sacosReservados} - ${sacos}`,
      updatedAt,
    })
    .where(eq(lotes.id, loteId));
  await lotesChanged(tx, [loteId]);
}

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
