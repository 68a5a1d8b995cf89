import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from './test-fixtures';

/*
 * Two server processes on one database (docs/decisions/007). On PostgreSQL (`DATABASE_URL`) the second app has its
 * own pool and its own LISTEN connection, exactly as a second process would; each keeps its own catalogue index
 * and cache, and only the events (NOTIFY at commit) tell it about the other's writes. On the embedded database,
 * which one process owns, both apps share the handle and the test still checks that the events reach both.
 *
 * "Within a second": the reader polls until it sees the write and gives up after one second.
 */

let a: TestContext;
let b: TestContext;
let productor: TestUser;

const WITHIN_A_SECOND = { timeout: 1000, interval: 10 };

async function catalogue(ctx: TestContext, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/lotes${query}` });
  expect(res.statusCode).toBe(200);
  return json(res).data as {
    lotes: Array<{ id: string; nombre: string; sacosDisponibles: number; perfilProductor: { nombre: string } }>;
  };
}

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { sameDatabaseAs: a });
  productor = await createUser(a, 'PRODUCTOR', { perfil: true, nombre: 'Finca Dos Procesos' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two processes on one database', () => {
  it("see each other's lot writes in their cached catalogue, lot page and home page within a second", async () => {
    // B has answered (and so indexed and cached) before A writes.
    expect((await catalogue(b)).lotes).toEqual([]);
    const home = await b.app.inject({ method: 'GET', url: '/api/inicio' });
    expect(json(home).data.totales.lotes).toBe(0);

    const lote = await postLote(a, productor, { nombre: 'Geisha de dos procesos', sacosDisponibles: 12 });
    await vi.waitFor(async () => {
      expect((await catalogue(b)).lotes.map((l) => l.id)).toEqual([lote.id]);
    }, WITHIN_A_SECOND);
    await vi.waitFor(async () => {
      const res = await b.app.inject({ method: 'GET', url: '/api/inicio' });
      expect(json(res).data.totales.lotes).toBe(1);
    }, WITHIN_A_SECOND);

    // A stock change (the kind orders will make): B's detail shows it, and at 0 bags its catalogue hides the lot.
    const put = await a.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productor),
      payload: { sacosDisponibles: 0 },
    });
    expect(put.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const res = await b.app.inject({ method: 'GET', url: `/api/lotes/${lote.id}` });
      expect(json(res).data.lote.sacosDisponibles).toBe(0);
    }, WITHIN_A_SECOND);
    await vi.waitFor(async () => {
      expect((await catalogue(b)).lotes).toEqual([]);
    }, WITHIN_A_SECOND);
    expect((await catalogue(b, '?agotados=true')).lotes.map((l) => l.sacosDisponibles)).toEqual([0]);
  });

  it("see each other's producer changes on every lot of that producer", async () => {
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/productor/perfil',
      headers: bearer(productor),
      payload: { nombre: 'Cooperativa Renombrada' },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const { lotes } = await catalogue(b, '?agotados=true&q=renombrada');
      expect(lotes.map((l) => l.perfilProductor.nombre)).toEqual(['Cooperativa Renombrada']);
    }, WITHIN_A_SECOND);
  });

  it("see each other's deletions", async () => {
    const lote = await postLote(a, productor, { nombre: 'Lote que se borra', sacosDisponibles: 3 });
    await vi.waitFor(async () => {
      expect((await catalogue(b)).lotes.map((l) => l.id)).toContain(lote.id);
    }, WITHIN_A_SECOND);
    const del = await a.app.inject({ method: 'DELETE', url: `/api/lotes/${lote.id}`, headers: bearer(productor) });
    expect(del.statusCode).toBe(200);
    await vi.waitFor(async () => {
      expect((await b.app.inject({ method: 'GET', url: `/api/lotes/${lote.id}` })).statusCode).toBe(404);
    }, WITHIN_A_SECOND);
  });
});
