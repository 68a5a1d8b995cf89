import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeText } from '../../../contract/common';
import { LoteSchema, tarjetaDe, type Lote, type LotesPage, type LotesQuery } from '../../../contract/lotes';
import type { Db } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { productorPerfiles, users } from '../../db/schema/users';
import type { EventBus } from '../../events';
import { pagination } from '../../lib/pagination';
import { perfilColumns, serializeLote, type PerfilSummaryRow } from './serialize';
import { esPublicado, sacosLibres } from './publicado';
import { describeMatch, packedText, packFields, searchFields, unpackFields } from './search-text';

/**
 * The public catalogue in memory (docs/decisions/007): every visible lot, already checked against the contract
 * and serialized, with the fields the filters and sorts read. Built from the database at start-up and kept
 * current by the domain events (`lote.cambiado`, `productor.cambiado`), which every process hears, one lot at a
 * time (docs/decisions/027). A query narrows bitsets, checks the remaining filters on the candidates only, takes
 * its page from lists kept in each order, and answers the page's lots' stored bytes joined: no database, no
 * serialization, no hashing of the body.
 *
 * It answers exactly what the SQL path (service.ts `sqlPublicPage`) answers — the same accent-free matching, the
 * same orders and ties — and a property test compares the two on random queries. Until it is loaded the SQL path
 * answers.
 */

interface Item {
  /** Its row in the columns below (reused after a removal). */
  slot: number;
  /** Unique in this run: a new one each time the lot is read again (the ETags are made of them). */
  version: number;
  id: string;
  /** The lot's JSON as the API answers it, UTF-8 (checked against LoteSchema once, when it was loaded). */
  bytes: Buffer;
  /** Its catalogue card's JSON (`tarjetaDe`), for `vista=tarjeta`. */
  card: Buffer;
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
  /**
   * The fields its search text is made of, to say what a search matched (issue 32): `packFields`' one string, their
   * texts read from `camposTexto` (the same string as `busqueda` whenever that is current).
   */
  campos: string;
  camposTexto: string;
  /** Microseconds since the epoch: the database's own precision, so that ties break as in SQL. */
  createdUs: number;
  verificado: boolean;
  agotado: boolean;
  /** EUDR-ready (issue 30). */
  eudr: boolean;
}

/**
 * One string for each distinct value of the columns many lots share (country, process, region, producer…), and one
 * list for each distinct list of varieties or certifications: read from the database, every lot had its own copies
 * (issue 33: the index keeps 100,000 lots). Only a saving: a value missed (after the maps are cleared, at their
 * bound) is a copy, not an error.
 */
const SHARED_MAX = 50_000;
const sharedStrings = new Map<string, string>();
const sharedLists = new Map<string, string[]>();
function shared(value: string): string {
  const kept = sharedStrings.get(value);
  if (kept !== undefined) return kept;
  if (sharedStrings.size >= SHARED_MAX) sharedStrings.clear();
  sharedStrings.set(value, value);
  return value;
}
function sharedList(values: string[]): string[] {
  const key = values.join('\u0000');
  const kept = sharedLists.get(key);
  if (kept) return kept;
  if (sharedLists.size >= SHARED_MAX) sharedLists.clear();
  const list = values.map(shared);
  sharedLists.set(key, list);
  return list;
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

// Sets of slots as bitsets: one bit per slot in 32-bit words, so that a filter on a column with few values
// (country, process, position, state, certification, "has bags") is an AND or OR of a few hundred words.
const setBit = (bits: Uint32Array, slot: number) => {
  bits[slot >>> 5] |= 1 << (slot & 31);
};
const clearBit = (bits: Uint32Array, slot: number) => {
  bits[slot >>> 5] &= ~(1 << (slot & 31));
};
const hasBit = (bits: Uint32Array, slot: number) => (bits[slot >>> 5] >>> (slot & 31)) & 1;

/** Bitsets by value code, for the columns with few values. */
class BitsByCode {
  readonly sets = new Map<number, Uint32Array>();
  constructor(private words: number) {}
  of(code: number): Uint32Array {
    let bits = this.sets.get(code);
    if (!bits) {
      bits = new Uint32Array(this.words);
      this.sets.set(code, bits);
    }
    return bits;
  }
  grow(words: number) {
    this.words = words;
    for (const [code, bits] of this.sets) {
      const grown = new Uint32Array(words);
      grown.set(bits);
      this.sets.set(code, grown);
    }
  }
}

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};
function countBits(bits: Uint32Array, n: number): number {
  let total = 0;
  for (let w = 0; w < n; w++) if (bits[w]) total += popcount(bits[w]);
  return total;
}

/** Buckets of a numeric column (quantiles when the index last grew). */
const RANGE_BUCKETS = 64;

/**
 * A numeric column (price, score) as cumulative bitsets over value buckets: `below[k]` holds the slots whose
 * value falls in a bucket before k. A range is then one pass over words — the buckets it covers whole are
 * taken as they are — plus an exact check of the slots of its two edge buckets only. A lot's change sets or
 * clears its bit in the sets above its bucket; the bucket bounds are recomputed (quantiles) when the index
 * grows. NaN (no score) is in no bucket: it fails every bound, as NULL does in SQL.
 */
class RangeBits {
  private bounds = new Float64Array(0);
  private below: Uint32Array[] = [];
  private bucketOf = new Int16Array(0);
  private none = new Uint32Array(0);

  private bucket(v: number): number {
    // How many bounds are ≤ v.
    let lo = 0;
    let hi = this.bounds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.bounds[mid] <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Recomputes the bounds from the live values and every set. */
  rebuild(values: Float64Array, live: Uint32Array, size: number, capacity: number) {
    const present: number[] = [];
    for (let i = 0; i < size; i++) if (hasBit(live, i) && !Number.isNaN(values[i])) present.push(values[i]);
    present.sort((a, b) => a - b);
    const bounds: number[] = [];
    for (let k = 1; k < RANGE_BUCKETS; k++) {
      const v = present[Math.floor((k * present.length) / RANGE_BUCKETS)];
      if (v !== undefined && (bounds.length === 0 || v > bounds[bounds.length - 1])) bounds.push(v);
    }
    this.bounds = Float64Array.from(bounds);
    const words = capacity >>> 5;
    this.below = Array.from({ length: bounds.length + 2 }, () => new Uint32Array(words));
    this.none = new Uint32Array(words);
    this.bucketOf = new Int16Array(capacity).fill(-1);
    for (let i = 0; i < size; i++) if (hasBit(live, i)) this.put(i, values[i]);
  }

  put(slot: number, v: number) {
    if (Number.isNaN(v)) return;
    const b = this.bucket(v);
    this.bucketOf[slot] = b;
    for (let k = b + 1; k < this.below.length; k++) setBit(this.below[k], slot);
  }

  drop(slot: number) {
    const b = this.bucketOf[slot];
    if (b < 0) return;
    this.bucketOf[slot] = -1;
    for (let k = b + 1; k < this.below.length; k++) clearBit(this.below[k], slot);
  }

  /** Keeps in `cand` the slots whose value is within [min, max] (either may be absent). */
  keep(cand: Uint32Array, n: number, values: Float64Array, min: number | undefined, max: number | undefined) {
    const below = this.below;
    const top = below.length - 1;
    const none = this.none;
    const bLo = min === undefined ? -1 : this.bucket(min);
    const bHi = max === undefined ? top : this.bucket(max);
    // Buckets wholly inside: after bLo, before bHi (with no upper bound, every bucket after bLo); `none` (all
    // zero) stands for an absent set, so that the loop below has no branch.
    const from = below[bLo + 1];
    const to = bHi > bLo + 1 || max === undefined ? (max === undefined ? below[top] : below[bHi]) : none;
    // The edge buckets, whose slots are checked one by one.
    const loFrom = bLo < 0 ? none : below[bLo];
    const loTo = bLo < 0 ? none : below[bLo + 1];
    const hiFrom = max === undefined ? none : below[bHi];
    const hiTo = max === undefined ? none : below[bHi + 1];
    const lo = min ?? -Infinity;
    const hi = max ?? Infinity;
    for (let w = 0; w < n; w++) {
      const c = cand[w];
      if (!c) continue;
      const whole = to[w] & ~from[w];
      let keep = c & whole;
      for (let bits = c & ~whole & ((loTo[w] & ~loFrom[w]) | (hiTo[w] & ~hiFrom[w])); bits; bits &= bits - 1) {
        const low = bits & -bits;
        const v = values[(w << 5) | (31 - Math.clz32(low))];
        if (v >= lo && v <= hi) keep |= low;
      }
      cand[w] = keep;
    }
  }
}

/** A search word's lots: those whose text holds it (LIKE '%word%') and those where it also starts a word. */
interface WordSets {
  holds: Uint32Array;
  starts: Uint32Array;
}

/** Whether `text` holds `token`: 0 no, 1 inside a word, 3 at the start of the text or of a word after a space. */
function wordMatch(text: string, token: string): number {
  if (!text.includes(token)) return 0;
  return text.startsWith(token) || text.includes(` ${token}`) ? 3 : 1;
}

/** The distinct non-empty space-separated chunks of a search text. */
const chunksOf = (text: string) => new Set(text.split(' ').filter(Boolean));

/**
 * The lots by slot: the filterable fields as typed arrays (a range filter is a tight loop over numbers of the
 * candidates only) and bitsets for the columns with few values and for the search words asked recently. Every
 * structure is updated in place when one lot changes: nothing is rebuilt for a write.
 */
class Columns {
  size = 0;
  /** Slots allocated (a multiple of 32); doubled when full. Small at first, so that tests grow it too. */
  capacity = 64;
  /** Visible lots; those with bags. */
  live = new Uint32Array(2);
  available = new Uint32Array(2);
  /** EUDR-ready lots (issue 30). */
  eudr = new Uint32Array(2);
  region = new Int32Array(64);
  productor = new Int32Array(64);
  puntaje = new Float64Array(64);
  precio = new Float64Array(64);
  sacos = new Int32Array(64);
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
  readonly bits = {
    pais: new BitsByCode(2),
    proceso: new BitsByCode(2),
    posicion: new BitsByCode(2),
    status: new BitsByCode(2),
    cert: new BitsByCode(2),
  };
  /** The bitset entries each slot is in (to clear them when it goes). */
  private member: Uint32Array[][] = [];
  readonly ranges = { precio: new RangeBits(), puntaje: new RangeBits() };
  /**
   * The lots by each distinct space-separated chunk of their search text (a small inverted index): one slot as a
   * number (most chunks, such as lot codes: no object per lot), a few as an array, many as a set.
   */
  private readonly chunks = new Map<string, number | number[] | Set<number>>();
  /** Search words asked recently (bounded, oldest out first), kept current by `put` and `drop`. */
  readonly words = new Map<string, WordSets>();
  private readonly free: number[] = [];

  constructor() {
    this.ranges.precio.rebuild(this.precio, this.live, 0, this.capacity);
    this.ranges.puntaje.rebuild(this.puntaje, this.live, 0, this.capacity);
  }

  get wordCount(): number {
    return (this.size + 31) >>> 5;
  }

  private grow() {
    const cap = this.capacity * 2;
    const words = cap >>> 5;
    const grown = <T extends Uint32Array | Int32Array | Float64Array>(a: T, make: (n: number) => T, n: number): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.live = grown(this.live, (n) => new Uint32Array(n), words);
    this.available = grown(this.available, (n) => new Uint32Array(n), words);
    this.eudr = grown(this.eudr, (n) => new Uint32Array(n), words);
    for (const k of ['region', 'productor', 'sacos'] as const) this[k] = grown(this[k], (n) => new Int32Array(n), cap);
    this.puntaje = grown(this.puntaje, (n) => new Float64Array(n), cap);
    this.precio = grown(this.precio, (n) => new Float64Array(n), cap);
    for (const b of Object.values(this.bits)) b.grow(words);
    // The slots' memberships point at the old arrays: rebuilt from the grown ones.
    this.member = [];
    for (const b of Object.values(this.bits))
      for (const set of b.sets.values())
        for (let w = 0; w < set.length; w++)
          for (let x = set[w]; x; x &= x - 1) (this.member[w * 32 + 31 - Math.clz32(x & -x)] ??= []).push(set);
    this.words.clear();
    this.capacity = cap;
    this.ranges.precio.rebuild(this.precio, this.live, this.size, cap);
    this.ranges.puntaje.rebuild(this.puntaje, this.live, this.size, cap);
  }

  /** A slot for a new lot. */
  take(): number {
    const slot = this.free.pop() ?? this.size++;
    if (slot >= this.capacity) this.grow();
    return slot;
  }

  put(item: Item) {
    const s = item.slot;
    const c = this.codes;
    const b = this.bits;
    setBit(this.live, s);
    if (item.sacos > 0) setBit(this.available, s);
    if (item.eudr) setBit(this.eudr, s);
    const sets = [
      b.pais.of(c.pais.of(item.pais)),
      b.proceso.of(c.proceso.of(item.proceso)),
      b.posicion.of(c.posicion.of(item.posicion)),
      b.status.of(c.status.of(item.status)),
      ...item.certificaciones.map((cert) => b.cert.of(c.cert.of(cert))),
    ];
    for (const set of sets) setBit(set, s);
    this.member[s] = sets;
    this.region[s] = c.region.of(item.region);
    this.productor[s] = c.productor.of(item.productorId);
    this.puntaje[s] = item.puntaje ?? Number.NaN;
    this.precio[s] = item.precioKg;
    this.sacos[s] = item.sacos;
    this.variedades[s] = item.variedades.map((v) => c.variedad.of(v));
    this.busqueda[s] = item.busqueda;
    for (const chunk of chunksOf(item.busqueda)) {
      const slots = this.chunks.get(chunk);
      if (slots === undefined) this.chunks.set(chunk, s);
      else if (typeof slots === 'number') this.chunks.set(chunk, [slots, s]);
      else if (Array.isArray(slots) && slots.length >= 32) this.chunks.set(chunk, new Set([...slots, s]));
      else if (Array.isArray(slots)) slots.push(s);
      else slots.add(s);
    }
    this.ranges.precio.put(s, this.precio[s]);
    this.ranges.puntaje.put(s, this.puntaje[s]);
    for (const [token, w] of this.words) {
      const m = wordMatch(item.busqueda, token);
      if (m) setBit(w.holds, s);
      if (m === 3) setBit(w.starts, s);
    }
  }

  drop(slot: number) {
    clearBit(this.live, slot);
    clearBit(this.available, slot);
    clearBit(this.eudr, slot);
    for (const set of this.member[slot] ?? []) clearBit(set, slot);
    this.member[slot] = [];
    this.ranges.precio.drop(slot);
    this.ranges.puntaje.drop(slot);
    for (const w of this.words.values()) {
      clearBit(w.holds, slot);
      clearBit(w.starts, slot);
    }
    for (const chunk of chunksOf(this.busqueda[slot])) {
      const slots = this.chunks.get(chunk);
      if (slots === undefined || slots === slot) {
        this.chunks.delete(chunk);
      } else if (Array.isArray(slots)) {
        const at = slots.indexOf(slot);
        if (at >= 0) slots.splice(at, 1);
        if (slots.length === 1) this.chunks.set(chunk, slots[0]);
      } else if (typeof slots !== 'number') {
        slots.delete(slot);
        if (slots.size === 1) this.chunks.set(chunk, [...slots][0]);
      }
    }
    this.busqueda[slot] = '';
    this.variedades[slot] = [];
    this.free.push(slot);
  }

  /** The lots whose search text holds `token`, computed once and then kept current with every change. */
  word(token: string): WordSets {
    let w = this.words.get(token);
    if (w) {
      // Most recently used last: the oldest goes first when there are too many.
      this.words.delete(token);
      this.words.set(token, w);
      return w;
    }
    const words = this.capacity >>> 5;
    w = { holds: new Uint32Array(words), starts: new Uint32Array(words) };
    // A search word has no space, so it is in a lot's text exactly when it is in one of its space-separated
    // chunks, and it starts the text or follows a space exactly when it starts one: the distinct chunks (far
    // fewer than the lots' texts put together) are searched instead of every text.
    for (const [chunk, slots] of this.chunks) {
      const at = chunk.indexOf(token);
      if (at < 0) continue;
      for (const slot of typeof slots === 'number' ? [slots] : slots) {
        setBit(w.holds, slot);
        if (at === 0) setBit(w.starts, slot);
      }
    }
    if (this.words.size >= 500) this.words.delete(this.words.keys().next().value as string);
    this.words.set(token, w);
    return w;
  }
}

/** ORs the sets of `wanted` codes into `into` (cleared first); false when none of them exists. */
function anyOf(into: Uint32Array, n: number, by: BitsByCode, wanted: number[]): boolean {
  into.fill(0, 0, n);
  let found = false;
  for (const code of wanted) {
    const set = by.sets.get(code);
    if (!set) continue;
    found = true;
    for (let w = 0; w < n; w++) into[w] |= set[w];
  }
  return found;
}

function intersect(into: Uint32Array, n: number, other: Uint32Array) {
  for (let w = 0; w < n; w++) into[w] &= other[w];
}

/** A page's body as the route sends it (bytes), its weak ETag and how many lots matched. */
export interface PageText {
  body: Buffer;
  etag: string;
  total: number;
}

/** This process's run: ETags name lot versions, which only mean something within one run. */
const RUN = randomBytes(4).toString('hex');
let nextVersion = 0;

/** FNV-1a over numbers, two lanes: a short ETag for a page from its lots' versions and its pagination. */
function etagOfNumbers(values: number[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (const v of values) {
    a = Math.imul(a ^ (v & 0xffff), 0x01000193);
    a = Math.imul(a ^ (v >>> 16), 0x01000193);
    b = Math.imul(b ^ v, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return `W/"${RUN}${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}"`;
}

/** JSON in ASCII (the page's tail is written as such): every other character as its \u escape. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A 32-bit FNV-1a of a text (the search words' part of an ETag). */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const PAGE_HEAD = Buffer.from('{"success":true,"data":{"lotes":[');
const LOTE_HEAD = Buffer.from('{"success":true,"data":{"lote":');
const COMMA = 0x2c;

const SLAB_SIZE = 256 * 1024;
let slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
let slabUsed = 0;

/**
 * `head`, the items separated by commas and `tail` (ASCII) in one buffer carved from a shared slab, as Node's own
 * pool does for small buffers (it stops at 4 KB): an answer of a few KB costs no allocation of its own and no view
 * per part, as Buffer.concat makes. A slab is never written twice: when it is full a new one is taken, and the old
 * one lives on while the answers carved from it are being sent.
 */
function joinBytes(head: Buffer, items: Buffer[], tail: string): Buffer {
  let length = head.length + tail.length + Math.max(items.length - 1, 0);
  for (let i = 0; i < items.length; i++) length += items[i].length;
  let out: Buffer;
  if (length > SLAB_SIZE >>> 2) out = Buffer.allocUnsafe(length);
  else {
    if (slabUsed + length > SLAB_SIZE) {
      slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
      slabUsed = 0;
    }
    out = slab.subarray(slabUsed, slabUsed + length);
    slabUsed = (slabUsed + length + 7) & ~7;
  }
  out.set(head, 0);
  let at = head.length;
  for (let i = 0; i < items.length; i++) {
    if (i) out[at++] = COMMA;
    out.set(items[i], at);
    at += items[i].length;
  }
  out.write(tail, at, 'latin1');
  return out;
}

/** Scratch space of one query (queries run one at a time, synchronously). */
class Scratch {
  candidates = new Uint32Array(0);
  any = new Uint32Array(0);
  /** One group's bits (see `select`). */
  group = new Uint32Array(0);
  keys = new Int32Array(0);
  /** Every group's bits, one after another (`select` with two search words or more). */
  private groups = new Uint32Array(0);
  /** Zeroed room for `words` words of group bits. */
  groupSets(words: number): Uint32Array {
    if (this.groups.length < words) this.groups = new Uint32Array(words);
    else this.groups.fill(0, 0, words);
    return this.groups;
  }
  fit(capacity: number) {
    if (this.keys.length >= capacity) return;
    this.candidates = new Uint32Array(capacity >>> 5);
    this.any = new Uint32Array(capacity >>> 5);
    this.group = new Uint32Array(capacity >>> 5);
    this.keys = new Int32Array(capacity);
  }
}

/**
 * Lots read per statement when the index loads: a page's rows, parse and serialisation are garbage once its items
 * are made, and the fewer of them are alive when the young generation is collected, the fewer are moved into the
 * old one, whose size the process keeps resident (issue 33, docs/decisions/082: 1,000 a page held about 10 MB more
 * at start on 10,000 lots).
 */
const LOAD_PAGE = 250;

export interface CatalogoOptions {
  /** Lots read per statement when the index loads (LOAD_PAGE; smaller in a test, to load in several pages). */
  loadPage?: number;
}

export class CatalogoIndex {
  private readonly items = new Map<string, Item>();
  private columns = new Columns();
  private readonly scratch = new Scratch();
  /** The slots of every lot, in each order. */
  private readonly sorted = new Map<Orden, number[]>(ORDEN_NAMES.map((o) => [o, []]));
  /** Each slot's position in each order (rebuilt, once, by the first query after a change). */
  private readonly ranks = new Map<Orden, Int32Array>();
  /** The lot in each slot. */
  private bySlot: Item[] = [];
  private loaded = false;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: CatalogoOptions = {},
  ) {
    events.on('lote.cambiado', (e) =>
      e.soloStock ? this.reloadStock(e.loteIds) : this.reload(inArray(lotes.id, e.loteIds), e.loteIds),
    );
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

  /** Full loads and partial reloads since start (GET /metrics). */
  reloads = 0;

  get size(): number {
    return this.items.size;
  }

  /** Loads every visible lot; queued behind the events, so that none received meanwhile is lost. */
  load(): Promise<void> {
    const run = this.events.enqueue(async () => {
      const started = Date.now();
      // In pages, by id: the rows, their parse and their serialisation are garbage once a page's items are made,
      // so the heap's peak (which the process keeps as resident memory) is one page's, not every lot's at once;
      // the embedded database's buffers for the result stay one page's too (issue 33).
      const items: Item[] = [];
      const size = this.options.loadPage ?? LOAD_PAGE;
      for (let after: string | undefined; ;) {
        const page = await this.read(after === undefined ? undefined : gt(lotes.id, after), size);
        for (const item of page) items.push(item);
        if (page.length < size) break;
        after = page[page.length - 1].id;
      }
      this.items.clear();
      this.columns = new Columns();
      this.bySlot = [];
      this.ranks.clear();
      for (const list of this.sorted.values()) list.length = 0;
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
      this.reloads++;
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
    this.reloads++;
    const fresh = await this.read(where);
    const seen = new Set(fresh.map((i) => i.id));
    for (const id of known) if (!seen.has(id)) this.remove(id);
    for (const item of fresh) {
      this.remove(item.id);
      this.add(item);
    }
  }

  /**
   * After a change of bags only (a reservation): reads the lots' stock columns instead of the whole row with its
   * producer (the costliest statement of a rush of reservations, issue 33) and writes them into the lot's kept
   * answer. The answer is the one a whole read would give (the test compares them); a lot not in the index, or
   * no longer visible, is read whole.
   */
  private async reloadStock(ids: string[]): Promise<void> {
    if (!this.loaded) return;
    this.reloads++;
    const rows = await this.db
      .select({
        id: lotes.id,
        sacosDisponibles: lotes.sacosDisponibles,
        sacosReservados: lotes.sacosReservados,
        updatedAt: lotes.updatedAt,
      })
      .from(lotes)
      .where(and(eq(lotes.ocultar, false), inArray(lotes.id, ids)));
    const whole: string[] = ids.filter((id) => !rows.some((r) => r.id === id));
    for (const row of rows) {
      const old = this.items.get(row.id);
      if (!old) {
        whole.push(row.id);
        continue;
      }
      const lote = JSON.parse(old.bytes.toString()) as Lote;
      lote.sacosDisponibles = row.sacosDisponibles;
      lote.sacosReservados = row.sacosReservados;
      lote.updatedAt = row.updatedAt.toISOString();
      this.remove(row.id);
      this.add({
        ...old,
        version: ++nextVersion,
        bytes: Buffer.from(JSON.stringify(lote)),
        card: Buffer.from(JSON.stringify(tarjetaDe(lote))),
        sacos: sacosLibres(row),
        agotado: !esPublicado({ ...row, ocultar: false }),
      });
    }
    if (whole.length) await this.reload(inArray(lotes.id, whole), whole);
  }

  private add(item: Item) {
    item.slot = this.columns.take();
    this.columns.put(item);
    this.items.set(item.id, item);
    this.bySlot[item.slot] = item;
    this.ranks.clear();
    for (const [orden, list] of this.sorted)
      list.splice(position(list, this.bySlot, item, ORDERS[orden]), 0, item.slot);
  }

  private remove(id: string) {
    const old = this.items.get(id);
    if (!old) return;
    this.items.delete(id);
    this.columns.drop(old.slot);
    this.ranks.clear();
    for (const [orden, list] of this.sorted) {
      const at = position(list, this.bySlot, old, ORDERS[orden]);
      if (list[at] === old.slot) list.splice(at, 1);
      else list.splice(list.indexOf(old.slot), 1);
    }
  }

  /** The visible lots `where` selects; with `limit`, the first that many by id (the start-up's pages). */
  private async read(where: SQL | undefined, limit?: number): Promise<Item[]> {
    const query = this.db
      .select({
        lote: lotes,
        perfil: perfilColumns,
        createdUs: sql<string>`(extract(epoch from ${lotes.createdAt}) * 1000000)::bigint::text`,
      })
      .from(lotes)
      .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId))
      .leftJoin(users, eq(users.id, lotes.productorId))
      .where(and(eq(lotes.ocultar, false), where));
    const rows = limit === undefined ? await query : await query.orderBy(asc(lotes.id)).limit(limit);
    return rows.map(({ lote: row, perfil, createdUs }) => {
      // The response check of the route, done once per lot instead of once per answer.
      const lote = LoteSchema.parse(serializeLote(row, perfil as PerfilSummaryRow, { owner: false }));
      const campos = searchFields(lote, lote.perfilProductor?.nombre ?? '');
      return {
        slot: -1,
        version: ++nextVersion,
        id: row.id,
        bytes: Buffer.from(JSON.stringify(lote)),
        card: Buffer.from(JSON.stringify(tarjetaDe(lote))),
        productorId: shared(row.productorId),
        pais: shared(row.pais),
        region: shared(sqlFold(row.region)),
        variedades: sharedList(row.variedades.map(sqlFold)),
        proceso: shared(row.proceso),
        certificaciones: sharedList(row.certificaciones),
        posicion: shared(row.posicion),
        status: shared(row.status),
        puntaje: row.puntaje,
        precioKg: row.precioKg,
        sacos: sacosLibres(row),
        busqueda: row.busqueda,
        campos: packFields(campos),
        camposTexto: packedText(campos, row.busqueda),
        createdUs: Number(createdUs),
        verificado: row.status === 'VERIFICADO',
        // Not "publicado" (lotes/publicado.ts): left out of the default list, counted nowhere.
        agotado: !esPublicado(row),
        eudr: row.eudrListo,
      };
    });
  }

  /** Each slot's position in `orden`'s list. */
  private rank(orden: Orden): Int32Array {
    let rank = this.ranks.get(orden);
    if (!rank) {
      rank = new Int32Array(this.columns.capacity);
      const list = this.sorted.get(orden)!;
      for (let i = 0; i < list.length; i++) rank[list[i]] = i;
      this.ranks.set(orden, rank);
    }
    return rank;
  }

  /**
   * The slots that match the query's filters (the SQL path's WHERE), as bits in `scratch.candidates`, and how
   * many. The columns with few values, the search words and the price and score ranges narrow them by bitsets;
   * the rare filters with many values (region, variety, producer) and the minimum of bags are checked on what
   * remains, one slot at a time.
   */
  private matching(q: LotesQuery): number {
    const c = this.columns;
    const n = c.wordCount;
    const s = this.scratch;
    s.fit(c.capacity);
    const cand = s.candidates;
    cand.set((q.agotados ? c.live : c.available).subarray(0, n));
    if (q.eudr) intersect(cand, n, c.eudr);
    const codes = (col: Codes, values: readonly string[]) => values.map((v) => col.find(v));
    const narrow = (by: BitsByCode, col: Codes, values: readonly string[] | undefined) => {
      if (!values?.length) return;
      if (anyOf(s.any, n, by, codes(col, values))) intersect(cand, n, s.any);
      else cand.fill(0, 0, n);
    };
    narrow(c.bits.pais, c.codes.pais, q.pais);
    narrow(c.bits.proceso, c.codes.proceso, q.proceso);
    narrow(c.bits.posicion, c.codes.posicion, q.posicion);
    narrow(c.bits.status, c.codes.status, q.status);
    // Certifications: the lot must hold every one asked for.
    for (const code of codes(c.codes.cert, q.certificacion ?? [])) {
      const set = c.bits.cert.sets.get(code);
      if (set) intersect(cand, n, set);
      else cand.fill(0, 0, n);
    }
    for (const token of searchTokens(q.q)) intersect(cand, n, c.word(token).holds);
    if (q.precioMin !== undefined || q.precioMax !== undefined)
      c.ranges.precio.keep(cand, n, c.precio, q.precioMin, q.precioMax);
    if (q.puntajeMin !== undefined || q.puntajeMax !== undefined)
      c.ranges.puntaje.keep(cand, n, c.puntaje, q.puntajeMin, q.puntajeMax);

    const region = q.region ? c.codes.region.find(normalizeText(q.region.trim())) : -1;
    const productor = q.productor ? c.codes.productor.find(q.productor) : -1;
    const variedad = q.variedad ? c.codes.variedad.find(normalizeText(q.variedad.trim())) : -1;
    const bagsMin = q.sacosMin;
    if (region < 0 && productor < 0 && variedad < 0 && bagsMin === undefined) return countBits(cand, n);
    const { sacos, variedades } = c;
    let count = 0;
    for (let w = 0; w < n; w++) {
      let x = cand[w];
      for (let bits = x; bits; bits &= bits - 1) {
        const low = bits & -bits;
        const i = (w << 5) | (31 - Math.clz32(low));
        const ok =
          (bagsMin === undefined || sacos[i] >= bagsMin) &&
          (region < 0 || c.region[i] === region) &&
          (productor < 0 || c.productor[i] === productor) &&
          (variedad < 0 || variedades[i].includes(variedad));
        if (ok) count++;
        else x &= ~low;
      }
      cand[w] = x;
    }
    return count;
  }

  /**
   * The lots of one page, in order, and how many match. The matches are split into groups that come one after
   * another (one group, except for relevance with words: sold-out and verification first, then how many words
   * start a word of the lot's text); within a group the order's list decides. For each group the page touches,
   * either its slots are sorted by their position in the list (few of them) or the list is walked until the page
   * is full (many, so the walk is short).
   */
  private select(q: LotesQuery): { page: Item[]; total: number } {
    const total = this.matching(q);
    const offset = (q.page - 1) * q.limit;
    const page: Item[] = [];
    if (offset >= total) return { page, total };
    const end = Math.min(total, offset + q.limit);
    const c = this.columns;
    const n = c.wordCount;
    const s = this.scratch;
    const cand = s.candidates;
    const order = this.sorted.get(q.orden)!;
    const rank = this.rank(q.orden);

    const tokens = q.orden === 'relevancia' ? searchTokens(q.q) : [];
    const levels = tokens.length + 1;
    const groups = tokens.length ? 4 * levels : 1;
    const starts = tokens.map((t) => c.word(t).starts);
    const verified = c.bits.status.sets.get(c.codes.status.find('VERIFICADO'));
    /** The group of a matching slot (with two search words or more). */
    const groupOf = (slot: number) => {
      let words = 0;
      for (const set of starts) words += hasBit(set, slot);
      const major = (hasBit(c.available, slot) ? 0 : 2) + (verified && hasBit(verified, slot) ? 0 : 1);
      return major * levels + (tokens.length - words);
    };
    // Two words or more: each matching slot's group is computed once (below), into one set of bits per group.
    const perGroup = tokens.length > 1 ? s.groupSets(groups * n) : undefined;
    /** The bits of one group (no words: the matches; one word: by whole words; more: filled with the sizes). */
    const groupBits = (g: number): Uint32Array => {
      if (groups === 1) return cand;
      if (perGroup) return perGroup.subarray(g * n, g * n + n);
      const out = s.group;
      const major = g >> 1;
      const soldOut = major & 2 ? -1 : 0;
      const unverified = major & 1 ? -1 : 0;
      const notStarting = g & 1 ? -1 : 0;
      const word = starts[0];
      for (let w = 0; w < n; w++)
        out[w] =
          cand[w] & (c.available[w] ^ soldOut) & ((verified ? verified[w] : 0) ^ unverified) & (word[w] ^ notStarting);
      return out;
    };
    const sizes: number[] = new Array<number>(groups).fill(0);
    if (groups === 1) sizes[0] = total;
    else if (perGroup) {
      for (let w = 0; w < n; w++)
        for (let bits = cand[w]; bits; bits &= bits - 1) {
          const low = bits & -bits;
          const g = groupOf((w << 5) | (31 - Math.clz32(low)));
          perGroup[g * n + w] |= low;
          sizes[g]++;
        }
    } else {
      // One pass for the eight groups' sizes: available or not × verified or not × the word starts one or not.
      const word = starts[0];
      for (let w = 0; w < n; w++) {
        const x = cand[w];
        if (!x) continue;
        const v = verified ? verified[w] : 0;
        const a = c.available[w];
        const st = word[w];
        for (let g = 0; g < 8; g++) {
          const bits = x & (g & 4 ? ~a : a) & (g & 2 ? ~v : v) & (g & 1 ? ~st : st);
          if (bits) sizes[g] += popcount(bits);
        }
      }
    }

    let before = 0;
    for (let g = 0; g < groups && before < end; g++) {
      const size = sizes[g];
      const from = Math.max(offset - before, 0);
      const to = Math.min(end - before, size);
      before += size;
      if (to <= from) continue;
      const bits = groupBits(g);
      // Walking the list until `to` members of the group: about to × (lots / size) steps.
      const walk = (to * order.length) / size;
      if (size * Math.log2(size + 1) < walk) {
        const keys = s.keys;
        let m = 0;
        for (let w = 0; w < n; w++)
          for (let x = bits[w]; x; x &= x - 1) keys[m++] = rank[(w << 5) | (31 - Math.clz32(x & -x))];
        const sortedKeys = keys.subarray(0, m).sort();
        for (let k = from; k < to; k++) page.push(this.bySlot[order[sortedKeys[k]]]);
      } else {
        let seen = 0;
        for (let r = 0; r < order.length && seen < to; r++) {
          const slot = order[r];
          if (!hasBit(bits, slot)) continue;
          if (seen++ >= from) page.push(this.bySlot[slot]);
        }
      }
    }
    return { page, total };
  }

  /**
   * One page as the route answers it: `{ success, data: { lotes, pagination } }` as bytes, with its ETag; whole lots
   * or, with `vista=tarjeta`, their cards.
   */
  async pageText(q: LotesQuery): Promise<PageText> {
    await this.current();
    const { page, total } = this.select(q);
    const card = q.vista === 'tarjeta';
    const items: Buffer[] = new Array<Buffer>(page.length);
    const versions = [total, q.page, q.limit, card ? 1 : 0];
    for (let k = 0; k < page.length; k++) {
      const item = page[k];
      items[k] = card ? item.card : item.bytes;
      versions.push(item.version);
    }
    const said = this.coincidencias(page, q);
    const tail = `],"pagination":${JSON.stringify(pagination(q.page, q.limit, total))}${said ? `,"coincidencias":${asciiJson(said)}` : ''}}}`;
    // The page's bytes hold what the words matched: those of the same lots under other words differ (the address
    // differs too, but a cache may be shared).
    if (said) versions.push(hashText(searchTokens(q.q).join(' ')));
    return { body: joinBytes(PAGE_HEAD, items, tail), etag: etagOfNumbers(versions), total };
  }

  /** With search words, what each lot of the page matched (as the SQL path says it: service.ts coincidenciasOf). */
  private coincidencias(page: Item[], q: LotesQuery): Record<string, string> | undefined {
    const tokens = searchTokens(q.q);
    if (!tokens.length || !page.length) return undefined;
    const out: Record<string, string> = {};
    for (const item of page) {
      const said = describeMatch(unpackFields(item.campos, item.camposTexto), tokens);
      if (said) out[item.id] = said;
    }
    return out;
  }

  /** One page of whole lots as objects, for other modules (the home page, a producer's page). */
  async page(q: LotesQuery): Promise<LotesPage> {
    await this.current();
    const { page, total } = this.select(q);
    const said = this.coincidencias(page, q);
    return {
      lotes: page.map((i) => JSON.parse(i.bytes.toString()) as Lote),
      pagination: pagination(q.page, q.limit, total),
      ...(said ? { coincidencias: said } : {}),
    };
  }

  /** A visible lot's public answer as bytes, or undefined. */
  /**
   * The version of a visible lot as a visitor's answer would carry it now (after this process's own writes), or
   * undefined when the index does not answer for it (not loaded, hidden, unknown). A new version each time the
   * lot is read again: what was built from one version is current exactly while the lot still has it.
   */
  async loteVersion(id: string): Promise<number | undefined> {
    if (!this.loaded) return undefined;
    await this.current();
    return this.items.get(id)?.version;
  }

  async loteText(id: string): Promise<PageText | undefined> {
    await this.current();
    const item = this.items.get(id);
    if (!item) return undefined;
    return { body: joinBytes(LOTE_HEAD, [item.bytes], '}}'), etag: etagOfNumbers([item.version]), total: 1 };
  }
}
