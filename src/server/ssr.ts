import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppCache } from './cache';
import type { MarkupCache, RenderedMarkup, SsrPage } from '../web/ssr/entry-server';

/*
 * Server rendering of the public pages. The React side lives in src/web/ssr/entry-server.tsx and is built
 * by Vite next to the web app (dist/ssr/entry-server.js); this side loads it, answers its API calls
 * in-process, and puts its markup, data and meta into index.html.
 */

// The entry's own types (a type-only import: nothing of the web app is bundled into the server).
export type { MarkupCache, RenderedMarkup, SsrPage } from '../web/ssr/entry-server';
/** What the server uses of the built entry. */
export type SsrModule = Pick<typeof import('../web/ssr/entry-server'), 'configure' | 'render'> &
  Partial<Pick<typeof import('../web/ssr/entry-server'), 'renderCatalogo'>>;

/**
 * Rendered markup by URL and data (the key the entry builds), kept in the app's cache (src/server/cache.ts, least
 * recently used out first). The key is the page's data itself, so an entry needs no invalidation: a write that
 * changes a page changes its key. Rendering is the costly part of a page (5-10 ms of CPU); the data is fetched
 * in-process for every request anyway, so a page is never older than the API's own answers.
 */
export function createMarkupCache(store: AppCache): MarkupCache & { digest(key: string): string } {
  // A key is the page's whole data (tens of KB for a catalogue page): it is hashed once per request, for the
  // lookup, the store and the page's ETag alike.
  let last = { key: '', digest: '' };
  const digest = (key: string) => {
    if (key !== last.key) last = { key, digest: createHash('sha1').update(key).digest('base64url') };
    return last.digest;
  };
  return {
    digest,
    get: (key) => store.peek<RenderedMarkup>(`pagina:${digest(key)}`),
    set: (key, value) => store.set(`pagina:${digest(key)}`, [], value),
  };
}

/** The built server-rendering bundle beside the web app's folder, when there is one. */
export async function loadSsrModule(webDir: string | undefined): Promise<SsrModule | undefined> {
  if (!webDir) return undefined;
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  // React picks its build from NODE_ENV when first loaded: main.ts has set it from the config (exposeNodeEnv).
  return (await import(pathToFileURL(file).href)) as SsrModule;
}

/** For text and for double-quoted attribute values alike. */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script type="application/json">: no "<" may close the element early. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The template with its first match of `pattern` swapped for `text`, taken literally. A replacement string would
 * read "$`", "$'", "$&" in user text (a producer's name, a news title) as patterns and splice the template into the
 * page again, once per occurrence; a function's result is never interpreted.
 */
const spliceOnce = (doc: string, pattern: string | RegExp, text: string) => doc.replace(pattern, () => text);

/**
 * index.html with the page's title, description, Open Graph tags, markup and data (`state`: already written for
 * the script, as the catalogue's assembled page brings it).
 */
export function pageDocument(
  template: string,
  page: Pick<SsrPage, 'meta' | 'html'> & { state: SsrPage['state'] | string },
  pageUrl: URL,
): string {
  const { title, description, image } = page.meta;
  let doc = template;
  if (title) doc = spliceOnce(doc, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description) {
    doc = spliceOnce(
      doc,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  }
  const og = [
    title && `<meta property="og:title" content="${escapeHtml(title)}" />`,
    description && `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl.href)}" />`,
    image && `<meta property="og:image" content="${escapeHtml(new URL(image, pageUrl).href)}" />`,
  ].filter(Boolean);
  doc = spliceOnce(doc, '</head>', `${og.join('')}</head>`);
  return spliceOnce(
    doc,
    '<div id="root"></div>',
    `<div id="root">${page.html}</div><script type="application/json" id="cereza-ssr">${typeof page.state === 'string' ? page.state : jsonForScript(page.state)}</script>`,
  );
}

/**
 * Marks the renderer's in-process API calls, so that a page logs one request rather than one per query. The value
 * is random per process: no client can hide its own requests from the log by sending the header.
 */
const RENDER_CALL = { header: 'x-cereza-render', value: randomUUID() };
export const isRenderCall = (req: { headers: Record<string, string | string[] | undefined> }) =>
  req.headers[RENDER_CALL.header] === RENDER_CALL.value;

export interface RenderedPage {
  status: number;
  body: string;
  etag: string;
}

/**
 * What a whole page depends on, when something cheaper than its data can tell (the lot page: its lot's version in
 * the catalogue index), or undefined. Equal versions, equal documents: a page kept under its version is served
 * again without fetching, dehydrating, keying or splicing anything.
 */
export type PageVersion = (url: string) => Promise<string | undefined>;

/** A document kept by version: its text cut where the hydration data's timestamps go, its status and ETag. */
interface KeptDocument {
  /** Text and timestamp keys alternating: even entries are text, odd ones `"dehydratedAt"` or `"dataUpdatedAt"`. */
  parts: string[];
  status: number;
  etag: string;
}

/**
 * Stands in for the timestamps of the hydration data while a document is kept: the one number React Query's
 * dehydrated state carries that is new on every request. A key followed by this value cannot come from data: a
 * quote inside a JSON string is escaped, and the markup escapes quotes as entities.
 */
const STAMP = -8_765_432_109_876;
const STAMPED = /("dehydratedAt"|"dataUpdatedAt"):-8765432109876(?![0-9])/;

function stampState(state: SsrPage['state']): void {
  for (const q of state.queries.queries) {
    q.dehydratedAt = STAMP;
    q.state.dataUpdatedAt = STAMP;
  }
}

/** The kept document with the time of this request in its hydration data, as a fresh render would have it. */
function documentAt(kept: KeptDocument, now: number): string {
  let out = '';
  for (let i = 0; i < kept.parts.length; i++) out += i % 2 ? `${kept.parts[i]}:${now}` : kept.parts[i];
  return out;
}

/**
 * A page renderer for the app: the module's API calls become in-process requests (anonymous, as a first
 * visit is). Returns null for paths that are rendered in the browser only.
 */
export function createPageRenderer(
  app: FastifyInstance,
  mod: SsrModule,
  template: string,
  versionOf: PageVersion = async () => undefined,
) {
  mod.configure(async (url, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', [RENDER_CALL.header]: RENDER_CALL.value },
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.payload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });
  const cache = createMarkupCache(app.cache);
  const templateDigest = createHash('sha1').update(template).digest('base64url');
  return async (url: string, origin: string): Promise<RenderedPage | null> => {
    const version = await versionOf(url);
    // The year is in every page's footer (and in the markup cache's key).
    const keptKey =
      version === undefined ? undefined : `documento:${origin}${url}\n${version}\n${new Date().getUTCFullYear()}`;
    const kept = keptKey === undefined ? undefined : app.cache.peek<KeptDocument>(keptKey);
    if (kept) return { status: kept.status, body: documentAt(kept, Date.now()), etag: kept.etag };

    // The catalogue assembles its page from kept parts (docs/decisions/078), or renders it as any other.
    const page = (keptKey === undefined && (await mod.renderCatalogo?.(url))) || (await mod.render(url, cache));
    if (!page) return null;
    if (keptKey !== undefined && typeof page.state !== 'string') stampState(page.state);
    // Joined as text, not resolved: a request for "//other.host/x" stays a path on this origin.
    const body = pageDocument(template, page, new URL(`${origin}${url}`));
    // The page's key (URL and every piece of its data) with this build's template and the origin: what the
    // page shows and carries, without the cache's timestamps, which are new on every request.
    const etag = `"p-${createHash('sha1')
      .update(`${templateDigest}\n${origin}\n${page.status}\n${cache.digest(page.key)}`)
      .digest('base64url')}"`;
    if (keptKey === undefined) return { status: page.status, body, etag };
    const doc: KeptDocument = { parts: body.split(STAMPED), status: page.status, etag };
    app.cache.set(keptKey, [], doc);
    return { status: page.status, body: documentAt(doc, Date.now()), etag };
  };
}
