import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from '../web/ssr/entry-server';
import { productorPerfiles } from './db/schema';
import { bearer, captureLog, createTestApp, createUser, type TestContext, type TestUser } from './test/helpers';
import { postLote } from './modules/lotes/test-fixtures';
import { createMarkupCache, createPageRenderer, jsonForScript, type MarkupCache } from './ssr';
import { AppCache } from './cache';

// Server rendering, end to end inside the app: the real entry (the same source Vite bundles), real data.

const TEMPLATE = `<!doctype html><html lang="es"><head><title>Cereza · por defecto</title>
<meta name="description" content="por defecto" /></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
let webDir: string;
let productor: TestUser;
let loteId: string;
let hiddenId: string;

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const ssrState = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="cereza-ssr">([\s\S]*?)<\/script>/)![1]);

beforeAll(async () => {
  webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cereza-ssr-')), 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
  ctx = await createTestApp({ webDir }, { ssr: entry });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Los Naranjos' });
  await ctx.app.db
    .update(productorPerfiles)
    .set({ descripcion: 'Café de altura en Huila desde 1987.' })
    .where(eq(productorPerfiles.userId, productor.id));
  loteId = (await postLote(ctx, productor, { nombre: 'Pink Bourbon </script><script>alert(1)</script>' })).id;
  hiddenId = (await postLote(ctx, productor, { codigo: 'OC-1', nombre: 'Lote oculto', ocultar: true })).id;
});
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(webDir), { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  it('renders the catalogue with its lots, title, description and data for hydration', async () => {
    const res = await get('/lotes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Lotes de café verde · Cereza</title>');
    expect(res.body).toContain('<meta property="og:title" content="Lotes de café verde · Cereza" />');
    expect(res.body).toMatch(/<meta name="description" content="Busca lotes de café verde/);
    // The lot's name is in the markup, escaped; the hidden one is not.
    expect(res.body).toContain('Pink Bourbon &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('Lote oculto');
    const state = ssrState(res.body);
    const list = state.queries.queries.find((q: { queryKey: unknown[] }) => q.queryKey[0] === 'lotes');
    expect(list.state.data.lotes.map((l: { id: string }) => l.id)).toEqual([loteId]);
  });

  it('never lets data close the data script early', async () => {
    const res = await get(`/lote/${loteId}`);
    expect(res.statusCode).toBe(200);
    // The only </script> sequences are the data block's own end; the name travels as \\u003c/script>.
    const scripts = res.body.split('</script>').length - 1;
    expect(scripts).toBe((res.body.match(/<script\b/g) ?? []).length);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(ssrState(res.body).queries.queries[0].state.data.nombre).toBe(
      'Pink Bourbon </script><script>alert(1)</script>',
    );
    expect(jsonForScript({ a: '</script>\u2028' })).toBe('{"a":"\\u003c/script>\\u2028"}');
  });

  it('renders a lot page with its meta, and answers 404 for an unknown or hidden lot', async () => {
    // Absolute URLs come from PUBLIC_URL, never from the request's Host (which anyone can forge).
    const ok = await get(`/lote/${loteId}`, { host: 'evil.example' });
    expect(ok.body).toMatch(/<title>Pink Bourbon &lt;\/script&gt;.* · Cereza<\/title>/);
    expect(ok.body).toContain(`<meta property="og:url" content="http://cereza.test/lote/${loteId}" />`);
    expect(ok.body).not.toContain('evil.example');
    for (const id of ['00000000-0000-4000-8000-000000000000', hiddenId]) {
      const res = await get(`/lote/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
      // The failed query is not handed to the browser (it asks again, with the visitor's session).
      expect(ssrState(res.body).queries.queries).toEqual([]);
    }
  });

  it('renders the producer profile and its tabs', async () => {
    const perfil = await get(`/perfil/${productor.id}`);
    expect(perfil.statusCode).toBe(200);
    expect(perfil.body).toContain('Café de altura en Huila desde 1987.');
    const lotes = await get(`/Perfil/${productor.id}/lotes`);
    expect(lotes.statusCode).toBe(200);
    expect(lotes.body).toContain('Pink Bourbon');
    const noticias = await get(`/perfil/${productor.id}/Noticias`);
    expect(noticias.statusCode).toBe(200);
    expect(await get('/perfil/00000000-0000-4000-8000-000000000000').then((r) => r.statusCode)).toBe(404);
  });

  it('renders guides, the blog and the home page, and an unknown path as the 404 page with status 404', async () => {
    const guia = await get('/Guia/verificados');
    expect(guia.statusCode).toBe(200);
    expect(guia.body).toContain('<h1');
    expect(ssrState(guia.body).loaderData).not.toEqual({});
    expect((await get('/Guia/no-existe')).statusCode).toBe(404);
    const blog = await get('/Blog');
    expect(blog.statusCode).toBe(200);
    const firstPost = ssrState(blog.body).queries.queries[0].state.data.data.posts[0];
    expect(blog.body).toContain(firstPost.title);
    const articulo = await get(`/Blog/${firstPost.slug}`);
    expect(articulo.statusCode).toBe(200);
    expect(articulo.body).toContain(`<title>${firstPost.title}`);
    expect((await get('/Blog/no-existe')).statusCode).toBe(404);
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Cereza</title>');
    const nothing = await get('/no-existe');
    expect(nothing.statusCode).toBe(404);
    expect(nothing.body).toContain('Lo sentimos, no hemos podido encontrar esta página.');
  });

  it('answers the home page without compression too (a folder for the static files)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="cereza-ssr"');
  });

  it('leaves pages behind a session to the browser: the plain app shell', async () => {
    for (const url of ['/Dashboard/productor', '/Auth/Login', '/Dashboard/comprador/favoritos']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(TEMPLATE);
    }
  });

  it('answers 304 to a revalidation of an unchanged page, and a new page after a write', async () => {
    const first = await get('/lotes');
    const again = await get('/lotes', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    await postLote(ctx, productor, { codigo: 'N-2', nombre: 'Sidra natural' });
    const after = await get('/lotes', { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Sidra natural');
  });

  it('renders a page once for the same data, and again when the data behind it changes', async () => {
    const inner = createMarkupCache(new AppCache({ max: 10 }));
    let renders = 0;
    const cache: MarkupCache = { get: (k) => inner.get(k), set: (k, v) => (renders++, inner.set(k, v)) };
    const first = await entry.render(`/lote/${loteId}`, cache);
    const second = await entry.render(`/lote/${loteId}`, cache);
    expect(renders).toBe(1);
    expect(second!.html).toBe(first!.html);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${loteId}`,
      headers: bearer(productor),
      payload: { sacosDisponibles: 7 },
    });
    expect(put.statusCode).toBe(200);
    const third = await entry.render(`/lote/${loteId}`, cache);
    expect(renders).toBe(2);
    expect(third!.html).toContain('7 sacos disponibles');
  });

  it('keeps a lot page by its version: the same document as a full render, fresh timestamps, new data at once', async () => {
    const stamps = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
    const url = `/lote/${loteId}`;
    const full = createPageRenderer(ctx.app, entry, TEMPLATE);
    const expected = (await full(url, ctx.config.publicUrl))!;
    const before = Date.now();
    const first = await get(url);
    const calls: string[] = [];
    const inject = ctx.app.inject.bind(ctx.app);
    ctx.app.inject = ((opts: { url: string }) => (calls.push(opts.url), inject(opts as never))) as never;
    try {
      const second = await get(url);
      // Served from what was kept: no in-process API call, no render.
      expect(calls.filter((u) => u.startsWith('/api/'))).toEqual([]);
      for (const res of [first, second]) {
        expect(res.statusCode).toBe(200);
        expect(stamps(res.body)).toBe(stamps(expected.body));
        expect(res.headers.etag).toBe(expected.etag);
        const [q] = ssrState(res.body).queries.queries;
        expect(q.dehydratedAt).toBeGreaterThanOrEqual(before);
        expect(q.state.dataUpdatedAt).toBe(q.dehydratedAt);
      }
    } finally {
      ctx.app.inject = inject;
    }
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${loteId}`,
      headers: bearer(productor),
      payload: { sacosDisponibles: 9 },
    });
    expect(put.statusCode).toBe(200);
    const after = await get(url);
    expect(after.body).toContain('9 sacos disponibles');
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(stamps(after.body)).toBe(stamps((await full(url, ctx.config.publicUrl))!.body));
  });

  it('keeps at most its size of rendered pages, the least recently used out first', () => {
    const store = new AppCache({ max: 2 });
    const cache = createMarkupCache(store);
    const page = (html: string) => ({ html, meta: {} });
    cache.set('a', page('A'));
    cache.set('b', page('B'));
    expect(cache.get('a')?.html).toBe('A');
    cache.set('c', page('C'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.html).toBe('A');
    expect(store.size).toBe(2);
  });

  // Last in the file: a second app takes over the entry's fetcher (the module holds one).
  it('logs the page request, not the API calls made in-process to render it', async () => {
    const { buildApp } = await import('./app');
    const { stream, lines: logged } = captureLog<{ msg: string; req?: { url: string } }>();
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      ssr: entry,
      logger: { level: 'info', stream },
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: `/lote/${loteId}` })).statusCode).toBe(200);
      // A client cannot borrow the marker: only this process's random value counts.
      await app.inject({ method: 'GET', url: `/api/lotes/${loteId}`, headers: { 'x-cereza-render': 'cualquiera' } });
      const urls = logged.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
      expect(urls).toEqual([`/lote/${loteId}`, `/api/lotes/${loteId}`]);
    } finally {
      await app.close();
    }
  });
});
