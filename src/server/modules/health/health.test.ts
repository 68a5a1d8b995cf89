import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('health and readiness', () => {
  it('answers liveness', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, status: 'ok' });
  });

  it('is ready once migrations are applied', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(json(res).status).toBe('ready');
  });

  it('publishes the client configuration without a Google client id by default', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(json(res)).toMatchObject({ success: true, googleClientId: null });
  });

  it('publishes the map tile template and lets the page load its tiles (CSP img-src), issue 30', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(json(res).mapa).toEqual({
      teselas: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      atribucion: '&copy; OpenStreetMap',
    });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain('https://*.tile.openstreetmap.org');

    const local = await createTestApp({
      mapa: { teselas: 'https://teselas.example:8443/{z}/{x}/{y}.png', atribucion: 'x' },
    });
    try {
      const r = await local.app.inject({ method: 'GET', url: '/api/config' });
      expect(String(r.headers['content-security-policy'])).toContain('https://teselas.example:8443');
      expect(String(r.headers['content-security-policy'])).not.toContain('openstreetmap');
    } finally {
      await local.close();
    }
  });
});
