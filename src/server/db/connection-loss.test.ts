import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contract/errors';
import { drizzle } from 'drizzle-orm/node-postgres';
import { releaseOnFailedBegin } from './client';
import { lotes, pedidos } from './schema';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../test/helpers';
import { postLote } from '../modules/lotes/test-fixtures';

/*
 * A dropped database connection is a pause, not a crash. The probe of issue 26 terminated the server's backends
 * (pg_terminate_backend) during reservations and the process died 4 times of 4: node-postgres emits an 'error' event
 * on a client checked out of the pool, and nobody handled it.
 */

let ctx: TestContext;
let productor: TestUser;
/** Errors that reached the process unhandled (an 'error' event nobody listened to throws one). */
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  ctx = await createTestApp(
    {},
    {
      before: (app) => {
        app.get('/api/test/perdida', async () => {
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        });
      },
    },
  );
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  // Closing once hung on PostgreSQL (CI run of 99de256): a transaction whose 'begin' failed never gave its client
  // back, and pool.end() waited for it (fixed by releaseOnFailedBegin, last test below). Still bounded, so that a
  // regression fails that test rather than this hook.
  await Promise.race([ctx.close(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
});

describe('a lost database connection', () => {
  it('answers 503 with Retry-After and a Spanish message, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/perdida' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(json(res).error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: ERRORS.SERVICE_UNAVAILABLE });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a backend terminated between the statements of a transaction fails that transaction, not the process',
    async () => {
      const admin = new pg.Client({ connectionString: ctx.database.url });
      await admin.connect();
      try {
        const outcome = ctx.app.db.transaction(async (tx) => {
          const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
          // The client is checked out and idle: its socket closes now, and node-postgres emits 'error' on it.
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`select 1`);
        });
        await expect(outcome).rejects.toThrow();
        expect(uncaught).toEqual([]);
        await ctx.app.db.execute(sql`select 1`);
      } finally {
        await admin.end();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'survives its backends terminated twice during 50 reservations: each answers 201, 409 or 503, stock adds up',
    async () => {
      const lote = (await postLote(ctx, productor, { codigo: 'CAIDA', sacosDisponibles: 60, loteMinimoSacos: 1 })).id;
      const compradores = await Promise.all(
        Array.from({ length: 50 }, () => createUser(ctx, 'COMPRADOR', { perfil: true })),
      );
      const admin = new pg.Client({ connectionString: ctx.database.url });
      await admin.connect();
      let terminated = 0;
      const terminate = async () => {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()) t`,
        );
        terminated += rows[0].n;
      };
      try {
        const reservas = Promise.all(
          compradores.map((u) =>
            ctx.app.inject({
              method: 'POST',
              url: '/api/pedidos',
              headers: { ...bearer(u), 'idempotency-key': randomUUID() },
              payload: { loteId: lote, sacos: 1 },
            }),
          ),
        );
        // Twice while the reservations are in flight (ten at a time: the pool's size), a little apart.
        await new Promise((r) => setTimeout(r, 30));
        await terminate();
        await new Promise((r) => setTimeout(r, 120));
        await terminate();
        const res = await reservas;
        expect(terminated).toBeGreaterThan(0);

        const byStatus = new Map<number, number>();
        for (const r of res) {
          byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
          expect([201, 503], r.body).toContain(r.statusCode);
          if (r.statusCode === 503) {
            expect(r.headers['retry-after']).toBeTruthy();
            expect(json(r).error.message).toBe(ERRORS.SERVICE_UNAVAILABLE);
          }
        }
        // No error event went unhandled, and the app answers as before.
        expect(uncaught).toEqual([]);
        expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        const despues = await ctx.app.inject({
          method: 'POST',
          url: '/api/pedidos',
          headers: { ...bearer(compradores[0]), 'idempotency-key': randomUUID() },
          payload: { loteId: lote, sacos: 1 },
        });
        expect(despues.statusCode, despues.body).toBe(201);

        // Stock: every reservation that answered 201 is there, and the lot's reserved bags are their sum (a 503
        // may have committed before the connection went: it is counted in both, or in neither).
        const creados = res.filter((r) => r.statusCode === 201).map((r) => json(r).data.pedido.id as string);
        const filas = await ctx.app.db
          .select({ id: pedidos.id, sacos: pedidos.sacos })
          .from(pedidos)
          .where(eq(pedidos.loteId, lote));
        const ids = new Set(filas.map((f) => f.id));
        for (const id of creados) expect(ids.has(id)).toBe(true);
        const [stock] = await ctx.app.db
          .select({ d: lotes.sacosDisponibles, r: lotes.sacosReservados })
          .from(lotes)
          .where(eq(lotes.id, lote));
        expect(stock).toEqual({ d: 60, r: filas.reduce((s, f) => s + f.sacos, 0) });
        expect(filas.length).toBeGreaterThanOrEqual(creados.length + 1);
        await ctx.app.db.execute(sql`select 1`);
      } finally {
        await admin.end();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "a transaction whose 'begin' fails gives its client back: the pool keeps its slots and closes",
    async () => {
      // One slot, so a client kept checked out blocks the next query (it would wait 2 s and fail).
      const pool = new pg.Pool({ connectionString: ctx.database.url, max: 1, connectionTimeoutMillis: 2_000 });
      pool.on('error', () => {});
      pool.on('connect', (c) => c.on('error', () => {}));
      releaseOnFailedBegin(pool);
      const db = drizzle(pool);
      let broken = 0;
      // The socket of each of the first two clients checked out closes under it, before drizzle's 'begin'.
      pool.on('acquire', (c) => {
        if (broken++ < 2) (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
      try {
        await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
        await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
        const { rows } = await db.execute<{ uno: number }>(sql`select 1 as uno`);
        expect(rows).toEqual([{ uno: 1 }]);
        expect(pool.totalCount - pool.idleCount).toBe(0);
      } finally {
        await Promise.race([
          pool.end(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('pool.end() hung')), 5_000)),
        ]);
      }
    },
  );
});
