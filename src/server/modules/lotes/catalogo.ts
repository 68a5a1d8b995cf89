import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeText } from '../../../contract/common';
import { LoteSchema, type Lote, type LotesPage, type LotesQuery } from '../../../contract/lotes';
import type { Db } from '../../db/client';
import { lotes, productorPerfiles, users } from '../../db/schema';
import type { EventBus } from '../../events';
import { pagination } from '../../lib/pagination';
import { serializeLote, type PerfilSummaryRow } from './serialize';

/**
 * The public catalogue in memory (docs/decisions/007): every visible lot, already checked against the contract
 * and serialized, with the fields the filters and sorts read. Built from the database at start-up and kept
 * current by the domain events (`lote.cambiado`, `productor.cambiado`), which every process hears. A query is a
 * scan of a list kept in the order asked for: no database, no sort, the page's lots joined as text.
 *
 * It answers exactly what the SQL path (service.ts `sqlPublicPage`) answers — the same accent-free matching, the
 * same orders and ties — and a property test compares the two on random queries. Until it is loaded the SQL path
 * answers.
 */

interface Item {
  id: string;
  /** The lot's JSON as the API answers it (checked against LoteSchema once, when it was loaded). */
  json: string;
  productorId: string;
  pais: string;
  /** lower() and the accent folding of the SQL path. */
  region: string;
  variedades: string[];
  proceso: string;
  certificaciones: string[];
  posicion: string;
  status: string;
  puntaje: number | null;
  precioKg: number;
  sacos: number;
  busqueda: string;
  /** Microseconds since the epoch: the database's own precision, so that ties break as in SQL. */
  createdUs: number;
  verificado: boolean;
  agotado: boolean;
}

const FROM = 'áàäâãéèëêíìïîóòöôõúùüûñç';
const TO = 'aaaaaeeeeiiiiooooouuuunc';
const FOLD = new Map([...FROM].map((c, i) => [c, TO[i]]));
/** The SQL path's `translate(lower(x), …)`. */
export const sqlFold = (s: string) => [...s.toLowerCase()].map((c) => FOLD.get(c) ?? c).join('');

/** Up to eight accent-free words of the search text; every one must appear in the lot's `busqueda`. */
export function searchTokens(q: string | undefined): string[] {
  if (!q) return [];
  return [
    ...new Set(
      normalizeText(q)
        .split(/[^a-z0-9ñ+.-]+/i)
        .filter(Boolean),
    ),
  ].slice(0, 8);
}

type Cmp = (a: Item, b: Item) => number;
const byId = (a: Item, b: Item) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const desc =
  (f: (i: Item) => number): Cmp =>
  (a, b) =>
    f(b) - f(a);
const then =
  (...cmps: Cmp[]): Cmp =>
  (a, b) => {
    for (const c of cmps) {
      const r = c(a, b);
      if (r) return r;
    }
    return 0;
  };
/** Lots with bags first, in every order (issue 16). */
const availableFirst: Cmp = (a, b) => Number(a.agotado) - Number(b.agotado);
const ORDERS = {
  recientes: then(
    availableFirst,
    desc((i) => i.createdUs),
    (a, b) => byId(b, a),
  ),
  puntaje: then(
    availableFirst,
    (a, b) => (a.puntaje === null ? (b.puntaje === null ? 0 : 1) : b.puntaje === null ? -1 : b.puntaje - a.puntaje),
    (a, b) => byId(b, a),
  ),
  precio_asc: then(availableFirst, (a, b) => a.precioKg - b.precioKg, byId),
  precio_desc: then(
    availableFirst,
    (a, b) => b.precioKg - a.precioKg,
    (a, b) => byId(b, a),
  ),
  relevancia: then(
    availableFirst,
    desc((i) => Number(i.verificado)),
    desc((i) => i.createdUs),
    (a, b) => byId(b, a),
  ),
} satisfies Record<LotesQuery['orden'], Cmp>;
type Orden = keyof typeof ORDERS;
const ORDEN_NAMES = Object.keys(ORDERS) as Orden[];

function position(list: Item[], item: Item, cmp: Cmp): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmp(list[mid], item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Filter = (i: Item) => boolean;

function filtersOf(q: LotesQuery): Filter[] {
  const f: Filter[] = [];
  if (!q.agotados) f.push((i) => !i.agotado);
  if (q.pais?.length) {
    const set = new Set<string>(q.pais);
    f.push((i) => set.has(i.pais));
  }
  if (q.region) {
    const want = normalizeText(q.region.trim());
    f.push((i) => i.region === want);
  }
  if (q.proceso?.length) {
    const set = new Set<string>(q.proceso);
    f.push((i) => set.has(i.proceso));
  }
  if (q.variedad) {
    const want = normalizeText(q.variedad.trim());
    f.push((i) => i.variedades.includes(want));
  }
  if (q.certificacion?.length) {
    const all = q.certificacion;
    f.push((i) => all.every((c) => i.certificaciones.includes(c)));
  }
  if (q.posicion?.length) {
    const set = new Set<string>(q.posicion);
    f.push((i) => set.has(i.posicion));
  }
  if (q.status?.length) {
    const set = new Set<string>(q.status);
    f.push((i) => set.has(i.status));
  }
  const { puntajeMin, puntajeMax, precioMin, precioMax, sacosMin, productor } = q;
  if (puntajeMin !== undefined) f.push((i) => i.puntaje !== null && i.puntaje >= puntajeMin);
  if (puntajeMax !== undefined) f.push((i) => i.puntaje !== null && i.puntaje <= puntajeMax);
  if (precioMin !== undefined) f.push((i) => i.precioKg >= precioMin);
  if (precioMax !== undefined) f.push((i) => i.precioKg <= precioMax);
  if (sacosMin !== undefined) f.push((i) => i.sacos >= sacosMin);
  if (productor) f.push((i) => i.productorId === productor);
  for (const token of searchTokens(q.q)) f.push((i) => i.busqueda.includes(token));
  return f;
}

/** A page as its JSON text (the route answers it as it is) and its pagination. */
export interface PageText {
  json: string;
  etag: string;
  total: number;
}

const perfilColumns = {
  nombre: productorPerfiles.nombre,
  pais: productorPerfiles.pais,
  region: productorPerfiles.region,
  avatar: productorPerfiles.avatar,
  verificado: users.verificado,
};

export class CatalogoIndex {
  private readonly items = new Map<string, Item>();
  private readonly sorted = new Map<Orden, Item[]>(ORDEN_NAMES.map((o) => [o, []]));
  private loaded = false;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    events.on('lote.cambiado', (e) => this.reload(inArray(lotes.id, e.loteIds), e.loteIds));
    events.on('productor.cambiado', (e) =>
      this.reload(
        eq(lotes.productorId, e.productorId),
        [...this.items.values()].filter((i) => i.productorId === e.productorId).map((i) => i.id),
      ),
    );
  }

  get ready(): boolean {
    return this.loaded;
  }

  get size(): number {
    return this.items.size;
  }

  /** Loads every visible lot; queued behind the events, so that none received meanwhile is lost. */
  load(): Promise<void> {
    const run = this.events.enqueue(async () => {
      const started = Date.now();
      this.items.clear();
      for (const list of this.sorted.values()) list.length = 0;
      const items = await this.read(undefined);
      for (const item of items) this.items.set(item.id, item);
      for (const [orden, list] of this.sorted) {
        list.push(...items);
        list.sort(ORDERS[orden]);
      }
      this.loaded = true;
      this.log.info({ lotes: items.length, ms: Date.now() - started }, 'catalogue index loaded');
    });
    const loading: Promise<void> = run
      .catch(() => {})
      .then(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return run;
  }

  /** Before answering: this process's own writes handled, and no full reload under way. */
  private async current(): Promise<void> {
    await this.events.settle();
    await this.loading;
  }

  /** Reads again the lots `where` selects, and drops those of `known` it no longer finds visible. */
  private async reload(where: SQL, known: string[]): Promise<void> {
    if (!this.loaded) return;
    const fresh = await this.read(where);
    const seen = new Set(fresh.map((i) => i.id));
    for (const id of known) if (!seen.has(id)) this.remove(id);
    for (const item of fresh) {
      this.remove(item.id);
      this.add(item);
    }
  }

  private add(item: Item) {
    this.items.set(item.id, item);
    for (const [orden, list] of this.sorted) list.splice(position(list, item, ORDERS[orden]), 0, item);
  }

  private remove(id: string) {
    const old = this.items.get(id);
    if (!old) return;
    this.items.delete(id);
    for (const [orden, list] of this.sorted) {
      const at = position(list, old, ORDERS[orden]);
      if (list[at] === old) list.splice(at, 1);
      else list.splice(list.indexOf(old), 1);
    }
  }

  private async read(where: SQL | undefined): Promise<Item[]> {
    const rows = await this.db
      .select({
        lote: lotes,
        perfil: perfilColumns,
        createdUs: sql<string>`(extract(epoch from ${lotes.createdAt}) * 1000000)::bigint::text`,
      })
      .from(lotes)
      .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId))
      .leftJoin(users, eq(users.id, lotes.productorId))
      .where(and(eq(lotes.ocultar, false), where));
    return rows.map(({ lote: row, perfil, createdUs }) => {
      // The response check of the route, done once per lot instead of once per answer.
      const lote = LoteSchema.parse(serializeLote(row, perfil as PerfilSummaryRow, { owner: false }));
      return {
        id: row.id,
        json: JSON.stringify(lote),
        productorId: row.productorId,
        pais: row.pais,
        region: sqlFold(row.region),
        variedades: row.variedades.map(sqlFold),
        proceso: row.proceso,
        certificaciones: row.certificaciones,
        posicion: row.posicion,
        status: row.status,
        puntaje: row.puntaje,
        precioKg: row.precioKg,
        sacos: row.sacosDisponibles,
        busqueda: row.busqueda,
        createdUs: Number(createdUs),
        verificado: row.status === 'VERIFICADO',
        agotado: row.sacosDisponibles === 0,
      };
    });
  }

  /** The lots of one page, in order, and how many match. */
  private select(q: LotesQuery): { page: Item[]; total: number } {
    const filters = filtersOf(q);
    const matches = (i: Item) => {
      for (const f of filters) if (!f(i)) return false;
      return true;
    };
    const offset = (q.page - 1) * q.limit;
    const tokens = q.orden === 'relevancia' ? searchTokens(q.q) : [];
    if (tokens.length) {
      // Relevance with words: lots where a word starts a word of their text rank higher, after availability and
      // verification; the list's own order (newest first) breaks the remaining ties. A stable sort keeps it.
      const found = this.sorted.get('relevancia')!.filter(matches);
      const rank = new Map(
        found.map((i) => [
          i,
          tokens.reduce((s, t) => s + (i.busqueda.startsWith(t) || i.busqueda.includes(` ${t}`) ? 1 : 0), 0),
        ]),
      );
      found.sort(
        (a, b) => availableFirst(a, b) || Number(b.verificado) - Number(a.verificado) || rank.get(b)! - rank.get(a)!,
      );
      return { page: found.slice(offset, offset + q.limit), total: found.length };
    }
    const page: Item[] = [];
    let total = 0;
    for (const item of this.sorted.get(q.orden)!) {
      if (!matches(item)) continue;
      if (total >= offset && page.length < q.limit) page.push(item);
      total++;
    }
    return { page, total };
  }

  /** One page as the route answers it: `{ success, data: { lotes, pagination } }` as text, with its ETag. */
  async pageText(q: LotesQuery): Promise<PageText> {
    await this.current();
    const { page, total } = this.select(q);
    const json = `{"success":true,"data":{"lotes":[${page.map((i) => i.json).join(',')}],"pagination":${JSON.stringify(
      pagination(q.page, q.limit, total),
    )}}}`;
    return { json, etag: etagOf(json), total };
  }

  /** One page as objects, for other modules (the home page, a producer's page). */
  async page(q: LotesQuery): Promise<LotesPage> {
    await this.current();
    const { page, total } = this.select(q);
    return { lotes: page.map((i) => JSON.parse(i.json) as Lote), pagination: pagination(q.page, q.limit, total) };
  }

  /** A visible lot's public answer as text, or undefined. */
  async loteText(id: string): Promise<PageText | undefined> {
    await this.current();
    const item = this.items.get(id);
    if (!item) return undefined;
    const json = `{"success":true,"data":{"lote":${item.json}}}`;
    return { json, etag: etagOf(json), total: 1 };
  }
}

export const etagOf = (json: string) => `W/"${createHash('sha1').update(json).digest('base64url')}"`;

/** Every live app's "read the whole catalogue again" (for invalidateLotesCache, below). */
const resets = new Set<() => Promise<void>>();
export function onFullReset(reset: () => Promise<void>): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/**
 * @deprecated Reads the whole catalogue again in this process only. Write paths call `lotesChanged(tx, ids)`
 * (service.ts) inside their transaction instead, which reaches every process.
 */
export function invalidateLotesCache(): void {
  for (const reset of resets) void reset();
}
