import { LRUCache } from 'lru-cache';
import type { EventBus } from './events';

/**
 * The app's one cache (`app.cache`, docs/decisions/007): a least-recently-used map (lru-cache) whose entries name
 * what they depend on — tags such as `lotes`, `productor:<id>`, `noticias`. Domain events bump the tags' versions
 * (`invalidate`), and an entry stored under an older version of any of its tags is never served. No writer calls
 * the cache: writers emit events (src/server/events.ts), which reach every process.
 */

interface Entry {
  value: unknown;
  tags: string[];
  versions: number[];
}

export interface CacheOptions {
  max?: number;
  /** Bound on the stored answers' size in characters (64 M by default): entries hold whole pages. */
  maxSize?: number;
  /** Awaited before a read: this process's own events handled first (EventBus.settle). */
  settle?: () => Promise<void>;
}

export class AppCache {
  private readonly lru: LRUCache<string, Entry>;
  private readonly versions = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<unknown>>();

  private readonly settle: () => Promise<void>;

  constructor(opts: CacheOptions = {}) {
    this.lru = new LRUCache<string, Entry>({
      max: opts.max ?? 2000,
      maxSize: opts.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: (entry) => sizeOf(entry.value),
    });
    this.settle = opts.settle ?? (async () => {});
  }

  /** Bumped by `invalidateAll`: part of every tag's version, so that a read in flight across it is not kept. */
  private generation = 0;

  private version(tag: string): number {
    return (this.versions.get(tag) ?? 0) + this.generation * 2 ** 32;
  }

  /** Makes every entry that depends on one of these tags stale. */
  invalidate(...tags: string[]): void {
    for (const tag of tags) this.versions.set(tag, (this.versions.get(tag) ?? 0) + 1);
  }

  /** Makes every entry stale, those being computed now included (events may have been missed). */
  invalidateAll(): void {
    this.generation++;
    this.lru.clear();
  }

  /** The value stored under `key` while none of its tags changed. */
  peek<T>(key: string): T | undefined {
    const entry = this.lru.get(key);
    if (!entry) return undefined;
    if (entry.tags.some((tag, i) => this.version(tag) !== entry.versions[i])) {
      this.lru.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  /** Stores a value read when its tags had the versions `readAt` took (see `snapshot`): stale reads are not kept. */
  set(key: string, tags: string[], value: unknown, readAt?: number[]): void {
    const now = tags.map((t) => this.version(t));
    if (readAt && readAt.some((v, i) => v !== now[i])) return;
    this.lru.set(key, { value, tags, versions: now });
  }

  snapshot(tags: string[]): number[] {
    return tags.map((t) => this.version(t));
  }

  /**
   * The cached value, or computes it once (concurrent misses share one computation). A change to a tag while the
   * value was being computed makes the result possibly stale: it is answered but not kept.
   */
  async get<T>(key: string, tags: string[], compute: () => Promise<T>): Promise<T> {
    await this.settle();
    const hit = this.peek<T>(key);
    if (hit !== undefined) return hit;
    const readAt = this.snapshot(tags);
    const flightKey = `${readAt.join('.')}:${key}`;
    const running = this.inflight.get(flightKey);
    if (running) return running as Promise<T>;
    const p = (async () => {
      try {
        const value = await compute();
        this.set(key, tags, value, readAt);
        return value;
      } finally {
        this.inflight.delete(flightKey);
      }
    })();
    this.inflight.set(flightKey, p);
    return p;
  }

  get size(): number {
    return this.lru.size;
  }

  clear(): void {
    this.lru.clear();
  }
}

/** A stored answer's size: the text of a serialized page or rendered markup; other values count 1 KB. */
function sizeOf(value: unknown): number {
  if (value && typeof value === 'object') {
    const v = value as { json?: unknown; html?: unknown; parts?: unknown };
    if (typeof v.json === 'string') return Math.max(1, v.json.length);
    if (typeof v.html === 'string') return Math.max(1, v.html.length);
    if (Array.isArray(v.parts))
      return Math.max(
        1,
        v.parts.reduce((n: number, s) => n + String(s).length, 0),
      );
  }
  return 1024;
}

/** The tags a lot answer depends on. */
export const TAGS = {
  lotes: 'lotes',
  productores: 'productores',
  productor: (id: string) => `productor:${id}`,
  noticias: 'noticias',
};

/** What each domain event makes stale. */
export function invalidateOnEvents(cache: AppCache, events: EventBus): void {
  events.on('lote.cambiado', () => cache.invalidate(TAGS.lotes, TAGS.productores));
  events.on('productor.cambiado', (e) => cache.invalidate(TAGS.lotes, TAGS.productores, TAGS.productor(e.productorId)));
  events.on('noticia.cambiada', () => cache.invalidate(TAGS.noticias));
}
