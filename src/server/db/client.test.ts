import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

/*
 * The embedded engine's buffer pool (issue 33): its memory is resident from the start and never given back, so it is
 * 16 MB instead of PostgreSQL's default 128 MB, on a data folder as on the in-memory database of the tests.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!!process.env.DATABASE_URL)('the embedded database', () => {
  it('starts with a 16 MB buffer pool, in a data folder and in memory', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cereza-client-'));
    dirs.push(dir);
    for (const opts of [{ pgliteDir: path.join(dir, 'db') }, {}]) {
      const database = await openDatabase(opts);
      try {
        const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: Array<{ shared_buffers: string }>;
        };
        expect(rows[0].shared_buffers).toBe('16MB');
      } finally {
        await database.close();
      }
    }
  });
});
