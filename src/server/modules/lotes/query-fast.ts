import { isStorableText, PAGE_MAX } from '../../../contract/common';
import {
  CERTIFICACIONES,
  LOTE_LIMITS,
  LOTE_SORTS,
  LOTE_STATUS,
  LOTE_VISTAS,
  LOTES_QUERY_LIMITS,
  PAIS_NAMES,
  POSICIONES,
  PROCESOS,
  type LotesQuery,
} from '../../../contract/lotes';

/*
 * The catalogue's query read without zod, for the one route every visitor calls on every filter change (issue 14
 * §1: zod's pipes, preprocessors and object walk, with their garbage, were about a quarter of a card answer's CPU). It reads only what it is
 * sure of — the plain values the catalogue page and ordinary links send — and answers `undefined` for anything
 * else (a repeated parameter, an untrimmed or odd number, a value out of range, an unknown key, min above max), so
 * that `LotesQuerySchema` decides those, with its Spanish messages. What it does answer is exactly what the schema
 * answers for the same input: a property test compares them on random queries.
 */

const DECIMAL = /^\d{1,6}(\.\d{1,6})?$/;
const INTEGER = /^\d{1,9}$/;
const ENUM_LIST = /^[A-Z_]+(,[A-Z_]+)*$/;

/** A number within [min, max] written plainly, or undefined when the schema must decide. */
function number(v: string, pattern: RegExp, min: number, max: number): number | undefined {
  if (!pattern.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
}
const decimal = (min: number, max: number) => (v: string) => number(v, DECIMAL, min, max);
const integer = (min: number, max: number) => (v: string) => number(v, INTEGER, min, max);

/** `A,B`: distinct values of a list, at most as many as the schema takes; undefined when the schema must decide. */
const codes =
  (known: { has(code: string): boolean }) =>
  (v: string): string[] | undefined => {
    if (!ENUM_LIST.test(v)) return undefined;
    const parts = v.split(',');
    if (parts.length > LOTES_QUERY_LIMITS.valores) return undefined;
    for (let i = 0; i < parts.length; i++) {
      if (!known.has(parts[i])) return undefined;
      for (let j = 0; j < i; j++) if (parts[j] === parts[i]) return undefined;
    }
    return parts;
  };

/** A text already trimmed, storable and within `max`; undefined when the schema must decide. */
const text = (max: number) => (v: string) => (v.length > max || v.trim() !== v || !isStorableText(v) ? undefined : v);

const oneOf = (values: readonly string[]) => {
  const known = new Set(values);
  return (v: string) => (known.has(v) ? v : undefined);
};

/**
 * How each key the fast path reads is read from a non-empty value; any other key (productor, a UUID, or one the
 * schema does not name) leaves the whole query to the schema.
 */
const READERS = new Map<string, (v: string) => unknown>([
  ['page', integer(1, PAGE_MAX)],
  ['limit', integer(1, LOTE_LIMITS.pageLimitMax)],
  ['sacosMin', integer(0, LOTE_LIMITS.sacosMax)],
  ['puntajeMin', decimal(0, LOTES_QUERY_LIMITS.puntajeMax)],
  ['puntajeMax', decimal(0, LOTES_QUERY_LIMITS.puntajeMax)],
  ['precioMin', decimal(0, LOTE_LIMITS.precioKgMax)],
  ['precioMax', decimal(0, LOTE_LIMITS.precioKgMax)],
  ['q', text(LOTES_QUERY_LIMITS.texto)],
  ['region', text(LOTES_QUERY_LIMITS.texto)],
  ['variedad', text(LOTES_QUERY_LIMITS.variedad)],
  ['pais', codes(PAIS_NAMES)],
  ['proceso', codes(new Set<string>(PROCESOS))],
  ['certificacion', codes(new Set<string>(CERTIFICACIONES))],
  ['posicion', codes(new Set<string>(POSICIONES))],
  ['status', codes(new Set<string>(LOTE_STATUS))],
  ['orden', oneOf(LOTE_SORTS)],
  ['vista', oneOf(LOTE_VISTAS)],
  ['agotados', (v) => v === 'true' || v === '1'],
  ['eudr', (v) => v === 'true' || v === '1'],
]);

/**
 * `GET /api/lotes`'s query as `LotesQuerySchema` reads it, or `undefined` when the schema must read it. Keys with
 * empty values are absent, as the schema's `emptyToUndefined` makes them (agotados reads one as false, its default).
 */
export function readLotesQuery(raw: unknown): LotesQuery | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const out: LotesQuery = {
    page: 1,
    limit: LOTE_LIMITS.pageLimitDefault,
    agotados: false,
    eudr: false,
    orden: 'relevancia',
    vista: 'completa',
  };
  const o = out as Record<string, unknown>;
  const input = raw as Record<string, unknown>;
  for (const key in input) {
    const v = input[key];
    const read = READERS.get(key);
    if (!read || typeof v !== 'string') return undefined;
    if (v === '') continue;
    const value = read(v);
    if (value === undefined) return undefined;
    o[key] = value;
  }
  if (out.puntajeMin !== undefined && out.puntajeMax !== undefined && out.puntajeMin > out.puntajeMax) return undefined;
  if (out.precioMin !== undefined && out.precioMax !== undefined && out.precioMin > out.precioMax) return undefined;
  return out;
}
