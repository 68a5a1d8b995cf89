import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { limitesPeticiones } from '../db/schema';
import type { Task } from '../scheduler';

/*
 * Every limit of @fastify/rate-limit counted in the database (docs/decisions/061): with the library's in-memory
 * store each replica counted on its own, and two replicas let through twice the limit (issue 31: /api/client-errors
 * 60 of 80 instead of 30). One statement per limited request: an upsert that starts a new window when the stored one
 * is over, with the database's clock, which every replica shares.
 */

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

  /**
   * The store of one limited route. The plugin's types say it passes the route's options; it passes its merged
   * parameters, which hold the route (`routeInfo`) and the route's `groupId`, if any.
   */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
    const params = options as unknown as { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };
    const { method, url } = params.routeInfo ?? {};
    const route = params.groupId ?? `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url ?? ''}`;
    return new DatabaseRateLimitStore(this.db, this.log, route);
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

/** Registers @fastify/rate-limit (opt-in per route, `config.rateLimit`) on the shared store. */
export async function registerSharedRateLimit(app: FastifyInstance, db: Db) {
  // The plugin builds its store with `new`: a class bound to this app's database.
  class Store extends DatabaseRateLimitStore {
    constructor() {
      super(db, app.log);
    }
  }
  await app.register(rateLimit, {
    global: false,
    store: Store,
    // A database that does not answer lets the request through (logged): a limit is no reason for a 500.
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
