import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GUIDES, loadGuide } from './index';
import { GUIDE_SLUGS, type Guide, type GuideBlock } from './types';

const blockTexts = (b: GuideBlock): string[] =>
  typeof b === 'string' ? [b] : 'ul' in b ? b.ul : 'ol' in b ? b.ol : 'note' in b ? [b.note] : [b.direccionLaboratorio];

const guideText = (g: Guide) =>
  [g.lead, ...g.sections.flatMap((s) => [s.title, ...s.blocks.flatMap(blockTexts)])].join(' ');

const words = (text: string) =>
  text
    .replace(/\]\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

const blogSlugs = new Set(
  readdirSync(fileURLToPath(new URL('../../../../../content/blog', import.meta.url))).map((f) =>
    f.replace(/\.md$/, ''),
  ),
);
const APP_PATHS = new Set(['/lotes', '/Auth/Registro', '/about', '/ayuda', '/ayuda/faq', '/Blog', '/Guia']);

describe('guides', () => {
  it('lists the seven guides of docs/product.md §2 once each', () => {
    expect(GUIDES.map((g) => g.slug).sort()).toEqual([...GUIDE_SLUGS].sort());
  });

  it.each(GUIDE_SLUGS)('%s is a real guide with a table of contents and valid links', async (slug) => {
    const guide = await loadGuide(slug);
    expect(guide.slug).toBe(slug);
    const n = words(guideText(guide));
    expect(n).toBeGreaterThanOrEqual(600);
    expect(n).toBeLessThanOrEqual(1200);

    const ids = guide.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(guide.sections.length).toBeGreaterThanOrEqual(4);

    const links = [...guideText(guide).matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(
      links.some((l) => l.startsWith('/Guia/') && l !== `/Guia/${slug}`),
      'links to another guide',
    ).toBe(true);
    for (const href of links) {
      if (href.startsWith('/Guia/')) expect(GUIDE_SLUGS).toContain(href.slice(6));
      else if (href.startsWith('/Blog/')) expect(blogSlugs).toContain(href.slice(6));
      else if (href.startsWith('mailto:')) expect(href).toBe('mailto:hola@cereza.example');
      else expect(APP_PATHS).toContain(href);
    }
    for (const r of guide.related) expect(r).not.toBe(slug);
  });
});
