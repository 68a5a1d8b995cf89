import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './test/helpers';
import { trustsPeer } from './lib/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An app whose log lines are kept, with a route that fails the way a bug does. */
async function appWithLog(trustProxy: false | number) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const ctx = await createTestApp(
    { trustProxy },
    {
      logger: { level: 'info', stream },
      before: (app) => {
        app.get('/api/test/falla', async (request) => {
          request.log.info('antes de fallar');
          throw new Error('detalle interno');
        });
      },
    },
  );
  return { ctx, lines };
}

describe('request ids (issue 31)', () => {
  let direct: Awaited<ReturnType<typeof appWithLog>>;
  let proxied: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    direct = await appWithLog(false);
    proxied = await appWithLog(1);
  });
  afterAll(async () => {
    await direct.ctx.close();
    await proxied.ctx.close();
  });

  it('each answer carries a random UUID, different every time (never req-1 in each process)', async () => {
    const a = await direct.ctx.app.inject({ method: 'GET', url: '/api/health' });
    const b = await proxied.ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('takes X-Request-Id from a trusted proxy only', async () => {
    const headers = { 'x-request-id': 'nginx-7f3a9c' };
    const fromProxy = await proxied.ctx.app.inject({ method: 'GET', url: '/api/health', headers });
    expect(fromProxy.headers['x-request-id']).toBe('nginx-7f3a9c');
    const fromClient = await direct.ctx.app.inject({ method: 'GET', url: '/api/health', headers });
    expect(fromClient.headers['x-request-id']).toMatch(UUID);
    // A header that could forge log lines is never taken.
    const forged = await proxied.ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b\n{"level":60}' },
    });
    expect(forged.headers['x-request-id']).toMatch(UUID);
  });

  it('a 500 names its request in the body, and every log line of that request carries the id', async () => {
    const res = await proxied.ctx.app.inject({
      method: 'GET',
      url: '/api/test/falla',
      headers: { 'x-request-id': 'fallo-123' },
    });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: expect.any(String) },
      requestId: 'fallo-123',
    });
    expect(res.body).not.toContain('detalle interno');
    const mine = proxied.lines.filter((l) => l.reqId === 'fallo-123');
    expect(mine.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'antes de fallar', 'unhandled error', 'request completed']),
    );
    // No line of the request lacks the id.
    expect(
      proxied.lines.filter((l) => JSON.stringify(l).includes('/api/test/falla') && l.reqId !== 'fallo-123'),
    ).toEqual([]);
  });

  it('trusts a peer by TRUST_PROXY: a hop count, or a list of addresses and ranges', () => {
    expect(trustsPeer(false, '127.0.0.1')).toBe(false);
    expect(trustsPeer(1, '10.0.0.1')).toBe(true);
    expect(trustsPeer(['127.0.0.1', '10.0.0.2'], '::ffff:10.0.0.2')).toBe(true);
    expect(trustsPeer(['10.0.0.0/8'], '10.1.2.3')).toBe(true);
    expect(trustsPeer(['10.0.0.2'], '10.0.0.3')).toBe(false);
  });
});
