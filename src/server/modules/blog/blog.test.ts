import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestContext } from '../../test/helpers';
import { countWords, loadBlog, parseFrontMatter, resolveBlogDir, slugify } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const tmpDirs: string[] = [];
afterAll(() => tmpDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cereza-blog-'));
  tmpDirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const article = (fm: string, body = 'Texto del artículo.') => `---\n${fm}\n---\n\n${body}\n`;
const VALID_FM = [
  'title: Prueba',
  'slug: prueba',
  'description: Una prueba.',
  'date: 2025-06-01',
  'author: Equipo de Cereza',
  'tags: [calidad, cata]',
].join('\n');

describe('GET /api/blog', () => {
  it('lists every article newest first, with reading time and without the body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/blog' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.success).toBe(true);
    const posts = body.data.posts as Array<Record<string, unknown>>;
    const files = readdirSync(resolveBlogDir()).filter((f) => f.endsWith('.md'));
    expect(posts).toHaveLength(files.length);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    const dates = posts.map((p) => p.date as string);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const p of posts) {
      expect(Object.keys(p).sort()).toEqual(
        expect.arrayContaining(['author', 'date', 'description', 'readingMinutes', 'slug', 'tags', 'title']),
      );
      expect(p).not.toHaveProperty('html');
      expect(p.readingMinutes).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('GET /api/blog/:slug', () => {
  it('renders an article to HTML with linkable section headings', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/blog/incoterms-para-tostadores' });
    expect(res.statusCode).toBe(200);
    const { post } = json(res).data;
    expect(post.title).toMatch(/Incoterms para tostadores/);
    expect(post.html).toContain('<h2 id="fob-franco-a-bordo">FOB: franco a bordo</h2>');
    expect(post.html).toContain('<table>');
    expect(post.html).toContain('<a href="/Guia/logistica-para-compradores">');
  });

  it('answers 404 with a Spanish message for an unknown slug', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/blog/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'No encontramos ese artículo del blog.' },
    });
  });
});

describe('the articles in content/blog', () => {
  const dir = resolveBlogDir();
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));

  it.each(files)('%s is a real article: 800–1500 words, dated 2025–2026, file named after its slug', (file) => {
    const { data, body } = parseFrontMatter(readFileSync(path.join(dir, file), 'utf8'));
    const words = countWords(body);
    expect(words).toBeGreaterThanOrEqual(800);
    expect(words).toBeLessThanOrEqual(1500);
    expect(String(data.date)).toMatch(/^202[56]-/);
    expect(file).toBe(`${data.slug}.md`);
  });

  it('links only to articles, guides and pages that exist', () => {
    const blog = loadBlog(dir);
    const slugs = new Set(blog.list().map((p) => p.slug));
    const guides = new Set([
      'verificados',
      'transparencia',
      'compra-de-cafe',
      'vende-sus-cafes',
      'control-de-calidad',
      'modelo-comercio-directo',
      'logistica-para-compradores',
    ]);
    for (const { slug } of blog.list()) {
      for (const [, href] of blog.get(slug)!.html.matchAll(/href="([^"]+)"/g)) {
        if (href.startsWith('/Blog/')) expect(slugs, `${slug} → ${href}`).toContain(href.slice(6));
        else if (href.startsWith('/Guia/')) expect(guides, `${slug} → ${href}`).toContain(href.slice(6));
        else
          expect(['/lotes', '/Auth/Registro', '/ayuda', '/ayuda/faq', '/about'], `${slug} → ${href}`).toContain(href);
      }
    }
  });
});

describe('loadBlog', () => {
  it('escapes raw HTML and refuses script links', () => {
    const dir = folderWith({
      'prueba.md': article(
        VALID_FM,
        'Hola <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n[clic](javascript:alert(3))',
      ),
    });
    const html = loadBlog(dir).get('prueba')!.html;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript:');
  });

  it('reads block lists of tags and quoted values', () => {
    const fm = VALID_FM.replace('tags: [calidad, cata]', 'tags:\n  - calidad\n  - "cata"').replace(
      'title: Prueba',
      'title: "Prueba: con dos puntos"',
    );
    const post = loadBlog(folderWith({ 'prueba.md': article(fm) })).get('prueba')!;
    expect(post.tags).toEqual(['calidad', 'cata']);
    expect(post.title).toBe('Prueba: con dos puntos');
  });

  it('stops with the file name when the front matter is incomplete', () => {
    const dir = folderWith({ 'roto.md': article(VALID_FM.replace('author: Equipo de Cereza\n', '')) });
    expect(() => loadBlog(dir)).toThrow(/roto\.md.*author/);
  });

  it('refuses two articles with the same slug', () => {
    const dir = folderWith({ 'a.md': article(VALID_FM), 'b.md': article(VALID_FM) });
    expect(() => loadBlog(dir)).toThrow(/b\.md: slug "prueba"/);
  });

  it('gives repeated headings distinct ids', () => {
    const html = loadBlog(folderWith({ 'prueba.md': article(VALID_FM, '## Cómo empezar\n\n## Cómo empezar') })).get(
      'prueba',
    )!.html;
    expect(html).toContain('id="como-empezar"');
    expect(html).toContain('id="como-empezar-2"');
  });
});

describe('slugify', () => {
  it('drops accents and punctuation', () => {
    expect(slugify('¿Qué es la actividad de agua (aw)?')).toBe('que-es-la-actividad-de-agua-aw');
  });
});
