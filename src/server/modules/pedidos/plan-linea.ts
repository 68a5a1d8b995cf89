import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pedidos } from '../../db/schema/pedidos';

/*
 * The buyer's purchase plan (modules/planificadores) counts an order in one of its lines: the link is a column of the
 * order, written here and called through this module's door (issue 27). The planner checks the line is the buyer's.
 */

/**
 * Links one of the buyer's orders to a line (an order counts in one line: linking moves it). Answers false when
 * nothing changed: not his order, or linked to that line already (the caller tells which).
 */
export async function vincularAPlanLinea(
  db: DbOrTx,
  compradorId: string,
  pedidoId: string,
  lineaId: string,
): Promise<boolean> {
  const [p] = await db
    .update(pedidos)
    .set({ planLineaId: lineaId })
    .where(
      and(
        eq(pedidos.id, pedidoId),
        eq(pedidos.compradorId, compradorId),
        or(isNull(pedidos.planLineaId), ne(pedidos.planLineaId, lineaId)),
      ),
    )
    .returning({ id: pedidos.id });
  return !!p;
}

/** Unlinks one of the buyer's orders from the line it counts in; nothing when it is not linked to that line. */
export async function desvincularDePlanLinea(
  db: DbOrTx,
  compradorId: string,
  pedidoId: string,
  lineaId: string,
): Promise<void> {
  await db
    .update(pedidos)
    .set({ planLineaId: null })
    .where(and(eq(pedidos.id, pedidoId), eq(pedidos.compradorId, compradorId), eq(pedidos.planLineaId, lineaId)));
}

/**
 * Unlinks the buyer's orders from lines that are going away (a line, a plan or the buyer's account deleted), so
 * that no order keeps pointing to a line that no longer exists; the orders themselves stay as they are.
 */
export async function desvincularDeLineas(db: DbOrTx, compradorId: string, lineaIds: string[]): Promise<void> {
  if (lineaIds.length === 0) return;
  await db
    .update(pedidos)
    .set({ planLineaId: null })
    .where(and(eq(pedidos.compradorId, compradorId), inArray(pedidos.planLineaId, lineaIds)));
}
