import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { contentTypeOf, type Storage } from './storage/index';

/*
 * `npm run backup` / `npm run restore` (docs/decisions/063, docs/deploy/README.md). One archive (a tar file) holds:
 *   manifest.json   what is inside: engine, time, the last migration, every file with its size and sha256
 *   db/pglite.tar.gz   the embedded database's own dump (PGlite dumpDataDir), or
 *   db/postgres.dump   pg_dump's custom format (a consistent snapshot of a running database)
 *   files/<key>     every stored file, public and private, from the folder or the bucket
 *   jwt-secret      the embedded database's signing secret, when DATA_DIR has one (sessions survive a restore)
 */

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  formato: number;
  creado: string;
  motor: 'pglite' | 'postgres';
  /** The newest migration applied when the snapshot was taken (its drizzle-kit time). */
  ultimaMigracion: number | null;
  archivos: { clave: string; bytes: number; sha256: string }[];
}

export class BackupError extends Error {}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function run(cmd: string, args: string[], what: string) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.error) throw new BackupError(`${what}: no se pudo ejecutar ${cmd} (${res.error.message})`);
  if (res.status !== 0) throw new BackupError(`${what}: ${cmd} terminó con código ${res.status}\n${res.stderr.trim()}`);
}

async function lastMigration(database: Database): Promise<number | null> {
  const r = await database.db.execute<{ m: string | number | null }>(
    sql`select case when to_regclass('cereza_migrations') is null then null else (select max(created_at) from cereza_migrations) end as m`,
  );
  const m = r.rows[0]?.m;
  return m === null || m === undefined ? null : Number(m);
}

export interface BackupTarget {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  /** The open database: PGlite is dumped through it; PostgreSQL by pg_dump on databaseUrl. */
  database: Database;
  storage: Storage;
}

/** Writes the archive to `file`; answers its manifest. */
export async function createBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  const { config, database, storage } = target;
  const stage = mkdtempSync(path.join(os.tmpdir(), 'cereza-backup-'));
  try {
    mkdirSync(path.join(stage, 'db'));
    const ultimaMigracion = await lastMigration(database);
    // The database first: files are never rewritten under a key, so every file a row points at exists by then
    // (a file uploaded meanwhile is copied too, and points at nothing: harmless).
    if (database.driver === 'pglite') {
      // A running server's buffers go to the folder first, so the dump needs no recovery when it is restored.
      await database.exec('CHECKPOINT');
      const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(path.join(stage, 'db', 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } else {
      if (!config.databaseUrl) throw new BackupError('Falta DATABASE_URL para pg_dump.');
      run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${path.join(stage, 'db', 'postgres.dump')}`,
          `--dbname=${config.databaseUrl}`,
        ],
        'Copia de la base de datos',
      );
    }
    const archivos: BackupManifest['archivos'] = [];
    for await (const clave of storage.list()) {
      const data = await storage.get(clave);
      if (!data) continue;
      const out = path.join(stage, 'files', clave);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, data);
      archivos.push({ clave, bytes: data.length, sha256: sha256(data) });
    }
    const secret = path.join(config.dataDir, 'jwt-secret');
    if (database.driver === 'pglite' && existsSync(secret))
      writeFileSync(path.join(stage, 'jwt-secret'), readFileSync(secret));
    const manifest: BackupManifest = {
      formato: BACKUP_FORMAT,
      creado: new Date().toISOString(),
      motor: database.driver,
      ultimaMigracion,
      archivos,
    };
    writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    run('tar', ['-cf', path.resolve(file), '-C', stage, '.'], 'Archivo de la copia');
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

export interface RestoreTarget {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  storage: Storage;
}

/**
 * Brings an archive back into an empty data folder (PGlite) or an empty database (PostgreSQL) and an empty store.
 * Refuses anything else: a restore never mixes two marketplaces.
 */
export async function restoreBackup(target: RestoreTarget, file: string): Promise<BackupManifest> {
  const { config, storage } = target;
  if (!existsSync(file)) throw new BackupError(`No existe la copia ${file}.`);
  const stage = mkdtempSync(path.join(os.tmpdir(), 'cereza-restore-'));
  try {
    run('tar', ['-xf', path.resolve(file), '-C', stage], 'Lectura de la copia');
    const manifestFile = path.join(stage, 'manifest.json');
    if (!existsSync(manifestFile)) throw new BackupError(`${file} no es una copia de Cereza (falta manifest.json).`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.formato !== BACKUP_FORMAT) throw new BackupError(`Formato de copia desconocido: ${manifest.formato}.`);
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.motor !== engine) {
      throw new BackupError(
        `La copia es de ${manifest.motor === 'pglite' ? 'la base de datos integrada' : 'PostgreSQL'} y el destino es ${engine === 'pglite' ? 'la base de datos integrada (sin DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}.`,
      );
    }
    // Every file is checked before anything is written.
    for (const f of manifest.archivos) {
      const data = readFileSync(path.join(stage, 'files', f.clave));
      if (data.length !== f.bytes || sha256(data) !== f.sha256)
        throw new BackupError(`Archivo dañado en la copia: ${f.clave}.`);
    }
    for await (const key of storage.list()) {
      throw new BackupError(`El almacén de archivos no está vacío (contiene ${key}): restaure en uno vacío.`);
    }

    if (engine === 'pglite') {
      const dbDir = path.join(config.dataDir, 'db');
      if (existsSync(dbDir) && readdirSync(dbDir).length) {
        throw new BackupError(`La carpeta ${dbDir} no está vacía: restaure en un DATA_DIR nuevo.`);
      }
      const dump = readFileSync(path.join(stage, 'db', 'pglite.tar.gz'));
      const database = await openDatabase({ pgliteDir: dbDir, loadDataDir: new Blob([dump]) });
      await database.close();
      const secret = path.join(stage, 'jwt-secret');
      const target = path.join(config.dataDir, 'jwt-secret');
      if (existsSync(secret) && !existsSync(target)) writeFileSync(target, readFileSync(secret), { mode: 0o600 });
    } else {
      const database = await openDatabase({ databaseUrl: config.databaseUrl });
      try {
        const r = await database.db.execute<{ n: string | number }>(
          sql`select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
        );
        if (Number(r.rows[0].n) > 0)
          throw new BackupError('La base de datos de destino no está vacía: restaure en una base de datos nueva.');
      } finally {
        await database.close();
      }
      run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${config.databaseUrl}`,
          path.join(stage, 'db', 'postgres.dump'),
        ],
        'Restauración de la base de datos',
      );
    }
    for (const f of manifest.archivos) {
      await storage.put(f.clave, readFileSync(path.join(stage, 'files', f.clave)), contentTypeOf(f.clave));
    }
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
