import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { limitesPeticiones } from '../db/schema';
import { rateLimitSweepTask } from './shared-rate-limit';

/*
 * Two server processes on one database (two pools on PostgreSQL when DATABASE_URL is set) count against one limit
 * (issue 31: with the in-memory store, /api/client-errors let 60 of 80 through two replicas instead of 30).
 */

let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { sameDatabaseAs: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const report = (ctx: TestContext, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    remoteAddress: ip,
    payload: { message: 'Page Not Found: /x' },
  });

describe('a request limit shared by every replica', () => {
  it('lets 30 reports a minute through two replicas together, not 30 each', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await report(i % 2 ? b : a, '203.0.113.7')).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(30);
    expect(codes.slice(0, 30).every((c) => c === 204)).toBe(true);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
    const refused = await report(a, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts each client address and each route apart', async () => {
    expect((await report(b, '203.0.113.8')).statusCode).toBe(204);
    const upload = await a.app.inject({ method: 'POST', url: '/api/uploads', remoteAddress: '203.0.113.7' });
    expect(upload.statusCode).toBe(401);
  });

  it('starts a new window when the old one is over, and the sweep forgets finished windows', async () => {
    await a.app.db.update(limitesPeticiones).set({ hasta: new Date(Date.now() - 1000) });
    expect((await report(b, '203.0.113.7')).statusCode).toBe(204);
    const rows = await a.app.db.select().from(limitesPeticiones);
    expect(rows.find((r) => r.clave.endsWith('|203.0.113.7') && r.clave.includes('client-errors'))?.cuenta).toBe(1);
    await a.app.db.update(limitesPeticiones).set({ hasta: new Date(Date.now() - 1000) });
    await a.app.scheduler.runTask(rateLimitSweepTask.name);
    expect(await a.app.db.select().from(limitesPeticiones)).toEqual([]);
  });
});
