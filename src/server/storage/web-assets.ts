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
 * content, so the store keeps every release's files side by side (docs/deploy/README.md, "Releases").
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

/** Copies the build's hashed assets (not their precompressed twins) to the store; answers how many. */
export async function publishWebAssets(storage: Storage, webDir: string, log?: FastifyBaseLogger): Promise<number> {
  const dir = path.join(webDir, 'assets');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const files = names.filter((n) => ASSET_NAME.test(n) && !n.endsWith('.br') && !n.endsWith('.gz'));
  let done = 0;
  // A few at a time: a release holds a hundred files or so.
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(
      files.slice(i, i + 8).map(async (name) => {
        await storage.put(webAssetKey(name), await readFile(path.join(dir, name)), typeOf(name));
        done++;
      }),
    );
  }
  log?.info({ assets: done }, 'web assets published to the shared store');
  return done;
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
