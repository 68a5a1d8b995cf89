import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from '../web/ssr/entry-server';
import { productorPerfiles, users } from './db/schema';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from './test/helpers';
import { postLote } from './modules/lotes/test-fixtures';
import { pageDocument } from './ssr';

/*
 * Every user text reaches a server-rendered page literally. The page used to be assembled with
 * String.replace and the text inside the replacement string, where "$`", "$'" and "$&" splice the template into
 * the page (one "$`" in a producer's name made /perfil/{id} 36.8 KB, twenty made 8.6 MB).
 */

// Every replacement pattern String.replace knows, and the one sequence that could close the data script.
const HOSTILE = "$` $' $& $$ $1 </script> $<x>";
// The same text without its "$": what the page must weigh, give or take nothing.
const TAME = HOSTILE.replaceAll('$', 'S');

const TEMPLATE = `<!doctype html><html lang="es"><head><title>Cereza · por defecto</title>
<meta name="description" content="por defecto" /><meta property="og:site_name" content="Cereza" /></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

/** Parts of the template a splice would repeat: each must be in the page exactly once. */
const ONCE = ['<!doctype html>', '<head>', '</head>', '<title>', '<div id="root">', 'id="cereza-ssr"', '</body>'];
const count = (s: string, part: string) => s.split(part).length - 1;
const ssrState = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="cereza-ssr">([\s\S]*?)<\/script>/)![1]) as unknown;

/** Every string anywhere in a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

describe('pageDocument', () => {
  it('puts title, description, image, markup and data into the template literally', () => {
    const page = {
      status: 200,
      key: 'k',
      html: `<p>${HOSTILE}</p>`,
      state: { texto: HOSTILE },
      meta: { title: `Título ${HOSTILE}`, description: `Descripción ${HOSTILE}`, image: `/uploads/${HOSTILE}.webp` },
    };
    const doc = pageDocument(TEMPLATE, page as never, new URL('http://cereza.test/lote/1'));
    for (const part of ONCE) expect(count(doc, part), part).toBe(1);
    const escaped = HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(doc).toContain(`<title>Título ${escaped}</title>`);
    expect(doc).toContain(`<meta name="description" content="Descripción ${escaped}" />`);
    expect(doc).toContain(`<meta property="og:title" content="Título ${escaped}" />`);
    expect(doc).toContain(`<meta property="og:description" content="Descripción ${escaped}" />`);
    expect(doc).toContain('<meta property="og:image" content="http://cereza.test/uploads/$%60%20$');
    expect(doc).toContain(`<div id="root"><p>${HOSTILE}</p></div>`);
    expect(ssrState(doc)).toEqual({ texto: HOSTILE });
    const tame = pageDocument(
      TEMPLATE,
      JSON.parse(JSON.stringify(page).replaceAll('$', 'S')) as never,
      new URL('http://cereza.test/lote/1'),
    );
    expect(doc.length).toBe(tame.length);
  });
});

describe('server-rendered pages with hostile user texts', () => {
  let ctx: TestContext;
  let webDir: string;
  let productor: TestUser;
  let loteId: string;
  let noticiaId: string;

  /** Sets every user text the pages show to `label + text`. */
  async function setTexts(text: string) {
    await ctx.app.db
      .update(users)
      .set({ nombre: `Nombre ${text}`, apellido: `Apellido ${text}` })
      .where(eq(users.id, productor.id));
    await ctx.app.db
      .update(productorPerfiles)
      .set({ nombre: `Finca ${text}`, descripcion: `Historia ${text}`, region: `Región ${text}` })
      .where(eq(productorPerfiles.userId, productor.id));
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${loteId}`,
      headers: bearer(productor),
      payload: {
        nombre: `Lote ${text}`,
        descripcion: `Descripción ${text}`,
        finca: `Finca del lote ${text}`,
        municipio: `Municipio ${text}`,
        secado: `Secado ${text}`,
        notasCata: [`Nota ${text}`],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const news = await ctx.app.inject({
      method: 'PUT',
      url: `/api/productor/noticias/${noticiaId}`,
      headers: bearer(productor),
      payload: { titulo: `Noticia ${text}`, cuerpo: `Cuerpo ${text}` },
    });
    expect(news.statusCode, news.body).toBe(200);
    // The catalogue reads a cached index: the write above went through the API, these through the database.
    ctx.app.cache.clear();
  }

  const pages = () => [
    '/',
    '/lotes',
    `/lote/${loteId}`,
    `/perfil/${productor.id}`,
    `/perfil/${productor.id}/Lotes`,
    `/perfil/${productor.id}/Noticias`,
  ];

  beforeAll(async () => {
    webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cereza-ssr-literal-')), 'web');
    mkdirSync(webDir, { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
    ctx = await createTestApp({ webDir }, { ssr: entry });
    productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    loteId = (await postLote(ctx, productor)).id;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/noticias',
      headers: bearer(productor),
      payload: { titulo: 'Noticia', cuerpo: 'Cuerpo', publicada: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    noticiaId = json(res).data.noticia.id;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(path.dirname(webDir), { recursive: true, force: true });
  });

  it('holds each text once, literally, and weighs what the same page with plain text weighs', async () => {
    await setTexts(HOSTILE);
    const hostile = new Map<string, string>();
    for (const url of pages()) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      hostile.set(url, res.body);
      for (const part of ONCE) expect(count(res.body, part), `${url}: ${part}`).toBe(1);
      // The data for hydration carries the texts exactly as written.
      expect(
        strings(ssrState(res.body)).some((s) => s.includes(HOSTILE)),
        url,
      ).toBe(true);
    }
    // What each page shows of the texts, on the page it belongs to: in the markup (as React escapes text), the
    // title and the Open Graph tags (as pageDocument escapes attribute values).
    const markup = (label: string) =>
      `${label} ${HOSTILE.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`;
    const meta = (label: string) =>
      `${label} ${HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`;
    const body = (url: string) => hostile.get(url)!;
    const lote = body(`/lote/${loteId}`);
    expect(lote).toContain(`<title>${meta('Lote')} · Cereza</title>`);
    expect(lote).toContain(`<meta property="og:title" content="${meta('Lote')} · Cereza" />`);
    for (const label of ['Lote', 'Descripción', 'Finca del lote', 'Municipio', 'Secado', 'Nota', 'Finca', 'Región'])
      expect(lote, label).toContain(markup(label));
    expect(body(`/perfil/${productor.id}`)).toContain(`<title>${meta('Finca')}`);
    expect(body(`/perfil/${productor.id}/Lotes`)).toContain(markup('Lote'));
    expect(body(`/perfil/${productor.id}/Noticias`)).toContain(markup('Noticia'));
    expect(body('/')).toContain(markup('Noticia'));
    expect(body('/lotes')).toContain(markup('Lote'));

    // The same pages with "$" written as "S" weigh the same: no text made any page grow.
    await setTexts(TAME);
    for (const url of pages()) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(Math.abs(hostile.get(url)!.length - res.body.length), url).toBeLessThan(64);
    }
  });
});
