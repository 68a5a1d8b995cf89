import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { usePreparedStatements } from './pglite-prepared';

/** One Drizzle type for both drivers: the query builder API is the same. */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction of either driver, as `db.transaction(async (tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services that write take either: a transaction of the caller's, or the database (one statement each). */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed on PGlite; one on pg). */
  exec(sqlText: string): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (PostgreSQL delivers it when the notifying transaction
   * commits, to every process listening). Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    /** Told when the listening connection is lost (false) and when it listens again (true). */
    onListening?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Hears the errors a connection reports outside any query (a backend terminated while idle or between the
   * statements of a transaction). They are handled whether or not anyone listens: node-postgres emits them as
   * 'error' events, which kill the process when nobody handles them.
   */
  onConnectionError(listener: (err: Error) => void): void;
}

export interface OpenOptions {
  /** A postgres:// URL selects node-postgres; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
  /** A dump (tarball) to start PGlite from: the migrated test template (in memory), or a backup (into pgliteDir). */
  loadDataDir?: Blob;
  /** Extra pg options, e.g. a search_path for an isolated test schema. */
  pgOptions?: string;
  /** Skip the single-writer lock (only for in-memory PGlite or pg). */
  lock?: boolean;
}

/**
 * Drizzle's transaction on a pool checks a client out, sends `begin` and only then enters the try whose finally
 * releases it: when `begin` itself fails (its backend terminated between the checkout and the statement) the client
 * is never released. Each such failure held one of the pool's ten slots for good, and `pool.end()` waited for it
 * forever (the connection-loss test's close hung on PostgreSQL). Here a client checked out without a callback (the
 * way drizzle does) releases itself, with the error, when its `begin` fails; its release is made idempotent so a
 * later drizzle that does release it in that case cannot throw "Release called on client which has already been
 * released".
 */
export function releaseOnFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  (pool as { connect: unknown }).connect = (cb?: unknown) => {
    if (cb) return connect(cb);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      let released = false;
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        release(err);
      };
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const result = query(...args);
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
        if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
        return result.catch((err: unknown) => {
          client.release(err instanceof Error ? err : new Error(String(err)));
          throw err;
        });
      };
      return client;
    });
  };
}

/**
 * Named statements on PostgreSQL (issue 33, docs/decisions/079): Drizzle sends each statement unnamed, which
 * PostgreSQL parses, analyses and plans again every time, on the same two cores as the server. node-postgres
 * prepares a statement once per connection when the query has a name: each text gets one, up to `max` texts a
 * connection (further texts go unnamed: an `in (…)` of every length cannot fill the backend's memory; the pool closes
 * idle connections, and their statements with them). A text that fails to parse is not remembered by node-postgres,
 * so it is parsed again next time, as before.
 */
export function nameStatements(client: pg.ClientBase, max = 256): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (
      config &&
      typeof config === 'object' &&
      !('name' in config && (config as { name?: unknown }).name) &&
      typeof (config as { text?: unknown }).text === 'string' &&
      !('submit' in config) &&
      /^\s*(select|insert|update|delete|with)\b/i.test((config as { text: string }).text)
    ) {
      const text = (config as { text: string }).text;
      let name = names.get(text);
      if (!name && names.size < max) {
        name = `cereza_${names.size + 1}`;
        names.set(text, name);
      }
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/**
 * The embedded engine's start: PGlite's own parameters, and a buffer pool of 16 MB instead of PostgreSQL's 128 MB.
 * The pool lives in the engine's WebAssembly memory, which the process holds resident from the start (zeroed when
 * the engine starts) and never gives back; the catalogue and the pages are answered from memory (the index), so the
 * pool serves writes and detail reads, whose pages the operating system's file cache keeps anyway (issue 33:
 * about 110 MB of resident memory less).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: opts.pgOptions,
      // A database that does not answer fails the request (503) instead of queueing it for good.
      connectionTimeoutMillis: 10_000,
    });
    const errorListeners = new Set<(err: Error) => void>();
    const reportError = (err: Error) => {
      for (const listener of errorListeners) listener(err);
    };
    // An idle connection's error reaches the pool; a checked-out one's (inside a transaction, between its
    // statements) reaches only the client: each gets a handler. The query in flight, if any, fails with it, and
    // the pool drops the broken client when it is released.
    pool.on('error', reportError);
    pool.on('connect', (client) => {
      client.on('error', reportError);
      nameStatements(client);
    });
    releaseOnFailedBegin(pool);
    const db = drizzlePg(pool, { schema });
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      driver: 'postgres',
      exec: async (s) => {
        await pool.query(s);
      },
      listen: async (channel, onNotify, onListening) => {
        const stop = await listenPg(opts.databaseUrl!, opts.pgOptions, channel, onNotify, onListening);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      onConnectionError: (listener) => errorListeners.add(listener),
    };
  }

  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (opts.pgliteDir) {
    const dir = path.resolve(opts.pgliteDir);
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(path.dirname(dir));
    try {
      // A dump to load into an empty folder: `npm run restore` (src/server/backup.ts).
      client = await PGlite.create(dir, {
        ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
        startParams: PGLITE_START_PARAMS,
      });
      privateTree(dir);
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    client = await PGlite.create({
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      startParams: PGLITE_START_PARAMS,
    });
  }
  usePreparedStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    exec: async (s) => {
      await client.exec(s);
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      try {
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        lock?.release();
      }
    },
    // An embedded database has no connection to lose.
    onConnectionError: () => {},
  };
}

/** The listening connections' name in pg_stat_activity (an operator, or a test, can find them by it). */
export const LISTENER_APPLICATION_NAME = 'cereza-listen';

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A dropped connection is
 * opened again a second later (then every few seconds); what was notified meanwhile is lost, so `onListening`
 * tells the caller, which reads again what it keeps (src/server/events.ts).
 */
async function listenPg(
  url: string,
  options: string | undefined,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: ((listening: boolean) => void) | undefined,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(
      () => {
        retry = undefined;
        connect().then(
          () => {
            failures = 0;
            if (!stopped) onListening?.(true);
          },
          () => {
            failures++;
            scheduleReconnect();
          },
        );
      },
      Math.min(1_000 * 2 ** failures, 5_000),
    );
    retry.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, options, application_name: LISTENER_APPLICATION_NAME });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      c.end().catch(() => {});
      onListening?.(false);
      scheduleReconnect();
    };
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

/**
 * Takes group and other access off everything under dir (issue 26: files under DATA_DIR are the server user's
 * alone). The embedded database writes the files of a new cluster (initdb, or a dump loaded) with explicit modes,
 * 0666 and 0644, that the process's umask does not narrow; the files it creates afterwards follow the umask.
 */
export function privateTree(dir: string): void {
  const st = lstatSync(dir);
  if (st.isSymbolicLink()) return;
  try {
    if (st.mode & 0o077) chmodSync(dir, st.mode & 0o700);
  } catch (err) {
    // Another user's file (EPERM): left as it is rather than refusing to start.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
  if (st.isDirectory()) for (const name of readdirSync(dir)) privateTree(path.join(dir, name));
}
