import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { LoteTarjeta, LotesTarjetasPage } from '../../contract/lotes';
import { LOTES_API } from '../../contract/lotes-endpoints';
import { apiFetch } from '../lib/api';
import type { SsrPageInfo } from '../lib/page-meta';
import { catalogoQueryString, lotesKeys } from '../features/lotes/api';
import { activeFilters, chipsOf, readFilters, readPage, readSort, type Chip } from '../features/lotes/filters';
import { catalogoHref, HUECO } from '../features/lotes/components/catalogo';
import {
  FilterChips,
  formatResultCount,
  ofertaSuffix,
  PaginationNav,
} from '../features/lotes/components/catalogo-controls';
import { LoteCardContent } from '../components/lote-card';
import type { SsrPage } from './entry-server';

/*
 * The catalogue's page (/lotes) without rendering it (issue 33, docs/decisions/078). Every query asks for a page of
 * its own, and React rendered each one whole: the header, the filters, twenty cards. Here the page is assembled from
 * parts rendered once:
 *
 * - a *shape*: the whole page rendered by React with marks (HUECO) where the query's values go (the search's text,
 *   the count, the chips, the download links, the pagination), kept by what changes its markup otherwise: the
 *   order, the number of cards, whether anything was found, the year;
 * - each *card's content* (its static part), rendered alone and kept with its data (the card's JSON, first-row
 *   photo, the search's match): a change to a lot changes its data, so its new card shows as soon as the API answers
 *   it. The rest of a card, the article and the heart, is the shape's: the same for every lot a visitor sees, except
 *   for two ids (useId: the heart's dialog, the static part) that depend on the card's place in the page;
 * - the chips by flag, and the pagination by page and page count, their texts and links written for each request.
 *
 * A shape is kept only if the page assembled from it equals React's full render of the same request, checked when
 * the shape is made; the tests compare the two over many queries. The hydration data is written from the API's
 * own text. Anything unusual (another path, an error, a shape that did not check) is left to the full render.
 */

type Answer = { html: string; state: string; key: string; meta: SsrPageInfo; status: number };
type Render = (url: string) => Promise<SsrPage | null>;
type RenderHuecos = (url: string, data: Record<string, unknown>) => Promise<SsrPage | null>;

/** A bounded map, the least recently used out first. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  get size() {
    return this.map.size;
  }
}

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (s: string) => (/["&'<>]/.test(s) ? s.replace(/["&'<>]/g, (c) => ESCAPES[c]) : s);
/** What the server's jsonForScript does to the hydration data. */
const forScript = (s: string) =>
  /[<\u2028\u2029]/.test(s)
    ? s
        .replace(/</g, '\\u003c')
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029')
    : s;

const inRouter = (node: ReactNode) =>
  renderToString(
    <StrictMode>
      <StaticRouter location="/lotes">{node}</StaticRouter>
    </StrictMode>,
  );

const ENVELOPE = '{"success":true,"data":';

/**
 * A card's content (its static part, LoteCardContent) rendered alone, kept with the data it was rendered from, and
 * the preload React hoists to the page's start for a first-row photo. The rest of a card (the article, the heart,
 * their ids) is the shape's: the same for every lot a visitor sees, only its place's ids differ.
 */
interface Card {
  json: string;
  link: string;
  content: string;
}

const MAX_CARDS = 5000;
const cards = new Lru<Card>(MAX_CARDS);
function cardOf(lote: LoteTarjeta, eager: boolean, coincide: string | undefined): Card | undefined {
  const key = `${lote.id}\n${eager ? 1 : 0}\n${coincide ?? ''}`;
  const json = JSON.stringify(lote);
  let card = cards.get(key);
  if (card?.json === json) return card;
  const html = inRouter(<LoteCardContent lote={lote} eager={eager} coincide={coincide} />);
  const links = /^(<link [^>]*\/>)*/.exec(html)![0];
  card = { json, link: links, content: html.slice(links.length) };
  cards.set(key, card);
  return card;
}

/** A card's place in a shape: the article and heart up to its static part's content (their ids are the place's). */
const STATIC_PART = /<div data-static="[^"]*" style="display:contents">/;
const CARD_END = '</div></article>';

/** A chip by its flag (a country's, or none), its label marked twice: its button's name and its text. */
const chipParts = new Map<string, string[]>();
let chipFrame: [string, string] | undefined;
const noChange = () => {};
const LABEL = '\uE000etiqueta\uE000';
function chipOf(c: Chip): string {
  const pais = c.pais ?? '';
  let parts = chipParts.get(pais);
  if (!parts) {
    const html = renderToString(
      <FilterChips chips={[{ ...c, label: LABEL }]} onRemove={noChange} onClear={noChange} />,
    );
    // <ul …><li>the chip</li><li>Limpiar filtros</li></ul>: a chip holds no list item of its own.
    const first = html.indexOf('<li>');
    const last = html.lastIndexOf('<li>');
    chipFrame ??= [html.slice(0, first), html.slice(last)];
    parts = html.slice(first, last).split(LABEL);
    chipParts.set(pais, parts);
  }
  const label = escapeHtml(c.label);
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) out += label + parts[i];
  return out;
}
function chipsHtml(chips: Chip[]): string {
  if (!chips.length) return '';
  let out = '';
  for (const c of chips) out += chipOf(c);
  return chipFrame![0] + out + chipFrame![1];
}

/** The pagination by page and page count, its links marked (`/lotes?cerezapagina=N`) to be written per request. */
const paginations = new Lru<string[]>(1000);
const PAGE_MARK = /\/lotes\?cerezapagina=(\d+)/;
function paginationHtml(page: number, totalPages: number, params: URLSearchParams): string {
  const key = `${page}/${totalPages}`;
  let parts = paginations.get(key);
  if (!parts) {
    const html = inRouter(<PaginationNav page={page} totalPages={totalPages} hrefFor={(p) => `?cerezapagina=${p}`} />);
    parts = html.split(PAGE_MARK);
    paginations.set(key, parts);
  }
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const href = catalogoHref(params, Number(parts[i]));
    out += escapeHtml(href === '?' ? '/lotes' : `/lotes${href}`) + parts[i + 1];
  }
  return out;
}

/** A shape: the page's markup and hydration data cut where a request's values go. */
interface Shape {
  /** Text and marks alternating: odd entries name what goes there (`q`, `total`, `card:3`…). */
  html: string[];
  /** Each card's place: its markup up to the card's content. */
  frames: string[];
  /** The hydration data: text and marks alternating (`data`, `qs`, `stamp`). */
  state: string[];
  loaderData: string;
  meta: SsrPageInfo;
}

const SLOTS = new RegExp(
  `(${[HUECO.q, HUECO.total, HUECO.activos, HUECO.chips, HUECO.paginacion].join('|')}|\\?${HUECO.qs})`,
);
const STATE_DATA = '\uE000data\uE000';
const STATE_QS = '\uE000qs\uE000';
const STAMP = -8_765_432_109_876;

/** Cuts the page rendered with marks into a shape, or undefined if it is not what is expected. */
function shapeOf(marked: SsrPage, full: SsrPage, data: LotesTarjetasPage): Shape | undefined {
  const eagerLinks = linksOf(data);
  if (eagerLinks === undefined || !marked.html.startsWith(eagerLinks)) return undefined;
  const pieces = marked.html.slice(eagerLinks.length).split(SLOTS);
  const html: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) {
      html.push(pieces[i]);
      continue;
    }
    const mark = pieces[i];
    if (mark === HUECO.activos) {
      // "Filtros" and the number are two texts, which React separates with a comment only when there is a number.
      if (!html[html.length - 1].endsWith('<!-- -->')) return undefined;
      html[html.length - 1] = html[html.length - 1].slice(0, -'<!-- -->'.length);
    }
    html.push(mark.startsWith('?') ? 'qs' : mark.replace(/\uE000/g, ''));
  }
  // The cards: each <article> of the list becomes a mark, its markup up to the content its place's frame.
  const frames: string[] = [];
  const out: string[] = [];
  for (let i = 0; i < html.length; i++) {
    if (i % 2 === 1) {
      out.push(html[i]);
      continue;
    }
    let text = html[i];
    const list = text.indexOf('id="lista-lotes"');
    if (list < 0) {
      out.push(text);
      continue;
    }
    let from = list;
    for (;;) {
      const start = text.indexOf('<article', from);
      if (start < 0) break;
      const end = text.indexOf(CARD_END, start);
      const open = end < 0 ? null : STATIC_PART.exec(text.slice(start, end));
      if (!open) return undefined;
      frames.push(text.slice(start, start + open.index + open[0].length));
      out.push(text.slice(0, start), `card:${frames.length - 1}`);
      text = text.slice(end + CARD_END.length);
      from = 0;
    }
    out.push(text);
  }
  if (frames.length !== data.lotes.length) return undefined;

  // The hydration data of the full render, its values marked.
  const queries = full.state.queries.queries;
  if (queries.length !== 1) return undefined;
  const [q] = queries;
  const stateCopy = {
    ...full.state,
    queries: {
      ...full.state.queries,
      queries: [
        {
          ...q,
          dehydratedAt: STAMP,
          state: { ...q.state, data: STATE_DATA, dataUpdatedAt: STAMP },
          queryKey: lotesKeys.list(STATE_QS),
          queryHash: JSON.stringify(lotesKeys.list(STATE_QS)),
        },
      ],
    },
  };
  const state = forScript(JSON.stringify(stateCopy))
    .split(new RegExp(`("${STATE_DATA}"|${STATE_QS}|${STAMP})`))
    .map((s, i) => (i % 2 === 0 ? s : s === STATE_QS ? 'qs' : s === String(STAMP) ? 'stamp' : 'data'));
  return { html: out, frames, state, loaderData: JSON.stringify(full.state.loaderData), meta: marked.meta };
}

/** The preloads React hoists to the page's start for the first row's photos, each once. */
function linksOf(data: LotesTarjetasPage): string | undefined {
  let links = '';
  for (let i = 0; i < data.lotes.length && i < 2; i++) {
    const card = cardOf(data.lotes[i], true, data.coincidencias?.[data.lotes[i].id]);
    if (!card) return undefined;
    if (card.link && !links.includes(card.link)) links += card.link;
  }
  return links;
}

function assemble(shape: Shape, data: LotesTarjetasPage, params: URLSearchParams, qs: string): string | undefined {
  const filters = readFilters(params);
  const links = linksOf(data);
  if (links === undefined) return undefined;
  let out = links;
  for (let i = 0; i < shape.html.length; i++) {
    const part = shape.html[i];
    if (i % 2 === 0) {
      out += part;
      continue;
    }
    if (part === 'q') out += escapeHtml(filters.q);
    else if (part === 'total') out += escapeHtml(formatResultCount(data.pagination.total));
    else if (part === 'activos') {
      const active = activeFilters(filters);
      if (active > 0) out += `<!-- --> (${active})`;
    } else if (part === 'chips') out += chipsHtml(chipsOf(filters));
    else if (part === 'qs') out += escapeHtml(ofertaSuffix(qs));
    else if (part === 'paginacion') {
      const { totalPages } = data.pagination;
      const page = Math.min(readPage(params), Math.max(1, totalPages));
      out += paginationHtml(page, totalPages, params);
    } else {
      const n = Number(part.slice('card:'.length));
      const lote = data.lotes[n];
      const card = cardOf(lote, n < 2, data.coincidencias?.[lote.id]);
      if (!card) return undefined;
      out += shape.frames[n] + card.content + CARD_END;
    }
  }
  return out;
}

const shapes = new Lru<Shape | null>(100);
const building = new Map<string, Promise<unknown>>();

/**
 * The catalogue page for `url`, assembled; undefined when the full render is to answer (another path, the API's
 * refusal, a shape not made yet or that did not check: `render` is then called here, and its page returned).
 */
export async function catalogoRapido(
  url: string,
  render: Render,
  renderHuecos: RenderHuecos,
): Promise<Answer | SsrPage | null | undefined> {
  const u = new URL(url, 'http://cereza.invalid');
  if (u.pathname !== '/lotes') return undefined;
  const params = u.searchParams;
  const qs = catalogoQueryString(params);
  const res = await apiFetch(`${LOTES_API.catalogo.path}?${qs ? `${qs}&` : ''}vista=tarjeta`, { method: 'GET' });
  if (res.status !== 200) return undefined;
  const text = await res.text();
  if (!text.startsWith(ENVELOPE) || !text.endsWith('}')) return undefined;
  const data = JSON.parse(text.slice(ENVELOPE.length, -1)) as LotesTarjetasPage;
  // The API's own text is what JSON.stringify writes, except for the search's matches, which it writes in ASCII
  // (\u00f3): those are written again, so that the data and the ETag are a full render's to the byte.
  const dataText = text.includes('\\u', ENVELOPE.length) ? JSON.stringify(data) : text.slice(ENVELOPE.length, -1);
  const year = new Date().getUTCFullYear();
  const shapeKey = keyOf(data, params, year);
  const shape = shapes.get(shapeKey);
  if (shape === null) return undefined;
  if (!shape) {
    // Made from this request's full render, and kept only if assembling the same page gives the same markup.
    if (building.has(shapeKey)) return undefined;
    const made = (async () => {
      const full = await render(url);
      if (!full || full.status !== 200) return full;
      const fullData = full.state.queries.queries[0]?.state.data as LotesTarjetasPage | undefined;
      const marked = fullData && (await renderHuecos(url, fullData as never));
      const made = marked && fullData && shapeOf(marked, full, fullData);
      const key = fullData && keyOf(fullData, params, year);
      if (key) {
        const checked = !!made && assemble(made, fullData, params, qs) === full.html;
        if (!checked) counts.rejected++;
        shapes.set(key, checked ? made : null);
      }
      return full;
    })();
    building.set(shapeKey, made);
    try {
      return (await made) as SsrPage | null;
    } finally {
      building.delete(shapeKey);
    }
  }
  const html = assemble(shape, data, params, qs);
  if (html === undefined) return undefined;
  counts.assembled++;
  const now = String(Date.now());
  let state = '';
  for (let i = 0; i < shape.state.length; i++) {
    const part = shape.state[i];
    state += i % 2 === 0 ? part : part === 'data' ? forScript(dataText) : part === 'qs' ? qs : now;
  }
  const hash = JSON.stringify(lotesKeys.list(qs));
  const key = `[${JSON.stringify(u.pathname + u.search)},${year},[[${JSON.stringify(hash)},"success",${dataText}]],${shape.loaderData}]`;
  return { html, state, key, meta: shape.meta, status: 200 };
}

/** What the page's markup depends on besides the values filled in. */
function keyOf(data: LotesTarjetasPage, params: URLSearchParams, year: number): string {
  const empty = data.lotes.length === 0 && chipsOf(readFilters(params)).length > 0;
  return `${readSort(params)}|${data.lotes.length}|${data.pagination.total > 0}|${empty}|${year}`;
}

const counts = { assembled: 0, rejected: 0 };
/** For the tests: how many parts are kept, pages assembled, shapes refused by their check. */
export const catalogoRapidoSizes = () => ({
  ...counts,
  shapes: shapes.size,
  cards: cards.size,
  maxCards: MAX_CARDS,
  paginations: paginations.size,
});
