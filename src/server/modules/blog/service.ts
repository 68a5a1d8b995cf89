import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt, { type MarkdownIt as Markdown } from 'markdown-it';
import { z } from 'zod';
import type { BlogPost, BlogPostSummary } from '../../../contract/blog';

export type { BlogPost, BlogPostSummary };

/*
 * The blog is a folder of Markdown files kept in the repository (content/blog/*.md). They are read and
 * rendered once at start-up: articles change only with a deploy, so there is nothing to query per request.
 */

const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * From the source tree the folder is four levels up from this module; the production server may run from a
 * bundled dist/server/main.js where that relative path means nothing, so the working directory (the
 * repository root for `npm start`) is the fallback.
 */
export function resolveBlogDir(): string {
  const candidates = [
    path.resolve(MODULE_DIR, '../../../../content/blog'),
    path.resolve(MODULE_DIR, '../../content/blog'),
    path.resolve(process.cwd(), 'content/blog'),
  ];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[candidates.length - 1];
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const FrontMatterSchema = z.object({
  title: z.string().min(1).max(160),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens'),
  description: z.string().min(1).max(300),
  date: z
    .string()
    .regex(isoDate, 'date must be YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(d)), 'date is not a real day'),
  author: z.string().min(1).max(120),
  tags: z.array(z.string().min(1).max(40)).max(10).default([]),
  cover: z.string().min(1).optional(),
});
export type FrontMatter = z.infer<typeof FrontMatterSchema>;

function unquote(value: string): string {
  const v = value.trim();
  if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) return v.slice(1, -1);
  return v;
}

/**
 * Reads the small YAML subset our articles use (`key: value`, `key: [a, b]` and `- item` lists) rather than
 * pulling a YAML library in for six keys.
 */
export function parseFrontMatter(source: string): { data: Record<string, unknown>; body: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) throw new Error('missing front matter (--- ... ---) at the top of the file');
  const data: Record<string, unknown> = {};
  let listKey: string | undefined;
  for (const raw of match[1].split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    const item = /^\s+-\s+(.*)$/.exec(raw) ?? /^-\s+(.*)$/.exec(raw);
    if (item && listKey) {
      (data[listKey] as string[]).push(unquote(item[1]));
      continue;
    }
    const kv = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(raw);
    if (!kv) throw new Error(`cannot read front matter line: ${raw}`);
    const [, key, value] = kv;
    listKey = undefined;
    if (value === '') {
      data[key] = [];
      listKey = key;
    } else if (value.startsWith('[') && value.endsWith(']')) {
      data[key] = value
        .slice(1, -1)
        .split(',')
        .map((s) => unquote(s))
        .filter(Boolean);
    } else {
      data[key] = unquote(value);
    }
  }
  return { data, body: text.slice(match[0].length) };
}

/** Words per minute of an attentive reader of technical Spanish prose. */
const WORDS_PER_MINUTE = 200;

export function countWords(markdown: string): number {
  return markdown
    .replace(/[#>*_`|[\]()-]+/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(countWords(markdown) / WORDS_PER_MINUTE));
}

/** "Cómo leer una ficha" → "como-leer-una-ficha": ids for headings, so that sections can be linked. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function createRenderer(): Markdown {
  // html: false escapes any raw HTML in an article; markdown-it also refuses javascript: and data: links.
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  const defaultHeading =
    md.renderer.rules.heading_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (token.tag === 'h2' || token.tag === 'h3') {
      const inline = tokens[idx + 1];
      const id = slugify(inline?.content ?? '');
      // The render env is per article, so ids are unique within one article.
      const seen = ((env as { headingIds?: Map<string, number> }).headingIds ??= new Map<string, number>());
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      if (id) token.attrSet('id', n ? `${id}-${n + 1}` : id);
    }
    return defaultHeading(tokens, idx, options, env, self);
  };
  // Links to other sites open as ordinary links but do not pass our page as referrer or opener.
  const defaultLink =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = String(tokens[idx].attrGet('href') ?? '');
    if (/^https?:\/\//i.test(href)) tokens[idx].attrSet('rel', 'noopener noreferrer');
    return defaultLink(tokens, idx, options, env, self);
  };
  return md;
}

export interface Blog {
  list(): BlogPostSummary[];
  get(slug: string): BlogPost | undefined;
}

/**
 * Loads every article of a folder. A malformed article stops the start-up with the file's name, so that a
 * broken post is caught by the deploy rather than by a reader.
 */
export function loadBlog(dir: string = resolveBlogDir()): Blog {
  const md = createRenderer();
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  const posts = new Map<string, BlogPost>();
  for (const file of files) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    let parsed: ReturnType<typeof parseFrontMatter>;
    try {
      parsed = parseFrontMatter(source);
    } catch (err) {
      throw new Error(`content/blog/${file}: ${(err as Error).message}`);
    }
    const result = FrontMatterSchema.safeParse(parsed.data);
    if (!result.success) {
      const detail = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`content/blog/${file}: invalid front matter (${detail})`);
    }
    const fm = result.data;
    if (posts.has(fm.slug)) throw new Error(`content/blog/${file}: slug "${fm.slug}" is used by another article`);
    posts.set(fm.slug, {
      slug: fm.slug,
      title: fm.title,
      description: fm.description,
      date: fm.date,
      author: fm.author,
      tags: fm.tags,
      ...(fm.cover ? { cover: fm.cover } : {}),
      readingMinutes: readingMinutes(parsed.body),
      html: md.render(parsed.body, {}),
    });
  }
  // Newest first; the slug breaks ties so that the order never depends on the file system.
  const sorted = [...posts.values()].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const summaries: BlogPostSummary[] = sorted.map(({ html: _html, ...summary }) => summary);
  return {
    list: () => summaries,
    get: (slug) => posts.get(slug),
  };
}
