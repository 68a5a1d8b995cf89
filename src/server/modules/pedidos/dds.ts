import { and, eq, isNull, or } from 'drizzle-orm';
import { DDS_MESSAGES } from '../../../contract/eudr';
import { PEDIDO_MESSAGES } from '../../../contract/pedidos';
import { lugarDelComprador } from '../../../contract/lotes-codes';
import { paginaPedido } from '../../../contract/paginas';
import type { UserRow } from '../../auth/guards';
import type { Db } from '../../db/client';
import { pedidos } from '../../db/schema/pedidos';
import { conflict, forbidden, notFound } from '../../errors';
import { notify } from '../notificaciones';

/** States in which the coffee is bought for good: before confirmation there is nothing to declare yet. */
const SIN_CONFIRMAR = new Set(['RESERVADO', 'CANCELADO', 'EXPIRADO']);

/**
 * Whoever places the coffee on the EU market records his due-diligence statement's numbers on the order (issue 30),
 * here because they are the order's columns (issue 27: the EUDR module reads them, the orders module writes them):
 * the buyer; under a delivered incoterm (DAP) the producer may be the importer of record, so he may too. Recorded
 * once (a conditional update: of two at once one wins, the other reads 409); the other party is notified.
 */
export async function registrarDds(
  db: Db,
  user: UserRow,
  pedidoId: string,
  input: { referencia: string; verificacion: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(pedidos)
      .where(and(eq(pedidos.id, pedidoId), or(eq(pedidos.compradorId, user.id), eq(pedidos.productorId, user.id))))
      .limit(1);
    if (!p) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.NOT_FOUND);
    const esComprador = p.compradorId === user.id;
    if (!esComprador && !lugarDelComprador(p.incoterm)) throw forbidden('FORBIDDEN', DDS_MESSAGES.NO_TE_TOCA);
    if (SIN_CONFIRMAR.has(p.estado)) throw conflict('CONFLICT', DDS_MESSAGES.ESTADO);
    const [row] = await tx
      .update(pedidos)
      .set({
        ddsReferencia: input.referencia,
        ddsVerificacion: input.verificacion,
        ddsRegistradoPor: user.id,
        ddsRegistradoAt: now,
      })
      .where(and(eq(pedidos.id, p.id), isNull(pedidos.ddsReferencia)))
      .returning();
    if (!row) throw conflict('CONFLICT', DDS_MESSAGES.YA_REGISTRADA);
    const otro = esComprador ? 'productor' : 'comprador';
    await notify(tx, {
      tipo: 'PEDIDO_DDS_REGISTRADA',
      userId: esComprador ? p.productorId : p.compradorId,
      numero: p.numero,
      lote: p.terminos.lote.nombre,
      referencia: input.referencia,
      enlace: paginaPedido(otro, p.id),
      entidad: 'pedido',
      entidadId: p.id,
    });
    return { referencia: row.ddsReferencia!, verificacion: row.ddsVerificacion!, registradaAt: now.toISOString() };
  });
}
