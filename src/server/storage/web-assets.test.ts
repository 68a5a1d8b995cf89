import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { LocalStorage } from './index';
import { publishWebAssets } from './web-assets';

/*
 * A rollout runs release N and N+1 side by side behind the proxy (issue 31: 8 of 36 page assets and 18 of 40 lazy
 * chunks answered 404, each build's files being only on its own replicas). Two builds, two apps, one shared store.
 */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'cereza-releases-'));
function fakeBuild(release: string, files: Record<string, string>): string {
  const dir = path.join(tmp, release);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><body>${release}</body></html>`);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, 'assets', name), body);
  return dir;
}

const viejo = fakeBuild('n', {
  'index-Bq3_xZ9a.js': 'console.log("release N");',
  'Lotes-C7dE-f1A.js': 'export const lotes = "N";',
  'index-D0aB1cXy.css': 'body{color:#111}',
  'index-Bq3_xZ9a.js.br': 'not served from the store',
});
const nuevo = fakeBuild('n1', {
  'index-Zz9_QwEr.js': 'console.log("release N+1");',
  'Lotes-Kk2Lm-Nn.js': 'export const lotes = "N+1";',
});

let n: TestContext;
let n1: TestContext;
beforeAll(async () => {
  const shared = new LocalStorage(path.join(tmp, 'store', 'uploads'), path.join(tmp, 'store', 'privado'));
  n = await createTestApp({ webDir: viejo }, { storage: shared });
  n1 = await createTestApp({ webDir: nuevo }, { storage: shared });
  expect(await publishWebAssets(shared, viejo)).toBe(3);
  expect(await publishWebAssets(shared, nuevo)).toBe(2);
});
afterAll(async () => {
  await n1?.close();
  await n?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('hashed assets across two releases', () => {
  it('a page of either release finds every one of its files on a replica of the other', async () => {
    for (const [replica, name, body, type] of [
      [n1, 'index-Bq3_xZ9a.js', 'console.log("release N");', 'application/javascript'],
      [n1, 'Lotes-C7dE-f1A.js', 'export const lotes = "N";', 'application/javascript'],
      [n1, 'index-D0aB1cXy.css', 'body{color:#111}', 'text/css'],
      [n, 'index-Zz9_QwEr.js', 'console.log("release N+1");', 'application/javascript'],
      [n, 'Lotes-Kk2Lm-Nn.js', 'export const lotes = "N+1";', 'application/javascript'],
    ] as const) {
      const res = await replica.app.inject({ method: 'GET', url: `/assets/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.body).toBe(body);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('a replica still serves its own build from its folder, and an asset no release built is 404', async () => {
    const own = await n.app.inject({ method: 'GET', url: '/assets/index-Bq3_xZ9a.js' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('console.log("release N");');
    for (const url of ['/assets/index-Nadie000.js', '/assets/..%2Fjwt-secret', '/assets/index-Bq3_xZ9a.js.br']) {
      expect((await n1.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
