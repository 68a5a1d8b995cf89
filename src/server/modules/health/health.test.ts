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
});
