import { isStorableText } from '../../../contract/common';
import {
  CERTIFICACIONES,
  LOTE_LIMITS,
  LOTE_SORTS,
  LOTE_STATUS,
  LOTE_VISTAS,
  PAIS_NAMES,
  POSICIONES,
  PROCESOS,
  type LotesQuery,
} from '../../../contract/lotes';

/*
 * The catalogue's query read without zod, for the one route every visitor calls on every filter change (issue 14
 * §1: zod's pipes, preprocessors and object walk were about a tenth of an answer's CPU). It reads only what it is
 * sure of — the plain values the catalogue page and ordinary links send — and answers `undefined` for anything
 * else (a repeated parameter, an untrimmed or odd number, a value out of range, an unknown key, min above max), so
 * that `LotesQuerySchema` decides those, with its Spanish messages. What it does answer is exactly what the schema
 * answers for the same input: a property test compares them on random queries.
 */

const DECIMAL = /^\d{1,6}(\.\d{1,6})?$/;
const INTEGER = /^\d{1,9}$/;
const ENUM_LIST = /^[A-Z_]+(,[A-Z_]+)*$/;

const PROCESO = new Set<string>(PROCESOS);
const CERTIFICACION = new Set<string>(CERTIFICACIONES);
const POSICION = new Set<string>(POSICIONES);
const STATUS = new Set<string>(LOTE_STATUS);
const ORDEN = new Set<string>(LOTE_SORTS);
const VISTA = new Set<string>(LOTE_VISTAS);

/** A decimal within [min, max], or NaN when the schema must decide. */
function decimal(v: string, min: number, max: number): number {
  if (!DECIMAL.test(v)) return NaN;
  const n = Number(v);
  return n >= min && n <= max ? n : NaN;
}

function integer(v: string, min: number, max: number): number {
  if (!INTEGER.test(v)) return NaN;
  const n = Number(v);
  return n >= min && n <= max ? n : NaN;
}

/** `A,B`: distinct values of a set, at most 20; undefined when the schema must decide. */
function codes(v: string, allowed: { has(code: string): boolean }): string[] | undefined {
  if (!ENUM_LIST.test(v)) return undefined;
  const parts = v.split(',');
  if (parts.length > 20) return undefined;
  for (let i = 0; i < parts.length; i++) {
    if (!allowed.has(parts[i])) return undefined;
    for (let j = 0; j < i; j++) if (parts[j] === parts[i]) return undefined;
  }
  return parts;
}

/** A text already trimmed, storable and within `max`; undefined when the schema must decide. */
function text(v: string, max: number): string | undefined {
  if (v.length > max || v.trim() !== v || !isStorableText(v)) return undefined;
  return v;
}

const PAIS = { has: (code: string) => PAIS_NAMES.has(code as never) };

/** The keys read here (an empty value of any of them is "not given"). */
const KEYS = new Set([
  'page',
  'limit',
  'sacosMin',
  'puntajeMin',
  'puntajeMax',
  'precioMin',
  'precioMax',
  'q',
  'region',
  'variedad',
  'pais',
  'proceso',
  'certificacion',
  'posicion',
  'status',
  'orden',
  'vista',
  'agotados',
]);

/**
 * `GET /api/lotes`'s query as `LotesQuerySchema` reads it, or `undefined` when the schema must read it. Keys with
 * empty values are absent, as the schema's `emptyToUndefined` makes them.
 */
export function readLotesQuery(raw: unknown): LotesQuery | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const out: LotesQuery = {
    page: 1,
    limit: LOTE_LIMITS.pageLimitDefault,
    agotados: false,
    orden: 'relevancia',
    vista: 'completa',
  };
  const o = out as Record<string, unknown>;
  const input = raw as Record<string, unknown>;
  for (const key in input) {
    const v = input[key];
    if (typeof v !== 'string') return undefined;
    if (v === '') {
      // An empty value is "not given" for every key but agotados, which reads it as false (the default).
      if (!KEYS.has(key)) return undefined;
      continue;
    }
    let value: unknown;
    switch (key) {
      case 'page':
        value = integer(v, 1, 100_000);
        break;
      case 'limit':
        value = integer(v, 1, LOTE_LIMITS.pageLimitMax);
        break;
      case 'sacosMin':
        value = integer(v, 0, LOTE_LIMITS.sacosMax);
        break;
      case 'puntajeMin':
      case 'puntajeMax':
        value = decimal(v, 0, 100);
        break;
      case 'precioMin':
      case 'precioMax':
        value = decimal(v, 0, LOTE_LIMITS.precioKgMax);
        break;
      case 'q':
        value = text(v, 100);
        break;
      case 'region':
        value = text(v, 100);
        break;
      case 'variedad':
        value = text(v, 60);
        break;
      case 'pais':
        value = codes(v, PAIS);
        break;
      case 'proceso':
        value = codes(v, PROCESO);
        break;
      case 'certificacion':
        value = codes(v, CERTIFICACION);
        break;
      case 'posicion':
        value = codes(v, POSICION);
        break;
      case 'status':
        value = codes(v, STATUS);
        break;
      case 'orden':
        value = ORDEN.has(v) ? v : undefined;
        break;
      case 'vista':
        value = VISTA.has(v) ? v : undefined;
        break;
      case 'agotados':
        value = v === 'true' || v === '1';
        break;
      default:
        // productor (a UUID) and any key the schema does not name: the schema decides.
        return undefined;
    }
    if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) return undefined;
    o[key] = value;
  }
  if (out.puntajeMin !== undefined && out.puntajeMax !== undefined && out.puntajeMin > out.puntajeMax) return undefined;
  if (out.precioMin !== undefined && out.precioMax !== undefined && out.precioMin > out.precioMax) return undefined;
  return out;
}
