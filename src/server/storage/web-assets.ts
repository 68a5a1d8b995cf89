import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ERRORS } from '../../contract/errors';
import type { Storage } from './index';

/*
 * Assets that survive a rollout (issue 31: with releases N and N+1 behind one proxy, 8 of 36 page assets and 18 of
 * 40 lazy chunks were 404: each build's hashed files existed only on the replicas that ran it). Every replica
 * publishes its build's hashed files to the shared store before it listens, and answers an asset it does not have
 * from there: a page of release N finds its chunks on a replica of N+1, and the reverse. Hashed names never change
 * content, so the store keeps the last releases' files side by side (WEB_RELEASES_KEPT, 3 by default) and deletes
 * older ones when a replica starts (docs/deploy/README.md, "Releases").
 */

const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,200}$/;
const PREFIX = 'web-assets/';

/** The store's key of a built asset: its name in hex (keys are lowercase; hashed names are not). */
export const webAssetKey = (name: string): string => `${PREFIX}${Buffer.from(name).toString('hex')}`;

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
const typeOf = (name: string) => TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

const RELEASES = 'web-releases/';
/** Releases whose assets the store keeps when WEB_RELEASES_KEPT is not set. */
export const DEFAULT_RELEASES_KEPT = 3;

/** What the store knows of one release: its hashed files, and when a replica of it last started. */
interface ReleaseRecord {
  release: string;
  publishedAt: number;
  assets: string[];
}

export interface PublishOptions {
  /** The releases whose files stay in the store, the one being published included (WEB_RELEASES_KEPT). */
  keepReleases?: number;
  /** When this replica starts (tests give it; a release's order is the order of its replicas' starts). */
  now?: number;
}

/**
 * Copies the build's hashed assets (not their precompressed twins) to the store, then deletes the files that only
 * releases older than the last `keepReleases` used. Answers how many files it copied and deleted.
 */
export async function publishWebAssets(
  storage: Storage,
  webDir: string,
  log?: FastifyBaseLogger,
  { keepReleases = DEFAULT_RELEASES_KEPT, now = Date.now() }: PublishOptions = {},
): Promise<{ published: number; pruned: number }> {
  const dir = path.join(webDir, 'assets');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { published: 0, pruned: 0 };
  }
  const files = names.filter((n) => ASSET_NAME.test(n) && !n.endsWith('.br') && !n.endsWith('.gz')).sort();
  // A release is named by its files: the same build on every replica, a new name for every build.
  const release = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 24);
  // The record goes first: a replica of another release pruning meanwhile sees these files as a recent release's.
  const record: ReleaseRecord = { release, publishedAt: now, assets: files };
  await storage.put(`${RELEASES}${release}.json`, Buffer.from(JSON.stringify(record)), 'application/json');
  let published = 0;
  // A few at a time: a release holds a hundred files or so.
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(
      files.slice(i, i + 8).map(async (name) => {
        await storage.put(webAssetKey(name), await readFile(path.join(dir, name)), typeOf(name));
        published++;
      }),
    );
  }
  const pruned = await pruneWebAssets(storage, Math.max(1, keepReleases), release);
  log?.info({ assets: published, pruned, release }, 'web assets published to the shared store');
  return { published, pruned };
}

/**
 * Keeps the files of the last `keep` releases to start (and of `current`) and deletes the rest. Files stored before
 * releases were recorded belong to a release older than every recorded one: they go once `keep` releases are
 * recorded.
 */
async function pruneWebAssets(storage: Storage, keep: number, current: string): Promise<number> {
  const records: { key: string; record: ReleaseRecord }[] = [];
  for await (const key of storage.list(RELEASES)) {
    const data = await storage.get(key);
    try {
      const record = JSON.parse(data?.toString('utf8') ?? '') as ReleaseRecord;
      if (typeof record.publishedAt === 'number' && Array.isArray(record.assets)) records.push({ key, record });
    } catch {
      // Not a record of ours: left alone.
    }
  }
  records.sort((x, y) => y.record.publishedAt - x.record.publishedAt);
  const kept = records.filter((r, i) => i < keep || r.record.release === current);
  const old = records.filter((r) => !kept.includes(r));
  const keepKeys = new Set(kept.flatMap((r) => r.record.assets.map(webAssetKey)));
  const recorded = new Set(records.flatMap((r) => r.record.assets.map(webAssetKey)));
  const unrecordedAreOld = records.length >= keep;
  let pruned = 0;
  for await (const key of storage.list(PREFIX)) {
    if (keepKeys.has(key) || (!recorded.has(key) && !unrecordedAreOld)) continue;
    await storage.remove(key);
    pruned++;
  }
  for (const r of old) await storage.remove(r.key);
  return pruned;
}

/**
 * `/assets/<name>` this build does not have (the static files' routes answer those it has): read from the store,
 * where the replica of the release that built it published it.
 */
export function registerWebAssetFallback(app: FastifyInstance) {
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const name = request.params['*'];
    const data = ASSET_NAME.test(name) ? await app.storage.get(webAssetKey(name)) : undefined;
    if (!data) {
      return reply.status(404).send({ success: false, error: { code: 'NOT_FOUND', message: ERRORS.NOT_FOUND } });
    }
    return reply
      .headers({
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        etag: `"${name}"`,
      })
      .type(typeOf(name))
      .send(data);
  });
}
