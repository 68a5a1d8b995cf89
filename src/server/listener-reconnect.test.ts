import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from './test/helpers';
import { postLote } from './modules/lotes/test-fixtures';
import { LISTENER_APPLICATION_NAME } from './db/client';

/*
 * Invalidations sent while a process's LISTEN connection was down are lost: it must read again what it may have
 * missed once it listens again, and say it is not ready meanwhile (issue 26: a lot renamed in the gap kept its old
 * name on the other process, and /api/ready answered 200 throughout).
 */

const onPg = !!process.env.DATABASE_URL;
let a: TestContext;
let b: TestContext;
let productor: TestUser;
let loteId: string;

/** Polls until `check` holds (a condition, not a timing: the bound only keeps a broken build from hanging). */
async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}

beforeAll(async () => {
  if (!onPg) return;
  a = await createTestApp();
  b = await createTestApp({}, { sameDatabaseAs: a });
  productor = await createUser(a, 'PRODUCTOR', { perfil: true });
  loteId = (await postLote(a, productor, { nombre: 'Nombre de antes' })).id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(!onPg)('the LISTEN connection lost and back', () => {
  it('answers not ready while it is down, and re-reads what changed meanwhile once it is back', async () => {
    const ready = async () => (await a.app.inject({ method: 'GET', url: '/api/ready' })).statusCode;
    const nombreEnA = async () => {
      const one = json(await a.app.inject({ method: 'GET', url: `/api/lotes/${loteId}` })).data.lote.nombre as string;
      const list = json(await a.app.inject({ method: 'GET', url: '/api/lotes?q=Nombre' })).data.lotes as Array<{
        id: string;
        nombre: string;
      }>;
      return [one, list.find((l) => l.id === loteId)?.nombre];
    };
    expect(await ready()).toBe(200);
    expect(await nombreEnA()).toEqual(['Nombre de antes', 'Nombre de antes']);

    const admin = new pg.Client({ connectionString: a.database.url });
    await admin.connect();
    try {
      // Every listener of this database (both processes') loses its connection.
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await until(async () => (await ready()) === 503, 'ready answers 503 while not listening');
    const body = json(await a.app.inject({ method: 'GET', url: '/api/ready' }));
    expect(body.error.code).toBe('NOT_READY');

    // The other process renames the lot while nobody listens: its NOTIFY reaches no one.
    const put = await b.app.inject({
      method: 'PUT',
      url: `/api/lotes/${loteId}`,
      headers: bearer({ token: await b.app.tokens.sign(productor.id, productor.tokenVersion) }),
      payload: { nombre: 'Nombre de después' },
    });
    expect(put.statusCode, put.body).toBe(200);

    await until(async () => (await ready()) === 200, 'ready again once listening');
    await until(
      async () => (await nombreEnA()).every((n) => n === 'Nombre de después'),
      'the rename reaches the first process',
      5_000,
    );
  });
  it('forgets a lot hidden while it was not listening: gone from its catalogue and its page once it is back', async () => {
    const ready = async () => (await a.app.inject({ method: 'GET', url: '/api/ready' })).statusCode;
    const oculto = (await postLote(a, productor, { nombre: 'Lote que se oculta' })).id;
    const enA = async () => {
      const one = (await a.app.inject({ method: 'GET', url: `/api/lotes/${oculto}` })).statusCode;
      const list = json(await a.app.inject({ method: 'GET', url: '/api/lotes?q=oculta' })).data.lotes as Array<{
        id: string;
      }>;
      return { one, listed: list.some((l) => l.id === oculto) };
    };
    // Read once, so the page and the catalogue are cached and indexed on this process.
    await until(async () => (await enA()).listed, 'the new lot is in the first process’s catalogue');
    expect(await enA()).toEqual({ one: 200, listed: true });

    const admin = new pg.Client({ connectionString: a.database.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await until(async () => (await ready()) === 503, 'ready answers 503 while not listening');

    // The producer hides the lot through the other process while nobody listens.
    const put = await b.app.inject({
      method: 'PUT',
      url: `/api/lotes/${oculto}`,
      headers: bearer({ token: await b.app.tokens.sign(productor.id, productor.tokenVersion) }),
      payload: { ocultar: true },
    });
    expect(put.statusCode, put.body).toBe(200);

    await until(async () => (await ready()) === 200, 'ready again once listening');
    await until(
      async () => {
        const now = await enA();
        return now.one === 404 && !now.listed;
      },
      'the hidden lot leaves the first process’s catalogue and page',
      5_000,
    );
  });
});
