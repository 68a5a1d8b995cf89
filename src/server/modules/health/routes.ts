import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsApplied } from '../../db/migrate';
import { parseOr400 } from '../../validation';

const ClientErrorSchema = z.object({
  message: z.string().min(1).max(500),
  path: z.string().max(500).optional(),
  fatal: z.boolean().default(false),
});

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

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const buildId = readBuildId(app.config.webDir);

  app.get('/health', async () => ({ success: true, status: 'ok' }));

  app.get('/ready', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      const migrated = await migrationsApplied(app.db);
      if (!migrated) {
        return reply.status(503).send({
          success: false,
          error: { code: 'NOT_READY', message: 'Las migraciones de la base de datos no están aplicadas.' },
        });
      }
      return { success: true, status: 'ready', database: app.database.driver };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({
        success: false,
        error: { code: 'NOT_READY', message: 'La base de datos no está disponible.' },
      });
    }
  });

  /** Public runtime settings for the client; a null googleClientId hides Google sign-in. */
  app.get('/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { success: true, googleClientId: app.config.google.clientId ?? null, buildId };
  });

  /** The hourly newer-build check compares this with the build the page was loaded from. */
  app.get('/build', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, buildId };
  });

  /** Errors the browser reports (e.g. "Page Not Found: /x"), so that they reach the server log. */
  app.post('/client-errors', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const report = parseOr400(ClientErrorSchema, request.body);
    const ua = String(request.headers['user-agent'] ?? '').slice(0, 200);
    if (report.fatal) request.log.error({ clientError: report, ua }, 'client error');
    else request.log.warn({ clientError: report, ua }, 'client non-fatal error');
    return reply.status(204).send();
  });
};
