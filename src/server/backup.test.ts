import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { BackupError, createBackup, restoreBackup } from './backup';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';
import { LocalStorage, type Storage } from './storage/index';
import { openTestDatabase } from './test/helpers';

/*
 * `npm run backup` then `npm run restore` round-trips the demo marketplace (issue 31: nothing said how to back up
 * the database and the files, or how to restore them): every table's rows and every file, compared before and
 * after, on the engine of this run (PGlite; PostgreSQL when DATABASE_URL is set, as in npm test's second pass).
 */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'cereza-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(tmp, { recursive: true, force: true });
});

const silent = { info: () => {} };
const storageIn = (dataDir: string) => new LocalStorage(path.join(dataDir, 'uploads'), path.join(dataDir, 'privado'));

/** Every table of the schema with a digest of all its rows, and the row count. */
async function tables(database: Database): Promise<Record<string, { filas: number; huella: string }>> {
  const names = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, { filas: number; huella: string }> = {};
  for (const { table_name: name } of names.rows) {
    const r = await database.db.execute<{ filas: string | number; huella: string | null }>(
      sql.raw(
        `select count(*) as filas, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as huella from "${name}" t`,
      ),
    );
    out[name] = { filas: Number(r.rows[0].filas), huella: r.rows[0].huella ?? '' };
  }
  return out;
}

async function files(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of storage.list()) {
    out[key] = createHash('sha256')
      .update((await storage.get(key))!)
      .digest('hex');
  }
  return out;
}

const pgUrl = process.env.DATABASE_URL;

describe.runIf(!pgUrl)('backup and restore on the embedded database', () => {
  it('round-trips the demo marketplace into a new DATA_DIR, and refuses to restore over data', async () => {
    const dataDir = path.join(tmp, 'origen');
    let database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await migrate(database.db);
    const storage = storageIn(dataDir);
    expect(await seedIfEmpty(database.db, storage, silent)).toBeGreaterThan(0);
    const [antes, archivosAntes] = [await tables(database), await files(storage)];
    expect(antes.lotes.filas).toBeGreaterThan(50);
    expect(antes.pedidos.filas).toBeGreaterThan(0);
    expect(Object.keys(archivosAntes).length).toBeGreaterThan(40);

    const archive = path.join(tmp, 'copia.tar');
    const manifest = await createBackup({ config: { dataDir }, database, storage }, archive);
    expect(manifest.motor).toBe('pglite');
    expect(manifest.archivos.length).toBe(Object.keys(archivosAntes).length);
    await database.close();
    // The original is gone.
    rmSync(dataDir, { recursive: true, force: true });

    const nuevo = path.join(tmp, 'nuevo');
    const storageNuevo = storageIn(nuevo);
    await restoreBackup({ config: { dataDir: nuevo }, storage: storageNuevo }, archive);
    database = await openDatabase({ pgliteDir: path.join(nuevo, 'db') });
    cleanups.push(() => database.close());
    expect(await tables(database)).toEqual(antes);
    expect(await files(storageNuevo)).toEqual(archivosAntes);
    expect(existsSync(path.join(nuevo, 'jwt-secret'))).toBe(false);
    await database.close();

    // A second restore on the same folder would mix two marketplaces.
    await expect(
      restoreBackup({ config: { dataDir: nuevo }, storage: storageIn(path.join(tmp, 'vacio')) }, archive),
    ).rejects.toThrow(/no está vacía/);
    await expect(
      restoreBackup({ config: { dataDir: path.join(tmp, 'otro') }, storage: storageNuevo }, archive),
    ).rejects.toThrow(/almacén de archivos no está vacío/);
    await expect(
      restoreBackup(
        {
          config: { dataDir: path.join(tmp, 'otro2'), databaseUrl: 'postgres://x@127.0.0.1:9/x' },
          storage: storageIn(path.join(tmp, 'v2')),
        },
        archive,
      ),
    ).rejects.toThrow(BackupError);
  }, 300_000);
});

describe.runIf(pgUrl)('backup and restore on PostgreSQL', () => {
  it('round-trips the demo marketplace into a new database with pg_dump and pg_restore', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const dataDir = path.join(tmp, 'origen-pg');
    const storage = storageIn(dataDir);
    expect(await seedIfEmpty(database.db, storage, silent)).toBeGreaterThan(0);
    const [antes, archivosAntes] = [await tables(database), await files(storage)];
    expect(antes.lotes.filas).toBeGreaterThan(50);

    const archive = path.join(tmp, 'copia-pg.tar');
    const manifest = await createBackup({ config: { dataDir, databaseUrl: database.url }, database, storage }, archive);
    expect(manifest.motor).toBe('postgres');
    rmSync(dataDir, { recursive: true, force: true });

    const name = `${inject('pgTemplateDb')}_r${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: pgUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    });

    const nuevo = path.join(tmp, 'nuevo-pg');
    const storageNuevo = storageIn(nuevo);
    await restoreBackup({ config: { dataDir: nuevo, databaseUrl: url.toString() }, storage: storageNuevo }, archive);
    const restored = await openDatabase({ databaseUrl: url.toString() });
    try {
      expect(await tables(restored)).toEqual(antes);
    } finally {
      await restored.close();
    }
    expect(await files(storageNuevo)).toEqual(archivosAntes);
    await expect(
      restoreBackup(
        {
          config: { dataDir: path.join(tmp, 'otro-pg'), databaseUrl: url.toString() },
          storage: storageIn(path.join(tmp, 'v3')),
        },
        archive,
      ),
    ).rejects.toThrow(/no está vacía/);
  }, 300_000);
});
