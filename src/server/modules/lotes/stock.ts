import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { PEDIDO_MESSAGES } from '../../../contract/pedidos';
import type { DbOrTx } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { conflict, notFound } from '../../errors';
import { changeNotice } from '../../events';
import { lotesChanged } from './changed';

/*
 * The lot's bags (docs/TRADE.md "Principles"): available = sacosDisponibles − sacosReservados. Each change is one
 * conditional UPDATE in the caller's transaction (the order's move: modules/pedidos calls these through the lots'
 * door, issue 27, so only this module writes the lot's row), and says `lote.cambiado` so that the
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
