import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The committed migrations, found from the source tree, the bundled server in dist/, or the working directory. */
export function findMigrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../migrations'),
    path.resolve(here, '../../migrations'),
    path.resolve(process.cwd(), 'migrations'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

// An arbitrary constant that names "Cereza migrations" among advisory locks.
const MIGRATION_LOCK_KEY = 727_001;

function pending() {
  return readMigrationFiles({ migrationsFolder: findMigrationsDir() });
}

/**
 * Applies the committed drizzle-kit migrations in one transaction under a PostgreSQL advisory lock,
 * so that several replicas starting together apply each migration once.
 */
export async function migrate(db: Db): Promise<number> {
  const migrations = pending();
  let applied = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql`create table if not exists cereza_migrations (hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`,
    );
    const done = await tx.execute<{ hash: string }>(sql`select hash from cereza_migrations`);
    const doneHashes = new Set(done.rows.map((r) => r.hash));
    for (const m of migrations) {
      if (doneHashes.has(m.hash)) continue;
      for (const statement of m.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into cereza_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`);
      applied++;
    }
  });
  return applied;
}

/** True when every committed migration has been applied. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const expected = pending().map((m) => m.hash);
  const done = await db.execute<{ hash: string }>(sql`select hash from cereza_migrations`);
  const have = new Set(done.rows.map((r) => r.hash));
  return expected.every((h) => have.has(h));
}
