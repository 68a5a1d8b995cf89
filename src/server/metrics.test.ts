import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from './test/helpers';
import { postLote } from './modules/lotes/test-fixtures';

const TOKEN = 'metricas-secretas-0123456789';
let ctx: TestContext;
let sinToken: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ metricsToken: TOKEN });
  sinToken = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  await sinToken.close();
});

const scrape = (c: TestContext, authorization?: string) =>
  c.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`). */
function sample(text: string, line: RegExp): number | undefined {
  const found = text.split('\n').find((l) => line.test(l));
  return found ? Number(found.split(' ').pop()) : undefined;
}

describe('GET /metrics (issue 31)', () => {
  it('is not public: 404 without METRICS_TOKEN set, and without or with a wrong token', async () => {
    expect((await scrape(sinToken, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await scrape(ctx)).statusCode).toBe(404);
    expect((await scrape(ctx, `Bearer ${TOKEN}x`)).statusCode).toBe(404);
  });

  it('answers Prometheus text: latency by route and status, event loop, catalogue, outbox, scheduler, business', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    await postLote(ctx, productor);
    await ctx.app.inject({ method: 'GET', url: '/api/lotes/no-existe' });
    // A read of the catalogue waits for the index to hold this process's writes (on PostgreSQL they come by NOTIFY).
    await ctx.app.inject({ method: 'GET', url: '/api/lotes' });
    const res = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      sample(text, /^cereza_http_request_duration_seconds_count\{method="POST",route="\/api\/lotes",status="201"\}/),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /cereza_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/lotes\/:id",status="404"\}/,
    );
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(text, /^cereza_catalogo_lotes /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^cereza_catalogo_recargas /)).toBeGreaterThanOrEqual(1);
    // Registration queued a welcome mail or none: the figure is the table's, whatever it holds.
    expect(sample(text, /^cereza_correos_pendientes /)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^cereza_correos_pendientes_antiguedad_segundos /)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^cereza_tareas_vencidas /)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^cereza_tareas_atrasadas /)).toBeGreaterThanOrEqual(0);
    for (const objeto of ['pedidos', 'muestras', 'pagos'])
      expect(sample(text, new RegExp(`^cereza_negocio\\{objeto="${objeto}"\\}`))).toBe(0);
  });
});
