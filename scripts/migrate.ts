/**
 * Applies the committed migrations to the database the server would use (DATA_DIR's embedded PostgreSQL, or
 * DATABASE_URL) without starting the server: the first step of a rollout (docs/decisions/044). Safe to run while
 * the previous release serves traffic, because every migration only expands (the check in
 * src/server/db/migrations.test.ts); safe to run twice, or from two machines at once (advisory lock).
 *
 *   npm run migrate
 *   DATABASE_URL=postgres://cereza@db:5432/cereza npm run migrate
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { migrate } from '../src/server/db/migrate';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    const applied = await migrate(database.db);
    console.log(applied ? `Migraciones aplicadas: ${applied}.` : 'La base de datos ya estaba al día.');
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
