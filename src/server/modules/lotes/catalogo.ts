import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeText } from '../../../contract/common';
import { LoteSchema, type Lote, type LotesPage, type LotesQuery } from '../../../contract/lotes';
import type { Db } from '../../db/client';
import { lotes, productorPerfiles, users } from '../../db/schema';
import type { EventBus } from '../../events';
import { pagination } from '../../lib/pagination';
import { perfilColumns, serializeLote, type PerfilSummaryRow } from './serialize';

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
  /** Its row in the columns below (reused after a removal). */
  slot: number;
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

/** Where `item` goes in a list of slots kept in `cmp`'s order (binary search). */
function position(list: number[], bySlot: Item[], item: Item, cmp: Cmp): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmp(bySlot[list[mid]], item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Small integer codes for the values of a text column, so that filters compare numbers. */
class Codes {
  private readonly map = new Map<string, number>();
  of(value: string): number {
    let code = this.map.get(value);
    if (code === undefined) {
      code = this.map.size + 1;
      this.map.set(value, code);
    }
    return code;
  }
  /** The code of a value, 0 when no lot ever had it (matches nothing). */
  find(value: string): number {
    return this.map.get(value) ?? 0;
  }
}

/**
 * The filterable fields as typed arrays by slot: a filter is a tight loop over numbers (10,000 lots in a few
 * microseconds) that clears the slots it refuses in a mask.
 */
class Columns {
  size = 0;
  live = new Uint8Array(1024);
  pais = new Int32Array(1024);
  proceso = new Int32Array(1024);
  posicion = new Int32Array(1024);
  status = new Int32Array(1024);
  region = new Int32Array(1024);
  productor = new Int32Array(1024);
  certs = new Int32Array(1024);
  puntaje = new Float64Array(1024);
  precio = new Float64Array(1024);
  sacos = new Int32Array(1024);
  variedades: number[][] = [];
  busqueda: string[] = [];
  readonly codes = {
    pais: new Codes(),
    proceso: new Codes(),
    posicion: new Codes(),
    status: new Codes(),
    region: new Codes(),
    productor: new Codes(),
    variedad: new Codes(),
    cert: new Codes(),
  };
  private readonly free: number[] = [];

  private grow() {
    const cap = this.live.length * 2;
    const grown = <T extends Uint8Array | Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.live = grown(this.live, (n) => new Uint8Array(n));
    for (const k of ['pais', 'proceso', 'posicion', 'status', 'region', 'productor', 'certs', 'sacos'] as const)
      this[k] = grown(this[k], (n) => new Int32Array(n));
    this.puntaje = grown(this.puntaje, (n) => new Float64Array(n));
    this.precio = grown(this.precio, (n) => new Float64Array(n));
  }

  /** A slot for a new lot. */
  take(): number {
    const slot = this.free.pop() ?? this.size++;
    if (slot >= this.live.length) this.grow();
    return slot;
  }

  put(item: Item) {
    const s = item.slot;
    const c = this.codes;
    this.live[s] = 1;
    this.pais[s] = c.pais.of(item.pais);
    this.proceso[s] = c.proceso.of(item.proceso);
    this.posicion[s] = c.posicion.of(item.posicion);
    this.status[s] = c.status.of(item.status);
    this.region[s] = c.region.of(item.region);
    this.productor[s] = c.productor.of(item.productorId);
    this.certs[s] = item.certificaciones.reduce((m, cert) => m | (1 << c.cert.of(cert)), 0);
    this.puntaje[s] = item.puntaje ?? Number.NaN;
    this.precio[s] = item.precioKg;
    this.sacos[s] = item.sacos;
    this.variedades[s] = item.variedades.map((v) => c.variedad.of(v));
    this.busqueda[s] = item.busqueda;
  }

  drop(slot: number) {
    this.live[slot] = 0;
    this.busqueda[slot] = '';
    this.variedades[slot] = [];
    this.free.push(slot);
  }
}

/** Clears in `mask` every slot whose code is not among `wanted`. */
function keepCodes(mask: Uint8Array, column: Int32Array, n: number, wanted: number[]) {
  if (wanted.length === 1) {
    const w = wanted[0];
    for (let i = 0; i < n; i++) if (column[i] !== w) mask[i] = 0;
    return;
  }
  const set = new Set(wanted);
  for (let i = 0; i < n; i++) if (mask[i] && !set.has(column[i])) mask[i] = 0;
}

/** A page as its JSON text (the route answers it as it is) and its pagination. */
export interface PageText {
  json: string;
  etag: string;
  total: number;
}

export class CatalogoIndex {
  private readonly items = new Map<string, Item>();
  private columns = new Columns();
  private mask = new Uint8Array(0);
  /** Slots whose search text holds a word, by word (most searches repeat words); emptied by every change. */
  private readonly tokenMasks = new Map<string, Uint8Array>();
  /** The slots of every lot, in each order (numbers: a walk over them reads contiguous memory). */
  private readonly sorted = new Map<Orden, number[]>(ORDEN_NAMES.map((o) => [o, []]));
  /** The lot in each slot. */
  private bySlot: Item[] = [];
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
      this.columns = new Columns();
      this.bySlot = [];
      this.tokenMasks.clear();
      for (const list of this.sorted.values()) list.length = 0;
      const items = await this.read(undefined);
      for (const item of items) {
        item.slot = this.columns.take();
        this.columns.put(item);
        this.bySlot[item.slot] = item;
        this.items.set(item.id, item);
      }
      for (const [orden, list] of this.sorted) {
        const cmp = ORDERS[orden];
        list.push(...[...items].sort(cmp).map((i) => i.slot));
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
    item.slot = this.columns.take();
    this.columns.put(item);
    this.tokenMasks.clear();
    this.items.set(item.id, item);
    this.bySlot[item.slot] = item;
    for (const [orden, list] of this.sorted)
      list.splice(position(list, this.bySlot, item, ORDERS[orden]), 0, item.slot);
  }

  private remove(id: string) {
    const old = this.items.get(id);
    if (!old) return;
    this.items.delete(id);
    this.columns.drop(old.slot);
    this.tokenMasks.clear();
    for (const [orden, list] of this.sorted) {
      const at = position(list, this.bySlot, old, ORDERS[orden]);
      if (list[at] === old.slot) list.splice(at, 1);
      else list.splice(list.indexOf(old.slot), 1);
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
        slot: -1,
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

  /**
   * By slot: 1 when the lot's search text holds `token` (LIKE '%token%'), 3 when a word of it also starts with
   * `token` (the relevance rank). Kept for the next search with that word until the catalogue changes.
   */
  private tokenMask(token: string): Uint8Array {
    let m = this.tokenMasks.get(token);
    if (!m) {
      const { size, busqueda } = this.columns;
      m = new Uint8Array(size);
      const wordStart = ` ${token}`;
      for (let i = 0; i < size; i++) {
        const text = busqueda[i];
        if (text.includes(token)) m[i] = text.startsWith(token) || text.includes(wordStart) ? 3 : 1;
      }
      if (this.tokenMasks.size >= 500) this.tokenMasks.delete(this.tokenMasks.keys().next().value as string);
      this.tokenMasks.set(token, m);
    }
    return m;
  }

  /** A mask of the slots that match the query's filters (the SQL path's WHERE). */
  private matching(q: LotesQuery): Uint8Array {
    const c = this.columns;
    const n = c.size;
    if (this.mask.length < n) this.mask = new Uint8Array(c.live.length);
    const mask = this.mask;
    mask.set(c.live.subarray(0, n));
    const codes = (col: Codes, values: readonly string[]) => values.map((v) => col.find(v));
    if (!q.agotados) for (let i = 0; i < n; i++) if (c.sacos[i] === 0) mask[i] = 0;
    if (q.pais?.length) keepCodes(mask, c.pais, n, codes(c.codes.pais, q.pais));
    if (q.region) keepCodes(mask, c.region, n, [c.codes.region.find(normalizeText(q.region.trim()))]);
    if (q.proceso?.length) keepCodes(mask, c.proceso, n, codes(c.codes.proceso, q.proceso));
    if (q.posicion?.length) keepCodes(mask, c.posicion, n, codes(c.codes.posicion, q.posicion));
    if (q.status?.length) keepCodes(mask, c.status, n, codes(c.codes.status, q.status));
    if (q.productor) keepCodes(mask, c.productor, n, [c.codes.productor.find(q.productor)]);
    if (q.variedad) {
      const want = c.codes.variedad.find(normalizeText(q.variedad.trim()));
      for (let i = 0; i < n; i++) if (mask[i] && !c.variedades[i].includes(want)) mask[i] = 0;
    }
    if (q.certificacion?.length) {
      const found = codes(c.codes.cert, q.certificacion);
      // A certification no lot has: nothing matches.
      const all = found.includes(0) ? -1 : found.reduce((m, code) => m | (1 << code), 0);
      for (let i = 0; i < n; i++) if (all === -1 || (c.certs[i] & all) !== all) mask[i] = 0;
    }
    const { puntajeMin, puntajeMax, precioMin, precioMax, sacosMin } = q;
    // NaN (no score) fails every comparison, as NULL does in SQL.
    if (puntajeMin !== undefined) for (let i = 0; i < n; i++) if (!(c.puntaje[i] >= puntajeMin)) mask[i] = 0;
    if (puntajeMax !== undefined) for (let i = 0; i < n; i++) if (!(c.puntaje[i] <= puntajeMax)) mask[i] = 0;
    if (precioMin !== undefined) for (let i = 0; i < n; i++) if (c.precio[i] < precioMin) mask[i] = 0;
    if (precioMax !== undefined) for (let i = 0; i < n; i++) if (c.precio[i] > precioMax) mask[i] = 0;
    if (sacosMin !== undefined) for (let i = 0; i < n; i++) if (c.sacos[i] < sacosMin) mask[i] = 0;
    for (const token of searchTokens(q.q)) {
      const m = this.tokenMask(token);
      for (let i = 0; i < n; i++) if (!m[i]) mask[i] = 0;
    }
    return mask;
  }

  /** The lots of one page, in order, and how many match. */
  private select(q: LotesQuery): { page: Item[]; total: number } {
    const mask = this.matching(q);
    const n = this.columns.size;
    let total = 0;
    for (let i = 0; i < n; i++) total += mask[i];
    const offset = (q.page - 1) * q.limit;
    const page: Item[] = [];
    if (offset >= total) return { page, total };
    const order = this.sorted.get(q.orden)!;
    const tokens = q.orden === 'relevancia' ? searchTokens(q.q) : [];
    if (tokens.length) {
      // Relevance with words: after availability and verification, lots where more words start a word of their
      // text come first; the list's own order (newest first) breaks the remaining ties. Buckets by those three
      // keys, filled in list order, keep it.
      const levels = tokens.length + 1;
      const buckets: Item[][] = Array.from({ length: 4 * levels }, () => []);
      const masks = tokens.map((t) => this.tokenMask(t));
      for (const slot of order) {
        if (!mask[slot]) continue;
        const item = this.bySlot[slot];
        let rank = 0;
        for (const m of masks) rank += m[slot] >> 1;
        const group = (item.agotado ? 2 : 0) + (item.verificado ? 0 : 1);
        buckets[group * levels + (tokens.length - rank)].push(item);
      }
      return { page: buckets.flat().slice(offset, offset + q.limit), total };
    }
    // Walk the order only until the page is full: the total came from the mask.
    let seen = 0;
    for (const slot of order) {
      if (!mask[slot]) continue;
      if (seen++ < offset) continue;
      page.push(this.bySlot[slot]);
      if (page.length === q.limit) break;
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
