import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { correos, eventos, idempotencia, notificaciones, pedidos } from '../../db/schema';
import { bearer, createTestApp, createUser, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';

/*
 * A reservation's transaction in few statements (issue 33): on the embedded database each statement is most of a
 * millisecond of the server's only thread, and in a rush of buyers the reservations queue behind each other. The
 * statements sent between BEGIN and COMMIT are counted on PGlite's protocol (the engine the count matters most for;
 * the same code runs on PostgreSQL); everything the reservation promises is still written in that transaction.
 */

let ctx: TestContext;
let comprador: TestUser;
let productor: TestUser;
let loteId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  // A buyer without commercial details: the reservation also tells him what the contract will need (two notices).
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  loteId = (await postLote(ctx, productor, { sacosDisponibles: 100, loteMinimoSacos: 1 })).id;
});
afterAll(() => ctx.close());

/** The statements (extended protocol) sent inside transactions while `work` runs, by their first words. */
async function statementsInTransactions(work: () => Promise<void>): Promise<string[]> {
  const proto = PGlite.prototype as unknown as {
    execProtocolStream: (msg: Uint8Array, opts: unknown) => Promise<unknown>;
  };
  const original = proto.execProtocolStream;
  const seen: string[] = [];
  let inside = false;
  const text = (msg: Uint8Array, from: number) => Buffer.from(msg.subarray(from, msg.indexOf(0, from))).toString();
  proto.execProtocolStream = function (msg, opts) {
    const kind = String.fromCharCode(msg[0]);
    if (kind === 'Q') {
      const q = text(msg, 5).trim().toUpperCase();
      if (q.startsWith('BEGIN')) inside = true;
      if (q.startsWith('COMMIT') || q.startsWith('ROLLBACK')) inside = false;
    } else if (kind === 'P' && inside) {
      // Parse: its statement name, then its text.
      seen.push(text(msg, msg.indexOf(0, 5) + 1).slice(0, 40));
    }
    return original.call(this, msg, opts);
  };
  try {
    await work();
  } finally {
    proto.execProtocolStream = original;
  }
  return seen;
}

describe.skipIf(!!process.env.DATABASE_URL)('a reservation on the embedded database', () => {
  it('runs in at most 9 statements and still writes the order, its event, both notices, their e-mails and the key', async () => {
    await ctx.app.events.settle();
    const key = randomUUID();
    let status = 0;
    const statements = await statementsInTransactions(async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pedidos',
        headers: { ...bearer(comprador), 'idempotency-key': key },
        payload: { loteId, sacos: 2 },
      });
      status = res.statusCode;
    });
    expect(status).toBe(201);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(9);
    const [pedido] = await ctx.app.db.select().from(pedidos).where(eq(pedidos.compradorId, comprador.id));
    expect(await ctx.app.db.select().from(eventos).where(eq(eventos.entidadId, pedido.id))).toHaveLength(1);
    const avisos = await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.entidadId, pedido.id));
    expect(avisos.map((n) => n.tipo).sort()).toEqual(['PEDIDO_ESPERA_DATOS', 'PEDIDO_RESERVADO']);
    for (const n of avisos) {
      const mails = await ctx.app.db.select().from(correos).where(eq(correos.notificacionId, n.id));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ userId: n.userId, tipo: 'NOTIFICACION', datos: {} });
    }
    const [guardada] = await ctx.app.db
      .select()
      .from(idempotencia)
      .where(and(eq(idempotencia.userId, comprador.id), eq(idempotencia.clave, key)));
    expect(guardada.statusCode).toBe(201);
  });
});
