import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticiaSchema } from '../../../contract/noticias';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { renderMarkdown } from './markdown';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
let comprador: TestUser;
let withoutPerfil: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'El Mirador' });
  other = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'La Loma' });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  withoutPerfil = await createUser(ctx, 'PRODUCTOR');
});
afterAll(() => ctx.close());

const validCuerpo = 'Terminamos la **cosecha** de Geisha.\n\nPronto tendremos muestras.';

async function create(user: TestUser, payload: Record<string, unknown>) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/productor/noticias', headers: bearer(user), payload });
  if (res.statusCode !== 201) throw new Error(`crear ${res.statusCode}: ${res.body}`);
  return json(res).data.noticia as { id: string } & Record<string, any>;
}

describe('POST /api/productor/noticias', () => {
  it('creates a draft by default with rendered Markdown', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/noticias',
      headers: bearer(owner),
      payload: { titulo: '  Cosecha 2025 terminada  ', cuerpo: validCuerpo, productorId: other.id, id: 'x' },
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('Noticia guardada.');
    const noticia = NoticiaSchema.parse(body.data.noticia);
    expect(noticia.titulo).toBe('Cosecha 2025 terminada');
    expect(noticia.publicada).toBe(false);
    expect(noticia.productorId).toBe(owner.id);
    expect(noticia.cuerpoHtml).toContain('<strong>cosecha</strong>');
  });

  it('answers 400 with Spanish messages per field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/noticias',
      headers: bearer(owner),
      payload: { titulo: 'ab', cuerpo: '   ', imagen: 'https://evil.example/x.png', publicada: 'sí' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = json(res);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields.titulo).toBe('El título debe tener al menos 3 caracteres.');
    expect(error.fields.cuerpo).toBe('Escribe el texto de la noticia.');
    expect(error.fields.imagen).toBeDefined();
    expect(error.fields.publicada).toBeDefined();
  });

  it('refuses titles over 140 and bodies over 20000 characters', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/noticias',
      headers: bearer(owner),
      payload: { titulo: 'a'.repeat(141), cuerpo: 'b'.repeat(20_001) },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json(res).error.fields).sort()).toEqual(['cuerpo', 'titulo']);
    const ok = await create(owner, { titulo: 'a'.repeat(140), cuerpo: 'b'.repeat(20_000) });
    expect(ok.titulo).toHaveLength(140);
  });

  it('accepts an image from our uploads and an empty image as none', async () => {
    const withImagen = await create(owner, {
      titulo: 'Con foto',
      cuerpo: 'Texto',
      imagen: '/uploads/demo/ab/cd/foto-lg.webp',
    });
    expect(withImagen.imagen).toBe('/uploads/demo/ab/cd/foto-lg.webp');
    const withoutImagen = await create(owner, { titulo: 'Sin foto', cuerpo: 'Texto', imagen: '' });
    expect(withoutImagen.imagen).toBeNull();
  });

  it('is refused to visitors, buyers and producers without a profile', async () => {
    const payload = { titulo: 'Intento', cuerpo: 'Texto' };
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/productor/noticias', payload });
    expect(visitor.statusCode).toBe(401);
    expect(json(visitor).error.message).toBe('Token de autorización requerido');
    const buyer = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/noticias',
      headers: bearer(comprador),
      payload,
    });
    expect(buyer.statusCode).toBe(403);
    expect(json(buyer).error.code).toBe('ROLE_REQUIRED');
    const noProfile = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/noticias',
      headers: bearer(withoutPerfil),
      payload,
    });
    expect(noProfile.statusCode).toBe(403);
    expect(json(noProfile).error.code).toBe('PROFILE_REQUIRED');
  });
});

describe('owner-only writes', () => {
  it('lets only the owner read, edit, publish, withdraw and delete', async () => {
    const n = await create(owner, { titulo: 'Visita a la finca', cuerpo: 'Borrador' });
    const url = `/api/productor/noticias/${n.id}`;

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer(other),
        payload: method === 'PUT' ? { titulo: 'Robada' } : undefined,
      });
      expect(res.statusCode, `${method} by another producer`).toBe(404);
      const anon = await ctx.app.inject({ method, url, payload: method === 'PUT' ? { titulo: 'Robada' } : undefined });
      expect(anon.statusCode, `${method} by a visitor`).toBe(401);
      const buyer = await ctx.app.inject({
        method,
        url,
        headers: bearer(comprador),
        payload: method === 'PUT' ? { titulo: 'Robada' } : undefined,
      });
      expect(buyer.statusCode, `${method} by a buyer`).toBe(403);
    }
    // Untouched by the attempts above.
    const mine = json(await ctx.app.inject({ method: 'GET', url, headers: bearer(owner) })).data.noticia;
    expect(mine.titulo).toBe('Visita a la finca');

    const edited = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner),
      payload: { titulo: 'Visita a la finca en abril' },
    });
    expect(edited.statusCode).toBe(200);
    expect(json(edited).message).toBe('Noticia actualizada.');
    expect(json(edited).data.noticia.publicada).toBe(false);

    const pub = await ctx.app.inject({ method: 'PUT', url, headers: bearer(owner), payload: { publicada: true } });
    expect(json(pub).message).toBe('Noticia publicada.');
    expect(json(pub).data.noticia.publicada).toBe(true);
    expect(new Date(json(pub).data.noticia.fecha).getTime()).toBeGreaterThanOrEqual(new Date(n.fecha).getTime());

    const unpub = await ctx.app.inject({ method: 'PUT', url, headers: bearer(owner), payload: { publicada: false } });
    expect(json(unpub).message).toBe('La noticia ya no es pública.');

    const bad = await ctx.app.inject({ method: 'PUT', url, headers: bearer(owner), payload: { titulo: 'x' } });
    expect(bad.statusCode).toBe(400);

    const del = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner) });
    expect(del.statusCode).toBe(200);
    const gone = await ctx.app.inject({ method: 'GET', url, headers: bearer(owner) });
    expect(gone.statusCode).toBe(404);
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner) });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for malformed ids', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/productor/noticias/no-es-un-id',
      headers: bearer(owner),
      payload: { publicada: true },
    });
    expect(res.statusCode).toBe(404);
  });

  it('lists my news with drafts, and nobody else’s', async () => {
    const own = await create(owner, { titulo: 'Borrador privado', cuerpo: 'Aún no' });
    const foreign = await create(other, { titulo: 'Noticia de otro', cuerpo: 'Texto', publicada: true });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/productor/noticias?limit=50',
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    const ids = json(res).data.noticias.map((x: { id: string }) => x.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
  });
});

describe('public news', () => {
  it('shows only published news, newest first, on the producer page and the home list', async () => {
    const p = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Santa Clara' });
    const first = await create(p, { titulo: 'Primera publicada', cuerpo: 'Uno', publicada: true });
    const borrador = await create(p, { titulo: 'Borrador oculto', cuerpo: 'Dos' });
    const second = await create(p, { titulo: 'Segunda publicada', cuerpo: 'Tres', publicada: true });

    const res = await ctx.app.inject({ method: 'GET', url: `/api/productores/${p.id}/noticias` });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.noticias.map((x: { id: string }) => x.id)).toEqual([second.id, first.id]);
    expect(data.pagination).toMatchObject({ page: 1, total: 2 });
    expect(data.noticias[0].cuerpoHtml).toContain('Tres');

    const recent = json(await ctx.app.inject({ method: 'GET', url: '/api/noticias?limit=20' })).data.noticias;
    const ids = recent.map((x: { id: string }) => x.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(borrador.id);
    expect(recent.find((x: { id: string }) => x.id === second.id).productor).toMatchObject({
      id: p.id,
      nombre: 'Finca Santa Clara',
    });

    // Publishing the draft later moves it to the top: its date is the day it went public.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/productor/noticias/${borrador.id}`,
      headers: bearer(p),
      payload: { publicada: true },
    });
    const after = json(await ctx.app.inject({ method: 'GET', url: `/api/productores/${p.id}/noticias` })).data.noticias;
    expect(after[0].id).toBe(borrador.id);
  });

  it('answers 404 for the news of unknown ids, buyers and producers without profile', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', comprador.id, withoutPerfil.id, 'abc']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/productores/${id}/noticias` });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('Markdown is rendered inert', () => {
  it('escapes raw HTML such as <script> and <img onerror>', async () => {
    const n = await create(owner, {
      titulo: 'Prueba XSS',
      cuerpo:
        'Hola <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<a href="javascript:alert(3)">clic</a>',
      publicada: true,
    });
    expect(n.cuerpoHtml).not.toMatch(/<script/i);
    expect(n.cuerpoHtml).not.toMatch(/<img/i);
    expect(n.cuerpoHtml).not.toMatch(/<a /i);
    expect(n.cuerpoHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(n.cuerpoHtml).toContain('&lt;img src=x onerror=');
  });

  it('drops dangerous link schemes, also when disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#115;cript:alert(1)',
      '%6Aavascript:alert(1)',
      'vbscript:x',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.example',
    ]) {
      const html = renderMarkdown(`[clic](${href})`);
      expect(html, href).not.toMatch(/href=/);
    }
  });

  it('keeps safe links, marks outside ones and keeps only our images', () => {
    const html = renderMarkdown(
      '[web](https://finca.example) [lotes](/lotes) ![foto](/uploads/a/b.webp) ![fuera](https://x.example/a.png)',
    );
    expect(html).toContain('href="https://finca.example" rel="nofollow ugc noopener noreferrer" target="_blank"');
    expect(html).toContain('href="/lotes"');
    expect(html).toContain('<img src="/uploads/a/b.webp" alt="foto"');
    expect(html).not.toContain('x.example/a.png');
    expect(html).toContain('fuera');
  });

  it('moves headings one level down so the page keeps one h1', () => {
    expect(renderMarkdown('# Título\n\n## Sub')).toBe('<h2>Título</h2>\n<h3>Sub</h3>\n');
  });
});
