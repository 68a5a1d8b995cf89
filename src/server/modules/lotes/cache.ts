import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A small in-process cache for the public catalogue (list pages, counts and lot details).
 *
 * Correctness comes from one global version number: every write to a lot (and anything that changes what a
 * public lot shows, such as a producer renaming itself) calls invalidateLotesCache(), and entries stored under
 * an older version are never served. The TTL only bounds staleness when several server processes share one
 * PostgreSQL database (each process has its own version); with the embedded database there is one process.
 */

const MAX_ENTRIES = 1000;
const TTL_MS = 30_000;

let version = 0;

/** Makes every cached catalogue answer stale. Call after any change that a public lot response shows. */
export function invalidateLotesCache(): void {
  version++;
}

export function lotesCacheVersion(): number {
  return version;
}

export interface CachedEntry<T> {
  version: number;
  expires: number;
  data: T;
  /** The serialized response body and its validator, computed once per entry. */
  json?: string;
  etag?: string;
}

/** One cache per database handle, so that two apps in one process (tests) never see each other's rows. */
const caches = new WeakMap<object, Map<string, CachedEntry<unknown>>>();

function cacheFor(owner: object): Map<string, CachedEntry<unknown>> {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  return cache;
}

function fresh<T>(entry: CachedEntry<T> | undefined): entry is CachedEntry<T> {
  return !!entry && entry.version === version && entry.expires > Date.now();
}

/** Concurrent misses for one key share a single computation instead of stampeding the database. */
const inflight = new WeakMap<object, Map<string, Promise<CachedEntry<unknown>>>>();

export async function cached<T>(owner: object, key: string, compute: () => Promise<T>): Promise<CachedEntry<T>> {
  const cache = cacheFor(owner);
  const hit = cache.get(key) as CachedEntry<T> | undefined;
  if (fresh(hit)) {
    // Re-insert to keep the Map's order least-recently-used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let pending = inflight.get(owner);
  if (!pending) {
    pending = new Map();
    inflight.set(owner, pending);
  }
  // Keyed by version too: a request that arrives after a write must not join a read that began before it.
  const startVersion = version;
  const flightKey = `${startVersion}:${key}`;
  const running = pending.get(flightKey) as Promise<CachedEntry<T>> | undefined;
  if (running) return running;

  const p = (async () => {
    try {
      const data = await compute();
      const entry: CachedEntry<T> = { version: startVersion, expires: Date.now() + TTL_MS, data };
      // A write that landed while we were reading makes this result possibly stale: answer it, do not keep it.
      if (startVersion === version) {
        cache.delete(key);
        cache.set(key, entry as CachedEntry<unknown>);
        while (cache.size > MAX_ENTRIES) {
          const oldest = cache.keys().next().value as string;
          cache.delete(oldest);
        }
      }
      return entry;
    } finally {
      pending.delete(flightKey);
    }
  })();
  pending.set(flightKey, p as Promise<CachedEntry<unknown>>);
  return p;
}

/** A fresh entry stored under `key`, without computing anything on a miss. */
export function peek<T>(owner: object, key: string): CachedEntry<T> | undefined {
  const hit = cacheFor(owner).get(key) as CachedEntry<T> | undefined;
  return fresh(hit) ? hit : undefined;
}

/**
 * Stores a value computed elsewhere (e.g. a count that came with a page). `readAt` is the version when the
 * reading began: if a write happened since, the value may be stale and is not kept.
 */
export function store<T>(owner: object, key: string, data: T, readAt: number): void {
  remember(owner, key, { version: readAt, expires: Date.now() + TTL_MS, data });
}

/** Stores an existing entry under another key too (e.g. the raw URL that led to it). */
export function remember(owner: object, key: string, entry: CachedEntry<unknown>): void {
  if (entry.version !== version) return;
  const cache = cacheFor(owner);
  cache.delete(key);
  cache.set(key, entry);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
}

/** Serializes a cached body once and answers it with an ETag; a matching If-None-Match gets a 304. */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedEntry<unknown>,
  body: () => unknown,
) {
  if (entry.json === undefined) {
    entry.json = JSON.stringify(body());
    entry.etag = `W/"${createHash('sha1').update(entry.json).digest('base64url')}"`;
  }
  reply.header('etag', entry.etag);
  // Revalidate every time: the answer changes as soon as a producer edits a lot.
  reply.header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], entry.etag!)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(entry.json);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  const want = strip(etag);
  return header.split(',').some((t) => strip(t) === want);
}

/** A stable cache key for a parsed query: sorted keys, arrays sorted, undefined dropped. */
export function queryKey(prefix: string, query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const k of Object.keys(query).sort()) {
    const v = query[k];
    if (v === undefined) continue;
    parts.push(`${k}=${Array.isArray(v) ? [...v].map(String).sort().join(',') : String(v)}`);
  }
  return `${prefix}?${parts.join('&')}`;
}
