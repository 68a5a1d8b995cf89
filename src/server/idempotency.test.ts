import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from './clock';
import { idempotencia, notificaciones } from './db/schema';
import { conflict } from './errors';
import { canonicalJson, idempotent, idempotencySweepTask } from './idempotency';
import { requireUser } from './auth/guards';
import { notify } from './modules/notificaciones/notify';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from './test/helpers';

/*
 * The four Idempotency-Key rules of docs/product.md §11 through a test-only route that "reserves" bags: its effect is
 * a notification row, so the tests can count how many times the operation really ran.
 */

const clock = new ManualClock();
let ctx: TestContext;
/** When set, the operation waits on it: a request stays "still running". */
let gate: Promise<void> | undefined;
let entered: (() => void) | undefined;

function testRoute(app: FastifyInstance) {
  app.post('/api/prueba/reservas', async (request, reply) => {
    const user = await requireUser(request);
    const body = request.body as { sacos: number };
    return idempotent(
      request,
      reply,
      user.id,
      async (tx, etiqueta) => {
        if (body.sacos > 100) throw conflict('CONFLICT', 'No quedan sacos suficientes.');
        const n = await notify(tx, { userId: user.id, tipo: 'LOTE_FAVORITO', lote: etiqueta, quien: 'Prueba' });
        return {
          status: 201,
          body: { success: true, data: { reserva: { id: n.id, sacos: body.sacos }, zeta: 1, alfa: 2 } },
        };
      },
      {
        // Slow work outside the transaction (on the embedded database an open transaction holds every query).
        prepare: async () => {
          entered?.();
          if (gate) await gate;
          return `Reserva de ${body.sacos} sacos`;
        },
      },
    );
  });
}

beforeAll(async () => {
  ctx = await createTestApp({}, { clock, before: testRoute });
});
afterAll(() => ctx.close());
beforeEach(() => {
  gate = undefined;
  entered = undefined;
});

const reservar = (u: TestUser, body: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/prueba/reservas',
    headers: { ...bearer(u), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });

const efectos = async (u: TestUser) =>
  Number((await ctx.app.db.select({ n: count() }).from(notificaciones).where(eq(notificaciones.userId, u.id)))[0].n);

describe('Idempotency-Key', () => {
  it('missing where required → 400, and nothing runs; a key that is not a UUID → 400', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const res = await reservar(u, { sacos: 5 });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toEqual({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: 'Falta la cabecera Idempotency-Key: envía un UUID nuevo por cada operación.',
    });
    expect((await reservar(u, { sacos: 5 }, 'clave-1')).statusCode).toBe(400);
    expect(json(await reservar(u, { sacos: 5 }, 'clave-1')).error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await efectos(u)).toBe(0);
  });

  it('same key, same body → the first response again, and the operation ran once', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    const first = await reservar(u, { sacos: 5 }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Key order in the body does not make it another request.
    const again = await reservar(u, { sacos: 5 }, key.toUpperCase());
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await efectos(u)).toBe(1);
  });

  it('the IETF draft’s quoted key ("8e03…") is the same key as the bare one', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    const first = await reservar(u, { sacos: 5 }, `"${key}"`);
    expect(first.statusCode, first.body).toBe(201);
    const again = await reservar(u, { sacos: 5 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await efectos(u)).toBe(1);
    for (const bad of ['"clave-1"', `"${key}`, `'${key}'`, '""']) {
      expect(json(await reservar(u, { sacos: 5 }, bad)).error.code, bad).toBe('IDEMPOTENCY_KEY_INVALID');
    }
  });

  it('same key, another body → 422, and nothing runs', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    expect((await reservar(u, { sacos: 5 }, key)).statusCode).toBe(201);
    const other = await reservar(u, { sacos: 6 }, key);
    expect(other.statusCode).toBe(422);
    expect(json(other).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(json(other).error.message).toBe(
      'Esta clave de idempotencia ya se usó con otros datos. Usa una clave nueva para otra operación.',
    );
    expect(await efectos(u)).toBe(1);
  });

  it('same key while the first is still running → 409, then the first response once it finished', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const inside = new Promise<void>((r) => (entered = r));
    const first = reservar(u, { sacos: 7 }, key);
    await inside;
    const during = await reservar(u, { sacos: 7 }, key);
    expect(during.statusCode).toBe(409);
    expect(json(during).error).toEqual({
      code: 'IDEMPOTENCY_IN_PROGRESS',
      message: 'Esta operación ya se está procesando. Espera un momento y vuelve a consultarla.',
    });
    release();
    const done = await first;
    expect(done.statusCode).toBe(201);
    const after = await reservar(u, { sacos: 7 }, key);
    expect(after.body).toBe(done.body);
    expect(await efectos(u)).toBe(1);
  });

  it('two identical requests at the same moment: one runs, the other is told so or gets its response', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const answers = await Promise.all([reservar(u, { sacos: 3 }, key), reservar(u, { sacos: 3 }, key)]);
      const codes = answers.map((r) => r.statusCode).sort();
      const replayed = answers.filter((r) => r.headers['idempotent-replayed'] === 'true');
      expect(codes[0]).toBe(201);
      expect([201, 409]).toContain(codes[1]);
      expect(replayed).toHaveLength(codes[1] === 201 ? 1 : 0);
    }
    expect(await efectos(u)).toBe(5);
  });

  it('keys belong to their user: another account may use the same key', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const v = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    expect((await reservar(u, { sacos: 1 }, key)).statusCode).toBe(201);
    const theirs = await reservar(v, { sacos: 2 }, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect([await efectos(u), await efectos(v)]).toEqual([1, 1]);
  });

  it('an error answer keeps nothing: the key is free for the retry', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    expect((await reservar(u, { sacos: 500 }, key)).statusCode).toBe(409);
    expect(await ctx.app.db.select().from(idempotencia).where(eq(idempotencia.clave, key))).toHaveLength(0);
    expect((await reservar(u, { sacos: 500 }, key)).statusCode).toBe(409);
    expect(await efectos(u)).toBe(0);
  });

  it('a key held by an attempt that died is taken over once its lease runs out', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const inside = new Promise<void>((r) => (entered = r));
    const slow = reservar(u, { sacos: 9 }, key);
    await inside;
    expect((await reservar(u, { sacos: 9 }, key)).statusCode).toBe(409);
    // The first attempt is presumed dead after a minute: a retry runs; the old attempt must not commit.
    clock.advance(61_000);
    gate = undefined;
    const retry = await reservar(u, { sacos: 9 }, key);
    expect(retry.statusCode).toBe(201);
    release();
    expect((await slow).statusCode).toBe(409);
    expect(await efectos(u)).toBe(1);
  });

  it('keys are kept 24 hours, then swept by the scheduler (and free again)', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const key = randomUUID();
    expect((await reservar(u, { sacos: 4 }, key)).statusCode).toBe(201);
    clock.advance(23 * 60 * 60_000);
    expect((await reservar(u, { sacos: 8 }, key)).statusCode).toBe(422);
    clock.advance(60 * 60_000 + 1);
    // Expired but not yet swept: it no longer binds.
    expect((await reservar(u, { sacos: 8 }, key)).statusCode).toBe(201);
    clock.advance(24 * 60 * 60_000 + 1);
    const swept = await ctx.app.scheduler.runTask(idempotencySweepTask.name);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.db.select().from(idempotencia).where(eq(idempotencia.clave, key))).toHaveLength(0);
    const left = await ctx.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from idempotencia where expira_at <= ${clock.now().toISOString()}::timestamptz`,
    );
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('fingerprints ignore key order but not values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});
