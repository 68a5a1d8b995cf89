/**
 * Loads the demo marketplace into the database the server would use (DATA_DIR's embedded PostgreSQL, or
 * DATABASE_URL), after applying migrations. Does nothing when the database already has users.
 *
 *   npm run seed
 *   DATA_DIR=/tmp/cereza npm run seed
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cereza npm run seed
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { migrate } from '../src/server/db/migrate';
import { seedIfEmpty, type SeedLog } from '../src/server/db/seed/index';
import { createStorage } from '../src/server/storage/create';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    const applied = await migrate(database.db);
    if (applied) console.log(`Migraciones aplicadas: ${applied}.`);
    const started = Date.now();
    const log: SeedLog = { info: (obj, msg) => console.log(msg ?? '', JSON.stringify(obj)) };
    const lotes = await seedIfEmpty(database.db, createStorage(config), log);
    if (lotes) {
      console.log(`Datos de demostración cargados: ${lotes} lotes en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      console.log('Cuentas y contraseña: docs/demo-accounts.md');
    } else {
      console.log('La base de datos ya tiene usuarios: no se cargan datos de demostración.');
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
