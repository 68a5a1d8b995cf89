import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { eventos } from '../../db/schema/eventos';
import { idempotencia } from '../../db/schema/idempotencia';
import { lotes } from '../../db/schema/lotes';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { pedidos } from '../../db/schema/pedidos';
import { bearer, createTestApp, createUser, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { instantaneaEudr } from '../eudr';

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

/**
 * The statements (extended protocol) executed inside transactions while `work` runs, by their first words. A buffer
 * handed to the engine may hold several messages (the client sends a named statement's bind, describe, execute and
 * sync together): each message is read, a Parse names its text (kept for the whole file: a statement is parsed once
 * and bound by its name afterwards) and every Execute counts one statement.
 */
const proto = PGlite.prototype as unknown as {
  execProtocolStream: (msg: Uint8Array, opts: unknown) => Promise<unknown>;
};
const original = proto.execProtocolStream;
const texts = new Map<string, string>();
let recording: { seen: string[]; outside: string[] } | undefined;
let inside = false;
const cString = (msg: Uint8Array, from: number) => Buffer.from(msg.subarray(from, msg.indexOf(0, from))).toString();
proto.execProtocolStream = function (msg, opts) {
  let bound = '';
  for (let at = 0; at < msg.length; at += 1 + Buffer.from(msg.buffer, msg.byteOffset + at + 1, 4).readInt32BE(0)) {
    const kind = String.fromCharCode(msg[at]);
    if (kind === 'Q') {
      const q = cString(msg, at + 5)
        .trim()
        .toUpperCase();
      if (q.startsWith('BEGIN')) inside = true;
      if (q.startsWith('COMMIT') || q.startsWith('ROLLBACK')) inside = false;
    } else if (kind === 'P') {
      // Parse: its statement's name, then its text.
      const name = cString(msg, at + 5);
      const text = cString(msg, at + 5 + Buffer.byteLength(name) + 1).slice(0, 40);
      texts.set(name, text);
      bound = text;
    } else if (kind === 'B') {
      // Bind: its portal's name, then its statement's.
      const portal = cString(msg, at + 5);
      bound = texts.get(cString(msg, at + 5 + Buffer.byteLength(portal) + 1)) ?? bound;
    } else if (kind === 'E' && recording) {
      (inside ? recording.seen : recording.outside).push(bound);
    }
  }
  return original.call(this, msg, opts);
};
afterAll(() => {
  proto.execProtocolStream = original;
});

async function statementsInTransactions(work: () => Promise<void>, outside: string[] = []): Promise<string[]> {
  const seen: string[] = [];
  recording = { seen, outside };
  try {
    await work();
  } finally {
    recording = undefined;
  }
  return seen;
}

describe.skipIf(!!process.env.DATABASE_URL)('a reservation on the embedded database', () => {
  it('runs in at most 8 statements and still writes the order, its event, the EUDR snapshot, both notices, their e-mails, the key and the lot change', async () => {
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
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(8);
    const [pedido] = await ctx.app.db.select().from(pedidos).where(eq(pedidos.compradorId, comprador.id));
    // The event written by the order's own statement (a data-modifying WITH), with the order's figures.
    const evs = await ctx.app.db.select().from(eventos).where(eq(eventos.entidadId, pedido.id));
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({
      entidad: 'pedido',
      accion: 'RESERVAR',
      desde: null,
      hacia: 'RESERVADO',
      actorId: comprador.id,
      actorRol: 'comprador',
      datos: { sacos: 2, totalCentavos: pedido.totalCentavos, moneda: pedido.moneda },
    });
    // The EUDR snapshot built from the lot row and producer name the reservation held is the one read afresh.
    expect(pedido.eudr).toEqual(await instantaneaEudr(ctx.app.db, loteId, new Date(pedido.eudr!.tomadaAt)));
    expect(pedido.eudr!.organizacion).toMatch(/^Finca /);
    // The lot's change, said by its UPDATE's RETURNING, reached the catalogue: the new stock shows.
    const lote = JSON.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/lotes/${loteId}`, headers: bearer(comprador) })).body,
    ).data.lote;
    expect(lote.sacosReservados).toBe(2);
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

describe('the catalogue after a reservation', () => {
  const lote = async () =>
    JSON.parse((await ctx.app.inject({ method: 'GET', url: `/api/lotes/${loteId}` })).body).data.lote as unknown;
  const tarjeta = async () =>
    (
      JSON.parse((await ctx.app.inject({ method: 'GET', url: '/api/lotes?vista=tarjeta&limit=50&agotados=true' })).body)
        .data.lotes as Array<{ id: string }>
    ).find((l) => l.id === loteId);

  it('answers the lot and its card exactly as a whole read of the lot does', async () => {
    const outside: string[] = [];
    await statementsInTransactions(async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pedidos',
        headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
        payload: { loteId, sacos: 3 },
      });
      expect(res.statusCode).toBe(201);
      await ctx.app.events.settle();
    }, outside);
    const [{ reservados }] = await ctx.app.db
      .select({ reservados: lotes.sacosReservados })
      .from(lotes)
      .where(eq(lotes.id, loteId));
    const patched = { lote: await lote(), tarjeta: await tarjeta() };
    expect(patched.lote).toMatchObject({ sacosReservados: reservados });
    await ctx.app.catalogo.load();
    expect(patched).toEqual({ lote: await lote(), tarjeta: await tarjeta() });
    // On the embedded database (where the tracer sees the statements) the index read the stock columns only.
    if (!process.env.DATABASE_URL) {
      expect(
        outside.some((q) => q.startsWith('select "id", "sacos_disponibles"')),
        outside.join('\n'),
      ).toBe(true);
      expect(
        outside.filter((q) => q.startsWith('select "lotes"."id"')),
        outside.join('\n'),
      ).toEqual([]);
    }
  });
});
