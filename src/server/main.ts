import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { ConfigError, exposeNodeEnv, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';
import { buildApp, LOG_REDACT, LOG_SERIALIZERS } from './app';
import { serveBackups } from './backup-socket';
import { loadSsrModule } from './ssr';
import { publishWebAssets } from './storage/web-assets';
import { createLogOutput } from './log-output';
import { SHUTDOWN_BOUND_MS, startExitWatchdog } from './exit-watchdog';

const here = path.dirname(fileURLToPath(import.meta.url));

function findWebDir(): string | undefined {
  for (const candidate of [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')]) {
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

async function main() {
  // Whatever else writes under DATA_DIR (the lock, the embedded database's files, a library's temporary file) is
  // private too; the files of a new embedded cluster, written with explicit modes, are narrowed by openDatabase.
  process.umask(0o077);
  const config = loadConfig();
  config.webDir ??= findWebDir();
  exposeNodeEnv(config);

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, redact: LOG_REDACT, serializers: LOG_SERIALIZERS, stream: createLogOutput() },
    ssr: await loadSsrModule(config.webDir),
  });

  let backups: { close(): Promise<void> } | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Past the bound the process ends however stuck it is: first from this thread, then, if this thread is blocked
    // in something synchronous, from the watchdog's.
    startExitWatchdog(SHUTDOWN_BOUND_MS);
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_BOUND_MS - 1_000);
    force.unref();
    try {
      await app.close();
      await backups?.close();
      await database.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    const applied = await migrate(database.db);
    if (applied) app.log.info({ applied }, 'migrations applied');
    if (config.demoData) {
      await seedIfEmpty(database.db, app.storage, app.log);
    }
    // This build's hashed files go to the shared store before the first page of this release goes out: a replica
    // of another release answers them from there (a rollout runs both).
    if (config.webDir) {
      await publishWebAssets(app.storage, config.webDir, app.log, { keepReleases: config.webReleasesKept }).catch(
        (err: unknown) => app.log.warn({ err }, 'web assets not published to the shared store'),
      );
    }
    await app.listen({ port: config.port, host: config.host });
    // `npm run backup` on the embedded database asks this process, which holds it (docs/decisions/063).
    if (database.driver === 'pglite') {
      backups = await serveBackups({ config, database, storage: app.storage }, app.log).catch((err: unknown) => {
        app.log.warn({ err }, 'backups of the running server are not served: npm run backup needs it stopped');
        return undefined;
      });
    }
    // Due work at start-up (what was pending before a restart goes out now), then every minute.
    app.scheduler.start();
    if (!config.mail.smtpUrl)
      app.log.info({ dir: config.mail.dir }, `no SMTP_URL: e-mail is written as .eml files in ${config.mail.dir}`);
    if (!config.webDir) app.log.warn('no built web app found: run `npm run build` (API only)');
  } catch (err) {
    app.log.error({ err }, 'start-up failed');
    await database.close().catch(() => {});
    process.exit(1);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
