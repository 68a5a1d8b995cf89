import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { startTestS3 } from './s3';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
    /** With TEST_STORAGE=s3: the S3-compatible server every test app stores its files in ('' otherwise). */
    s3Endpoint: string;
  }
}

/**
 * Migrates the schema once per run: a PGlite dump each test file starts from (initdb alone takes
 * seconds), or, when DATABASE_URL is set, a PostgreSQL template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = path.join(os.tmpdir(), `cereza-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });

  const lite = await openDatabase({});
  await migrate(lite.db);
  const client = (lite as unknown as { db: { $client: { dumpDataDir(c: string): Promise<Blob> } } }).db.$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', file);

  const url = process.env.DATABASE_URL;
  let templateDb = '';
  if (url) {
    templateDb = `cereza_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDb}`);
    await admin.query(`create database ${templateDb}`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${templateDb}`;
    const tpl = await openDatabase({ databaseUrl: tplUrl.toString() });
    await migrate(tpl.db);
    await tpl.close();
  }
  project.provide('pgTemplateDb', templateDb);

  // TEST_STORAGE=s3 runs the tests with every app's files in a bucket of an S3-compatible server on loopback
  // (scripts/test.mjs runs the upload suite that way too).
  const s3 = process.env.TEST_STORAGE === 's3' ? await startTestS3() : undefined;
  project.provide('s3Endpoint', s3?.endpoint ?? '');

  return async () => {
    await s3?.close();
    if (url && templateDb) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `cereza_t%_${process.pid}%`,
      ]);
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    }
  };
}
