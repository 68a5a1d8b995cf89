import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from '../web/ssr/entry-server';
import { bearer, createTestApp, createUser, type TestContext, type TestUser } from './test/helpers';
import { postLote } from './modules/lotes/test-fixtures';
import { createPageRenderer } from './ssr';

/*
 * The catalogue's page assembled from kept parts (docs/decisions/078) is the page React renders whole: the same
 * markup, hydration data and ETag for every query, and a lot's change shows in it at once.
 */

const TEMPLATE = `<!doctype html><html lang="es"><head><title>Cereza · por defecto</title>
<meta name="description" content="por defecto" /></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
let webDir: string;
let productor: TestUser;
const ids: string[] = [];

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
/** The hydration data's two timestamps are the time of each request. */
const stamps = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');

beforeAll(async () => {
  webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cereza-ssr-catalogo-')), 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
  ctx = await createTestApp({ webDir }, { ssr: entry });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Los Naranjos' });
  const procesos = ['LAVADO', 'NATURAL', 'HONEY'];
  for (let i = 0; i < 27; i++) {
    const lote = await postLote(ctx, productor, {
      nombre: i % 5 === 0 ? `Lote "${i}" & <b>'s</b> $&` : `Geisha ${i} de altura`,
      proceso: procesos[i % 3],
      puntaje: 84 + (i % 7),
      precioKg: 8 + i,
      // The price is the farm's, the export's and Cereza's 4 %.
      desglosePrecio: { precioFinca: Math.round((0.96 * (8 + i) - 1) * 100) / 100, costosExportacion: 1 },
      sacosDisponibles: 1 + (i % 4),
    });
    ids.push(lote.id);
  }
}, 180_000);
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(webDir), { recursive: true, force: true });
});

/** Queries as visitors write them: every filter, order and page, and a few odd ones. */
function queries(): string[] {
  let seed = 7;
  const r = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const out = [
    '/lotes',
    '/lotes?page=2',
    '/lotes?page=3',
    '/lotes?page=99',
    '/lotes?q=geisha&page=2',
    '/lotes?q=zzzz',
    '/lotes?orden=precio_desc&page=1',
    '/lotes?q=%22a%22+%26+%3Cb%3E',
    '/lotes?q=lote&otra=1&page=1',
    '/lotes?puntajeMin=86&puntajeMax=85',
  ];
  const sorts = ['relevancia', 'recientes', 'puntaje', 'precio_asc', 'precio_desc'];
  for (let i = 0; i < 30; i++) {
    const p = new URLSearchParams();
    if (r() < 0.6) p.set('page', String(1 + Math.floor(r() * 3)));
    if (r() < 0.3) p.set('pais', 'CO');
    if (r() < 0.4) p.set('proceso', ['LAVADO', 'NATURAL', 'HONEY'][Math.floor(r() * 3)]);
    if (r() < 0.4) p.set('puntajeMin', (84 + r() * 4).toFixed(2));
    if (r() < 0.3) p.set('precioMax', (15 + r() * 20).toFixed(2));
    if (r() < 0.4) p.set('q', ['geisha', 'lote', 'altura', 'huila'][Math.floor(r() * 4)]);
    if (r() < 0.7) p.set('orden', sorts[Math.floor(r() * sorts.length)]);
    out.push(`/lotes${p.size ? `?${p}` : ''}`);
  }
  return out;
}

describe("the catalogue's assembled page", () => {
  // The renderer without the assembled catalogue: React renders every page whole.
  const whole = () => createPageRenderer(ctx.app, { configure: entry.configure, render: entry.render }, TEMPLATE);

  it('is the full render of the same query: markup, hydration data and ETag, for every query', async () => {
    const full = whole();
    const before = entry.catalogoRapidoSizes().assembled;
    for (const url of queries()) {
      const expected = (await full(url, ctx.config.publicUrl))!;
      // The first request of a shape renders it whole and keeps the shape; later ones are assembled.
      for (const res of [await get(url), await get(url)]) {
        expect(res.statusCode, url).toBe(200);
        expect(stamps(res.body), url).toBe(stamps(expected.body));
        expect(res.headers.etag, url).toBe(expected.etag);
      }
    }
    // Not a comparison of two full renders: most pages were assembled.
    expect(entry.catalogoRapidoSizes().assembled - before).toBeGreaterThan(queries().length);
    expect(entry.catalogoRapidoSizes().rejected).toBe(0);
  }, 120_000);

  it("shows a lot's change at once, on its page and in the catalogue", async () => {
    const url = '/lotes?orden=precio_asc';
    await get(url);
    await get(url);
    const assembled = entry.catalogoRapidoSizes().assembled;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${ids[0]}`,
      headers: bearer(productor),
      payload: { sacosDisponibles: 9, nombre: 'Geisha renombrado' },
    });
    expect(put.statusCode).toBe(200);
    const [page, lote] = [await get(url), await get(`/lote/${ids[0]}`)];
    expect(entry.catalogoRapidoSizes().assembled).toBe(assembled + 1);
    expect(page.body).toContain('Geisha renombrado');
    expect(page.body).toContain('9 sacos disponibles');
    expect(lote.body).toContain('Geisha renombrado');
    expect(stamps(page.body)).toBe(stamps((await whole()(url, ctx.config.publicUrl))!.body));
  });

  it('keeps a bounded number of cards', () => {
    expect(entry.catalogoRapidoSizes().cards).toBeLessThanOrEqual(entry.catalogoRapidoSizes().maxCards);
  });
});
