import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  BuildResponseSchema,
  ClientConfigResponseSchema,
  ClientErrorSchema,
  HealthResponseSchema,
  NotReadyResponseSchema,
  ReadyResponseSchema,
} from '../../../contract/health';
import { migrationsApplied } from '../../db/migrate';
import { route } from '../../lib/route';
import { HEALTH_API } from '../../../contract/health-endpoints';

function readBuildId(webDir?: string): string {
  if (!webDir) return 'dev';
  const file = path.join(webDir, 'build-info.json');
  if (!existsSync(file)) return 'dev';
  try {
    return String(JSON.parse(readFileSync(file, 'utf8')).buildId ?? 'dev');
  } catch {
    return 'dev';
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const buildId = readBuildId(app.config.webDir);

  app.get('/health', { schema: { response: { 200: HealthResponseSchema } } }, async () => ({
    success: true as const,
    status: 'ok' as const,
  }));

  const ready = { 200: ReadyResponseSchema, 503: NotReadyResponseSchema };
  app.get('/ready', { schema: { response: ready } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      // Not hearing the change events, this process may show what other processes changed: send traffic elsewhere.
      if (!app.events.listening) {
        return reply.status(503).send({
          success: false as const,
          error: {
            code: 'NOT_READY',
            message: 'El servidor está recuperando la conexión con la que recibe los cambios de la base de datos.',
          },
        });
      }
      const migrated = await migrationsApplied(app.db);
      if (!migrated) {
        return reply.status(503).send({
          success: false as const,
          error: { code: 'NOT_READY', message: 'Las migraciones de la base de datos no están aplicadas.' },
        });
      }
      return { success: true as const, status: 'ready' as const, database: app.database.driver };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({
        success: false as const,
        error: { code: 'NOT_READY', message: 'La base de datos no está disponible.' },
      });
    }
  });

  /** Public runtime settings for the client; a null googleClientId hides Google sign-in. */
  route(
    app,
    HEALTH_API.config,
    { schema: { response: { 200: ClientConfigResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        success: true as const,
        googleClientId: app.config.google.clientId ?? null,
        buildId,
        mapa: app.config.mapa,
      };
    },
  );

  /** The hourly newer-build check compares this with the build the page was loaded from. */
  app.get('/build', { schema: { response: { 200: BuildResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, buildId };
  });

  /** Errors the browser reports (e.g. "Page Not Found: /x"), so that they reach the server log. */
  const clientErrors = {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    // 204: no answer body to declare.
    schema: { body: ClientErrorSchema },
  };
  app.post('/client-errors', clientErrors, async (request, reply) => {
    const report = request.body;
    const ua = String(request.headers['user-agent'] ?? '').slice(0, 200);
    if (report.fatal) request.log.error({ clientError: report, ua }, 'client error');
    else request.log.warn({ clientError: report, ua }, 'client non-fatal error');
    return reply.status(204).send();
  });
};
