import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { startTestS3, type TestS3 } from '../test/s3';
import { LocalStorage, type Storage } from './index';
import { S3Storage } from './s3';
import { publishWebAssets, webAssetKey } from './web-assets';

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
  expect((await publishWebAssets(shared, viejo)).published).toBe(3);
  expect((await publishWebAssets(shared, nuevo)).published).toBe(2);
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

describe('old releases are pruned', () => {
  let s3: TestS3 | undefined;
  let made = 0;
  afterAll(async () => {
    await s3?.close();
  });
  const keys = async (storage: Storage) => {
    const out: string[] = [];
    for await (const key of storage.list('web-assets/')) out.push(key);
    return out.sort();
  };

  it.each([
    ['a folder', async (): Promise<Storage> => new LocalStorage(path.join(tmp, 'prune', 'uploads'))],
    [
      'an S3 bucket under a prefix',
      async (): Promise<Storage> => {
        s3 ??= await startTestS3();
        const bucket = await s3.newStorage();
        return new S3Storage({ ...bucket.settings, prefix: 'produccion/' });
      },
    ],
  ])('keeps the files of the last WEB_RELEASES_KEPT releases to start, and deletes the rest (%s)', async (_, open) => {
    const store = await open();
    // Files a release published before releases were recorded (the release this change replaces).
    await store.put(webAssetKey('index-Legado00.js'), Buffer.from('legacy'), 'application/javascript');
    await store.put('u/usuario/foto.webp', Buffer.from('an upload'), 'image/webp');
    // Five releases; the font never changes, so every release names it.
    const builds = ['r1', 'r2', 'r3', 'r4', 'r5'].map((r) =>
      fakeBuild(`prune-${r}-${made++}`, {
        [`index-${r}AAAAA.js`]: `console.log("${r}");`,
        [`Lotes-${r}BBBBB.js`]: `export const r = "${r}";`,
        'inter-latin-Fuente00.woff2': 'font',
      }),
    );
    const t0 = Date.UTC(2026, 10, 27);
    const pruned: number[] = [];
    for (const [i, dir] of builds.entries())
      pruned.push((await publishWebAssets(store, dir, undefined, { keepReleases: 3, now: t0 + i * 60_000 })).pruned);
    // r1, r2: nothing to prune (fewer than 3 releases recorded: the legacy files may still be running).
    // r3: three recorded, the legacy release is the fourth: its file goes. r4: r1's two. r5: r2's two.
    expect(pruned).toEqual([0, 0, 1, 2, 2]);
    const expected = ['r3', 'r4', 'r5']
      .flatMap((r) => [`index-${r}AAAAA.js`, `Lotes-${r}BBBBB.js`])
      .concat('inter-latin-Fuente00.woff2')
      .map(webAssetKey)
      .sort();
    expect(await keys(store)).toEqual(expected);
    // Uploads are not the assets' business.
    expect(await store.get('u/usuario/foto.webp')).toBeDefined();
    const records: string[] = [];
    for await (const key of store.list('web-releases/')) records.push(key);
    expect(records).toHaveLength(3);

    // A replica of r2 starting again (a rollback) makes r2 a recent release: its files come back, r3's go.
    await publishWebAssets(store, builds[1], undefined, { keepReleases: 3, now: t0 + 10 * 60_000 });
    expect(await keys(store)).toEqual(
      ['r2', 'r4', 'r5']
        .flatMap((r) => [`index-${r}AAAAA.js`, `Lotes-${r}BBBBB.js`])
        .concat('inter-latin-Fuente00.woff2')
        .map(webAssetKey)
        .sort(),
    );
  });

  it('an app serves a kept release and answers 404 for a pruned one', async () => {
    const store = new LocalStorage(path.join(tmp, 'prune-app', 'uploads'), path.join(tmp, 'prune-app', 'privado'));
    const t0 = Date.UTC(2026, 10, 27);
    for (const [i, r] of ['q1', 'q2', 'q3'].entries())
      await publishWebAssets(store, fakeBuild(`prune-app-${r}`, { [`index-${r}CCCCC.js`]: r }), undefined, {
        keepReleases: 2,
        now: t0 + i * 60_000,
      });
    const app = await createTestApp({ webDir: fakeBuild('prune-app-served', {}) }, { storage: store });
    try {
      expect((await app.app.inject({ method: 'GET', url: '/assets/index-q1CCCCC.js' })).statusCode).toBe(404);
      for (const r of ['q2', 'q3']) {
        const res = await app.app.inject({ method: 'GET', url: `/assets/index-${r}CCCCC.js` });
        expect(res.statusCode, r).toBe(200);
        expect(res.body).toBe(r);
      }
    } finally {
      await app.close();
    }
  });
});
