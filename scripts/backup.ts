/**
 * One archive with the database and every stored file (docs/decisions/063, docs/deploy/README.md):
 *
 *   npm run backup                                   # ./backups/cereza-<time>.tar, from DATA_DIR (server stopped)
 *   npm run backup -- /srv/copias/cereza-$(date +%F).tar
 *   DATABASE_URL=postgres://… S3_BUCKET=… npm run backup    # pg_dump of the running database + the bucket
 *
 * The embedded database belongs to one process: stop the server first (its lock refuses otherwise). PostgreSQL is
 * dumped while it serves (pg_dump reads one consistent snapshot).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { BackupError, createBackup } from '../src/server/backup';
import { createStorage } from '../src/server/storage/create';

async function main() {
  const config = loadConfig();
  const file = process.argv[2] ?? path.join('backups', `cereza-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    const manifest = await createBackup({ config, database, storage: createStorage(config) }, file);
    const bytes = manifest.archivos.reduce((n, f) => n + f.bytes, 0);
    console.log(
      `Copia escrita en ${path.resolve(file)}: base de datos (${manifest.motor}) y ${manifest.archivos.length} archivos (${(bytes / 1e6).toFixed(1)} MB).`,
    );
  } finally {
    await database.close();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BackupError;
    console.error(known ? err.message : err);
    process.exit(1);
  });
