import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import type { Db } from '../db/client';
import { limitesPeticiones } from '../db/schema';
import { registerSharedRateLimit } from './shared-rate-limit';

/*
 * With REDIS_URL the request limits are counted in Redis (issue 31: "in PostgreSQL, or in Redis when REDIS_URL is
 * set"). Two server processes, each with its own database as if the database were not what they shared, hold one
 * limit through one Redis; without REDIS_URL the database counts (shared-rate-limit.test.ts). Redis runs on the
 * development machines and in CI at 127.0.0.1:6379 (TEST_REDIS_URL for another); elsewhere the file is skipped with
 * a note, in CI it fails.
 */

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const available = await (async () => {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();
if (!available && process.env.CI) throw new Error(`Redis is not reachable at ${url}`);
if (!available) console.warn(`redis-rate-limit.test.ts: skipped, no Redis at ${url}`);

// Each run its own keys: the PGlite and PostgreSQL passes of npm test run at once on one Redis.
const prefix = `cereza-test-${randomBytes(6).toString('hex')}:`;

const report = (ctx: TestContext, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    remoteAddress: ip,
    payload: { message: 'Page Not Found: /x' },
  });

describe.skipIf(!available)('request limits in Redis when REDIS_URL is set', () => {
  let a: TestContext;
  let b: TestContext;
  let plain: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    a = await createTestApp({ redis: { url, prefix } });
    b = await createTestApp({ redis: { url, prefix } });
    plain = await createTestApp();
    redis = new Redis(url);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await plain?.close();
    await b?.close();
    await a?.close();
  });

  it('two replicas sharing Redis let 30 reports a minute through together, not 30 each', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await report(i % 2 ? b : a, '203.0.113.7')).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(30);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
    const refused = await report(b, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Counted in Redis, with the window's expiry, and not in either database.
    const [key] = await redis.keys(`${prefix}limite:*client-errors*|203.0.113.7`);
    expect(key).toBeDefined();
    expect(Number(await redis.get(key))).toBe(41);
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    expect(await a.app.db.select().from(limitesPeticiones)).toEqual([]);
    expect(await b.app.db.select().from(limitesPeticiones)).toEqual([]);
    // Another address has its own count.
    expect((await report(a, '203.0.113.8')).statusCode).toBe(204);
  });

  it('a new window starts when Redis forgets the old one', async () => {
    const keys = await redis.keys(`${prefix}limite:*client-errors*|203.0.113.7`);
    await redis.del(...keys);
    expect((await report(a, '203.0.113.7')).statusCode).toBe(204);
  });

  it('without REDIS_URL the limit is counted in the database, and Redis is not touched', async () => {
    const before = (await redis.keys(`${prefix}*`)).length;
    expect((await report(plain, '203.0.113.9')).statusCode).toBe(204);
    const rows = await plain.app.db.select().from(limitesPeticiones);
    expect(rows.find((r) => r.clave.endsWith('|203.0.113.9'))?.cuenta).toBe(1);
    expect((await redis.keys(`${prefix}*`)).length).toBe(before);
  });
});

describe('a REDIS_URL that does not answer', () => {
  it('stops the server at start-up with a Spanish message naming the setting', async () => {
    const app = Fastify({ logger: false });
    try {
      await expect(
        registerSharedRateLimit(app, { db: {} as Db, redis: { url: 'redis://127.0.0.1:9', prefix } }),
      ).rejects.toThrow(/REDIS_URL: no se pudo conectar con Redis/);
    } finally {
      await app.close();
    }
  });
});
