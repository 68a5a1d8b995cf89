/**
 * Cereza's operator resolves buyers' claims on orders (TRADE.md "Orders as contracts", docs/decisions/035): lists
 * the open ones and resolves one with no change, a discount or the cancellation; also cancels a reserved or
 * confirmed order. Uses the database the server would use (DATA_DIR's embedded PostgreSQL, or DATABASE_URL), after
 * applying migrations; stop `npm start` first when the database is the embedded one (it allows one process).
 *
 *   npm run reclamos -- listar
 *   npm run reclamos -- resolver CZ-2026-000123 descuento "150,00" --motivo "Humedad por encima de lo pactado"
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { migrate } from '../src/server/db/migrate';
import { runReclamos } from '../src/server/modules/pedidos/reclamos-cli';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await migrate(database.db);
    return await runReclamos(process.argv.slice(2), {
      db: database.db,
      now: () => new Date(),
      out: (l) => console.log(l),
      err: (l) => console.error(l),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  },
);
