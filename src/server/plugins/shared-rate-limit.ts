import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { limitesPeticiones } from '../db/schema';
import type { Task } from '../scheduler';

/*
 * Every limit of @fastify/rate-limit counted where every replica counts (docs/decisions/061): with the library's
 * in-memory store each replica counted on its own, and two replicas let through twice the limit (issue 31:
 * /api/client-errors 60 of 80 instead of 30). In Redis when REDIS_URL is set, otherwise in the database. Either way
 * one round trip per limited request that starts a new window when the stored one is over, on the store's clock,
 * which every replica shares.
 */

/** The route a store counts for: the route's `groupId`, or its method and URL. */
function routeOf(options: Parameters<FastifyRateLimitStore['child']>[0]): string {
  // The plugin's types say it passes the route's options; it passes its merged parameters, which hold the route
  // (`routeInfo`) and the route's `groupId`, if any.
  const params = options as unknown as { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };
  const { method, url } = params.routeInfo ?? {};
  return params.groupId ?? `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url ?? ''}`;
}

/** The store for one route: keys are `<route>|<client key>` (the client's address unless the route says otherwise). */
export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    private readonly route = '*',
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    this.count(key, timeWindow).then(
      (result) => callback(null, result),
      (err: unknown) => {
        this.log?.warn({ err, route: this.route }, 'rate limit not counted');
        callback(err as Error);
      },
    );
  }

  /** The store of one limited route. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
    return new DatabaseRateLimitStore(this.db, this.log, routeOf(options));
  }

  private async count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const clave = `${this.route}|${key}`.slice(0, 500);
    const t = limitesPeticiones;
    const ms = Math.max(1, Math.round(windowMs));
    const rows = await this.db
      .insert(t)
      .values({ clave, cuenta: 1, hasta: sql`clock_timestamp() + ${ms} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: t.clave,
        set: {
          cuenta: sql`case when ${t.hasta} <= clock_timestamp() then 1 else ${t.cuenta} + 1 end`,
          hasta: sql`case when ${t.hasta} <= clock_timestamp() then excluded.hasta else ${t.hasta} end`,
        },
      })
      .returning({
        cuenta: t.cuenta,
        ttl: sql<string>`greatest(0, ceil(extract(epoch from (${t.hasta} - clock_timestamp())) * 1000))`,
      });
    return { current: rows[0].cuenta, ttl: Number(rows[0].ttl) };
  }
}

/*
 * One key per window: INCR, and the first count of a window sets its expiry. Redis forgets a finished window by
 * itself (the database's windows need the sweep task below).
 */
const REDIS_INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** The same store in Redis: keys are `<REDIS_PREFIX>limite:<route>|<client key>`. */
export class RedisRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log?: FastifyBaseLogger,
    private readonly route = '*',
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const clave = `${this.prefix}limite:${this.route}|${key}`.slice(0, 500);
    this.redis.eval(REDIS_INCR, 1, clave, Math.max(1, Math.round(timeWindow))).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        callback(null, { current, ttl });
      },
      (err: unknown) => {
        this.log?.warn({ err, route: this.route }, 'rate limit not counted');
        callback(err as Error);
      },
    );
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
    return new RedisRateLimitStore(this.redis, this.prefix, this.log, routeOf(options));
  }
}

/** What the limits are counted in: Redis when REDIS_URL is set, the database otherwise. */
export interface RateLimitBackend {
  db: Db;
  redis?: { url: string; prefix: string };
}

/**
 * Opens Redis for the limits, or says clearly why not: a replica that counted on its own would let through the
 * limit once per replica, so it does not start.
 */
async function connectRedis(url: string, app: FastifyInstance): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // A limit never waits long: a command that cannot be sent or answered within a second fails, and the request
    // goes through (skipOnError, logged).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 5000,
  });
  redis.on('error', (err: Error) => app.log.warn({ err }, 'redis'));
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: no se pudo conectar con Redis, donde se cuentan los límites de peticiones (${(err as Error).message})`,
      { cause: err },
    );
  }
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** Registers @fastify/rate-limit (opt-in per route, `config.rateLimit`) on the shared store. */
export async function registerSharedRateLimit(app: FastifyInstance, backend: RateLimitBackend) {
  const { db } = backend;
  const redis = backend.redis ? await connectRedis(backend.redis.url, app) : undefined;
  const prefix = backend.redis?.prefix ?? '';
  // The plugin builds its store with `new`: a class bound to this app's database or Redis.
  const Store = redis
    ? class extends RedisRateLimitStore {
        constructor() {
          super(redis!, prefix, app.log);
        }
      }
    : class extends DatabaseRateLimitStore {
        constructor() {
          super(db, app.log);
        }
      };
  app.log.debug({ store: redis ? 'redis' : 'database' }, 'request limits');
  await app.register(rateLimit, {
    global: false,
    store: Store,
    // A store that does not answer lets the request through (logged): a limit is no reason for a 500.
    skipOnError: true,
  });
}

/** Scheduler task: forgets windows that are over (every 10 minutes, in one process). */
export const rateLimitSweepTask: Task = {
  name: 'limites.limpiar',
  everyMs: 10 * 60_000,
  run: async ({ db }) => {
    const gone = await db
      .delete(limitesPeticiones)
      .where(lt(limitesPeticiones.hasta, sql`clock_timestamp()`))
      .returning({ clave: limitesPeticiones.clave });
    return gone.length;
  },
};
