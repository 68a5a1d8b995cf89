import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { notFound } from './errors';

/** A SQLSTATE (`23505`, `57P01`…) on the error or the driver error it wraps: a failed query. */
function sqlState(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

const tokenMatches = (sent: string | undefined, want: string) => {
  const a = Buffer.from(sent ?? '');
  const b = Buffer.from(`Bearer ${want}`);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus' text format, one registry per app. Served only with `Authorization: Bearer
 * <METRICS_TOKEN>`; without the setting the route answers 404 like any unknown path (README, "Métricas").
 * Figures that live in the database (outbox, scheduler, orders, samples, payments) are read at scrape time, so that
 * every replica reports the same shared truth; process figures (latency, pool, event loop, catalogue) are per
 * replica (Prometheus adds the `instance` label).
 */
export function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new Histogram({
    name: 'cereza_http_request_duration_seconds',
    help: 'Duración de las respuestas HTTP por ruta y estado',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queryErrors = new Counter({
    name: 'cereza_db_query_errors_total',
    help: 'Peticiones que fallaron por un error de la base de datos, por SQLSTATE',
    labelNames: ['sqlstate'] as const,
    registers: [registry],
  });

  const client = (app.db as unknown as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  new Gauge({
    name: 'cereza_db_pool_connections',
    help: 'Conexiones del pool de PostgreSQL por estado (total, libres, peticiones esperando)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new Gauge({
    name: 'cereza_catalogo_lotes',
    help: 'Lotes en el índice del catálogo de este proceso',
    registers: [registry],
    collect() {
      this.set(app.catalogo.size);
    },
  });
  new Gauge({
    name: 'cereza_catalogo_recargas',
    help: 'Cargas y recargas del índice del catálogo desde el arranque de este proceso',
    registers: [registry],
    collect() {
      this.set(app.catalogo.reloads);
    },
  });

  // Shared figures: one query per scrape for all of them.
  const outbox = new Gauge({
    name: 'cereza_correos_pendientes',
    help: 'Correos por enviar (PENDIENTE o ENVIANDO)',
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'cereza_correos_pendientes_antiguedad_segundos',
    help: 'Antigüedad del correo pendiente más viejo',
    registers: [registry],
  });
  const tasksDue = new Gauge({
    name: 'cereza_tareas_vencidas',
    help: 'Tareas programadas cuya hora ya llegó',
    registers: [registry],
  });
  const tasksLate = new Gauge({
    name: 'cereza_tareas_atrasadas',
    help: 'Tareas programadas con más de 5 minutos de retraso',
    registers: [registry],
  });
  const business = new Gauge({
    name: 'cereza_negocio',
    help: 'Pedidos, muestras y pagos registrados (totales de la base de datos)',
    labelNames: ['objeto'] as const,
    registers: [registry],
  });

  async function readShared() {
    const now = app.clock.now();
    const rows = await app.db.execute<Record<string, string | number | null>>(sql`
      select
        (select count(*) from correos where estado in ('PENDIENTE', 'ENVIANDO')) as correos,
        (select extract(epoch from (${now.toISOString()}::timestamptz - min(created_at)))
           from correos where estado in ('PENDIENTE', 'ENVIANDO')) as correos_edad,
        (select count(*) from tareas_programadas where proxima_at <= ${now.toISOString()}::timestamptz) as vencidas,
        (select count(*) from tareas_programadas
           where proxima_at <= ${now.toISOString()}::timestamptz - interval '5 minutes') as atrasadas,
        (select count(*) from pedidos) as pedidos,
        (select count(*) from muestras) as muestras,
        (select count(*) from pedidos where estado_pago = 'PAGADO') as pagos`);
    const r =
      (rows as unknown as { rows?: Array<Record<string, unknown>> }).rows?.[0] ??
      (rows as unknown as Array<Record<string, unknown>>)[0];
    const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
    outbox.set(n(r.correos));
    outboxAge.set(Math.max(0, n(r.correos_edad)));
    tasksDue.set(n(r.vencidas));
    tasksLate.set(n(r.atrasadas));
    business.set({ objeto: 'pedidos' }, n(r.pedidos));
    business.set({ objeto: 'muestras' }, n(r.muestras));
    business.set({ objeto: 'pagos' }, n(r.pagos));
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: a bounded set of label values.
    const route = request.routeOptions.url ?? 'sin-ruta';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (_request, _reply, err) => {
    const state = sqlState(err);
    if (state) queryErrors.inc({ sqlstate: state });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token || !tokenMatches(request.headers.authorization, token)) throw notFound('ROUTE_NOT_FOUND');
    await readShared();
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
