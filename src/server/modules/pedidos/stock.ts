import { and, eq, inArray, sql } from 'drizzle-orm';
import { ESTADOS_CON_RESERVA, PEDIDO_MESSAGES } from '../../../contract/pedidos';
import type { DbOrTx } from '../../db/client';
import { lotes, pedidos } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { lotesChanged } from '../lotes/service';

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
  const [row] = await tx
    .update(lotes)
    .set({ sacosReservados: sql`${lotes.sacosReservados} + ${sacos}`, updatedAt })
    .where(
      and(
        eq(lotes.id, loteId),
        visible,
        sql`${disponibles} >= ${sacos}`,
        sql`(${sacos} >= ${lotes.loteMinimoSacos} or ${sacos} = ${disponibles})`,
      ),
    )
    .returning();
  if (row) {
    await lotesChanged(tx, [loteId]);
    return row;
  }
  const [lote] = await tx
    .select({ disponibles: sql<number>`${disponibles}`.mapWith(Number), minimo: lotes.loteMinimoSacos })
    .from(lotes)
    .where(and(eq(lotes.id, loteId), visible))
    .limit(1);
  if (!lote) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.LOTE_NOT_FOUND);
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
 * An account is being deleted (its orders cascade with it): the bags its open orders as a buyer hold go back to
 * their lots first, in the deletion's transaction, so no lot is left with bags reserved by an order that is gone.
 */
export async function liberarReservasDeComprador(tx: DbOrTx, compradorId: string, updatedAt: Date): Promise<void> {
  const abiertos = await tx
    .select({ loteId: pedidos.loteId, sacos: pedidos.sacos })
    .from(pedidos)
    .where(and(eq(pedidos.compradorId, compradorId), inArray(pedidos.estado, [...ESTADOS_CON_RESERVA])))
    .for('update');
  for (const p of abiertos) await liberarSacos(tx, p.loteId, p.sacos, updatedAt);
}
