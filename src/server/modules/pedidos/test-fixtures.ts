import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DAY } from '../../clock';
import { bearer, type TestContext, type TestUser } from '../../test/helpers';

/** POST /api/pedidos/:id/acciones as `user`. */
export const postAccion = (ctx: TestContext, user: TestUser, pedidoId: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/pedidos/${pedidoId}/acciones`, headers: bearer(user), payload: body });

/** POST /api/pedidos as the buyer, with a fresh idempotency key; answers the raw response. */
export const postPedido = (ctx: TestContext, comprador: TestUser, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload,
  });

/** The moves that take a reserved order to a claim, each with who makes it: confirmed, shipped, received, claimed. */
export function movesToReclamo(partes: { productor: TestUser; comprador: TestUser }, etd: Date, motivo: string) {
  return [
    [partes.productor, { accion: 'CONFIRMAR' }],
    [
      partes.productor,
      {
        accion: 'EMBARCAR',
        naviera: 'Maersk',
        contenedor: 'MSKU1234567',
        conocimientoEmbarque: 'MAEU-240011',
        etd: etd.toISOString(),
        eta: new Date(etd.getTime() + 20 * DAY).toISOString(),
      },
    ],
    [partes.comprador, { accion: 'RECIBIR' }],
    [partes.comprador, { accion: 'ABRIR_RECLAMO', motivo }],
  ] as const;
}

/** Makes each move in turn through the API, each answered 200. */
export async function applyAcciones(
  ctx: TestContext,
  pedidoId: string,
  moves: ReadonlyArray<readonly [TestUser, Record<string, unknown>]>,
) {
  for (const [user, body] of moves) {
    const res = await postAccion(ctx, user, pedidoId, body);
    expect(res.statusCode, res.body).toBe(200);
  }
}
