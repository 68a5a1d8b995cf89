import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * In a process of its own (a test worker may have loaded sharp already): the server's modules, the uploads' and
 * the demo seed's included, are imported, and sharp's native library (libvips) is looked for among the process's
 * mappings before and after the first `loadSharp()` (issue 33: it is 13 MB resident).
 */
const script = `
import { readFileSync } from 'node:fs';
// The native library mapped into the process (Linux): what costs the memory, whichever loader imported it.
const loaded = () => /libvips|sharp-linux/.test(readFileSync('/proc/self/maps', 'utf8'));
await import('./src/server/app.ts');
await import('./src/server/db/seed/index.ts');
await import('./src/server/modules/uploads/image.ts');
const before = loaded();
const { loadSharp } = await import('./src/server/lib/sharp.ts');
const sharp = await loadSharp();
console.log(JSON.stringify({ before, after: loaded(), concurrency: sharp.concurrency() }));
`;

describe.skipIf(process.platform !== 'linux')(
  'sharp is loaded on the first image, not with the server (issue 33)',
  () => {
    it('importing the server, the uploads and the seed leaves it unloaded; loadSharp loads it, one thread an image', () => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'test' },
      });
      const last = out.trim().split('\n').pop()!;
      expect(JSON.parse(last)).toEqual({ before: false, after: true, concurrency: 1 });
    }, 120_000);
  },
);
