/**
 * Brings a `npm run backup` archive back into an empty DATA_DIR (embedded database) or an empty PostgreSQL database,
 * and an empty file store (DATA_DIR's folders or the S3 bucket): docs/decisions/063, docs/deploy/README.md.
 *
 *   DATA_DIR=/var/lib/cereza-nuevo npm run restore -- backups/cereza-2026-11-27.tar
 *   createdb cereza_nueva && DATABASE_URL=postgres://…/cereza_nueva S3_BUCKET=cereza-nuevo npm run restore -- copia.tar
 *
 * Then start the server on that DATA_DIR or DATABASE_URL: it applies any newer migrations itself.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirLockedError } from '../src/server/db/lock';
import { BackupError, restoreBackup } from '../src/server/backup';
import { createStorage } from '../src/server/storage/create';

async function main() {
  const file = process.argv[2];
  if (!file) throw new BackupError('Uso: npm run restore -- <copia.tar>');
  const config = loadConfig();
  const manifest = await restoreBackup({ config, storage: createStorage(config) }, file);
  console.log(
    `Restaurada la copia del ${manifest.creado}: base de datos (${manifest.motor}) y ${manifest.archivos.length} archivos.`,
  );
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BackupError;
    console.error(known ? err.message : err);
    process.exit(1);
  });
