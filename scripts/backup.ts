/**
 * One archive with the database and every stored file (docs/decisions/063, docs/deploy/README.md):
 *
 *   npm run backup                                   # ./backups/cereza-<time>.tar, from DATA_DIR
 *   npm run backup -- /srv/copias/cereza-$(date +%F).tar
 *   DATABASE_URL=postgres://… S3_BUCKET=… npm run backup    # pg_dump of the running database + the bucket
 *
 * The embedded database belongs to one process: while the server runs, the server itself writes the archive, asked on
 * DATA_DIR/copia.sock (src/server/backup-socket.ts); stopped, this process opens the folder. PostgreSQL is dumped
 * while it serves (pg_dump reads one consistent snapshot).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirLockedError } from '../src/server/db/lock';
import { BackupError } from '../src/server/backup';
import { backupFromCommandLine } from '../src/server/backup-socket';
import { createStorage } from '../src/server/storage/create';

async function main() {
  const config = loadConfig();
  const file = process.argv[2] ?? path.join('backups', `cereza-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`);
  const { manifest, through } = await backupFromCommandLine(config, createStorage(config), file);
  const bytes = manifest.archivos.reduce((n, f) => n + f.bytes, 0);
  console.log(
    `Copia escrita en ${path.resolve(file)}${through === 'server' ? ' por el servidor en marcha' : ''}: base de datos (${manifest.motor}) y ${manifest.archivos.length} archivos (${(bytes / 1e6).toFixed(1)} MB).`,
  );
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BackupError;
    console.error(known ? err.message : err);
    process.exit(1);
  });
