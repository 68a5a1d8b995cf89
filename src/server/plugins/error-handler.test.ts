import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, createTestApp, json, type TestContext } from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('error shaping', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({
      success: false,
      error: { code: 'ROUTE_NOT_FOUND', message: 'La ruta solicitada no existe.' },
    });
  });

  it('refuses malformed JSON with a Spanish 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toBe('El cuerpo de la petición no es un JSON válido.');
  });

  it('refuses an unsupported content type with a 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an oversized body with a 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res).error.message).toBe('El contenido enviado es demasiado grande.');
  });

  it('hides internal errors behind a generic 500 and logs the detail', async () => {
    const { buildApp } = await import('../app');
    const { stream, lines: logged } = captureLog();
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: { level: 'error', stream },
    });
    app.get('/api/__boom', async () => {
      throw new Error('secreto interno: conexión a 10.0.0.5 rechazada');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/__boom' });
      expect(res.statusCode).toBe(500);
      // The request's id (issue 31) is all a 5xx says beside the generic message.
      expect(json(res)).toEqual({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: 'Error interno del servidor.' },
        requestId: res.headers['x-request-id'],
      });
      expect(res.body).not.toContain('secreto');
      expect(JSON.stringify(logged)).toContain('secreto interno');
    } finally {
      await app.close();
    }
  });

  it('does not take a client that hangs up mid-body for a lost database connection', async () => {
    const { buildApp } = await import('../app');
    const { stream, lines: logged } = captureLog<{ level: number; msg: string }>();
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: { level: 'info', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST /api/client-errors HTTP/1.1\r\nHost: cereza\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message":"',
      );
      // The request has reached the server (logged as incoming) before the client goes away.
      const until = async (ok: () => boolean, ms: number) => {
        for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
      };
      await until(() => logged.some((l) => l.msg === 'incoming request'), 10_000);
      expect(logged.map((l) => l.msg)).toContain('incoming request');
      const before = logged.length;
      socket.destroy();
      // Before the fix the warning came at once: a second is ample.
      await until(() => logged.slice(before).some((l) => l.level >= 40), 1_000);
      expect(logged.slice(before).filter((l) => l.level >= 40)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the same security headers on every kind of answer (computed once, set on each response)', async () => {
    const answers = await Promise.all(
      ['/api/health', '/api/lotes?q=caturra', '/api/no-existe', '/api/lotes?page=0'].map((url) =>
        ctx.app.inject({ method: 'GET', url }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 400]);
    for (const res of answers) {
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });
});
