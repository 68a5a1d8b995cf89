import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { chooseEncoding } from './compression';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('response compression', () => {
  it('picks brotli, then gzip, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('compresses a large JSON answer and leaves small ones alone', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/blog' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brRes = await ctx.app.inject({ method: 'GET', url: '/api/blog', headers: { 'accept-encoding': 'br' } });
    expect(brRes.headers['content-encoding']).toBe('br');
    expect(brRes.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brRes.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    const gzRes = await ctx.app.inject({ method: 'GET', url: '/api/blog', headers: { 'accept-encoding': 'gzip' } });
    expect(gzRes.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzRes.rawPayload).toString()).toBe(plain.body);

    const small = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
