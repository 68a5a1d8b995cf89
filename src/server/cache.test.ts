import { describe, expect, it } from 'vitest';
import { AppCache } from './cache';

describe('AppCache', () => {
  it('serves an entry until one of its tags is invalidated', async () => {
    const cache = new AppCache();
    let computed = 0;
    const get = () => cache.get('inicio', ['lotes', 'noticias'], async () => ++computed);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    cache.invalidate('productores');
    expect(await get()).toBe(1);
    cache.invalidate('noticias');
    expect(await get()).toBe(2);
  });

  it('answers but does not keep a value computed while one of its tags changed', async () => {
    const cache = new AppCache();
    const value = await cache.get('k', ['lotes'], async () => {
      cache.invalidate('lotes');
      return 'old';
    });
    expect(value).toBe('old');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = new AppCache();
    let computed = 0;
    const slow = () => cache.get('k', [], async () => (await Promise.resolve(), ++computed));
    expect(await Promise.all([slow(), slow(), slow()])).toEqual([1, 1, 1]);
  });

  it('keeps the stored pages under its size bound, least recently used out first', () => {
    const cache = new AppCache({ maxSize: 10 });
    cache.set('a', [], { json: 'aaaa', etag: '', total: 0 });
    cache.set('b', [], { json: 'bbbb', etag: '', total: 0 });
    expect(cache.peek('a')).toBeDefined();
    cache.set('c', [], { json: 'cccc', etag: '', total: 0 });
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
  });
});
