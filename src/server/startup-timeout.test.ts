import { afterAll, describe, expect, it } from 'vitest';
import { PLUGIN_TIMEOUT_MS } from './app';
import { createTestApp, type TestContext } from './test/helpers';

/*
 * Getting ready (the catalogue read into memory, search texts brought up to date) took more than Fastify's default
 * 10 s on a busy host, and the server exited during start-up ("A callback for 'onReady' hook timed out"). A slow
 * start must still be a start.
 */
describe('a slow start-up is still a start', () => {
  let ctx: TestContext | undefined;
  afterAll(async () => ctx?.close());

  it('waits for an onReady hook that takes longer than Fastify’s default 10 s', async () => {
    expect(PLUGIN_TIMEOUT_MS).toBeGreaterThan(10_500);
    let done = false;
    ctx = await createTestApp(
      {},
      {
        before: (app) => {
          app.addHook('onReady', async () => {
            await new Promise((resolve) => setTimeout(resolve, 10_500));
            done = true;
          });
        },
      },
    );
    expect(done).toBe(true);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  }, 60_000);
});
