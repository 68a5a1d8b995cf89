import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICACIONES,
  LOTE_SORTS,
  LOTE_STATUS,
  LOTE_VISTAS,
  LotesQuerySchema,
  PAISES,
  POSICIONES,
  PROCESOS,
} from '../../../contract/lotes';
import { readLotesQuery } from './query-fast';

/*
 * The catalogue's query read without zod must read what the schema reads: whenever readLotesQuery answers, the
 * schema accepts the same query and gives the same values; when it does not, the schema decides (and may refuse).
 */

const junk = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    ' 5',
    '5 ',
    '05',
    '1e2',
    '0x10',
    '1.',
    '.5',
    '-0',
    '-1',
    'abc',
    'Infinity',
    'a\u0000b',
    'a\ud800',
  ),
  fc.string({ maxLength: 120 }),
  fc.array(fc.constantFrom('CO', 'ET', '1', 'LAVADO', ''), { minLength: 2, maxLength: 3 }),
);
/** Numbers around a field's bounds, written as integers or decimals. */
const around = (...bounds: number[]) =>
  fc
    .tuple(fc.constantFrom(...bounds), fc.double({ min: -2, max: 2, noNaN: true }), fc.constantFrom(0, 1, 2, 7))
    .map(([b, d, digits]) => (b + d).toFixed(digits));
const list = (...codes: string[]) =>
  fc
    .array(fc.constantFrom(...codes, 'XX', 'lavado', ' CO'), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join(','));

const words = fc.oneof(
  fc.constantFrom('chocolate', 'café', 'Huila', ' floral', 'floral ', '  ', 'a\u0000b', 'a\ud800', 'x'.repeat(101)),
  fc.string({ maxLength: 110 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const perKey = {
  page: around(0, 1, 20, 100_000),
  limit: around(0, 1, 12, 60),
  sacosMin: around(0, 1, 100_000, 1_000_000),
  puntajeMin: around(0, 80, 100),
  puntajeMax: around(0, 90, 100),
  precioMin: around(0, 10, 1000, 100_000),
  precioMax: around(0, 30, 1000, 100_000),
  q: words,
  region: words,
  variedad: fc.oneof(words, fc.constant('x'.repeat(61))),
  pais: list('CO', 'ET', 'KE', 'BR'),
  proceso: list(...PROCESOS),
  certificacion: list(...CERTIFICACIONES),
  posicion: list(...POSICIONES),
  status: list(...LOTE_STATUS),
  orden: fc.constantFrom(...LOTE_SORTS, 'precio', ''),
  vista: fc.constantFrom(...LOTE_VISTAS, 'mini', ''),
  agotados: fc.constantFrom('true', '1', 'false', '0', ''),
  productor: fc.constantFrom('2a2bc22e-6d27-4b88-b583-a5cf9e91de7c', 'no-uuid'),
};
const query = fc
  .tuple(
    fc.record(
      Object.fromEntries(Object.entries(perKey).map(([k, g]) => [k, fc.oneof({ weight: 12, arbitrary: g }, junk)])),
      { requiredKeys: [] },
    ),
    fc.oneof(
      { weight: 9, arbitrary: fc.constant(null) },
      fc.tuple(fc.constantFrom('otra', 'constructor', '__proto__', 'toString'), junk),
    ),
    fc.integer({ min: 0, max: 17 }),
  )
  .map(([known, extra, keep]) => {
    // As Fastify's query parser builds it: an object without a prototype. Only a few keys at a time, as real
    // queries have, so that the fast reader answers often.
    const q = Object.create(null) as Record<string, unknown>;
    const entries = Object.entries(known);
    for (const [k, v] of entries.slice(keep % Math.max(entries.length, 1), (keep % Math.max(entries.length, 1)) + 3))
      q[k] = v;
    if (extra) q[extra[0]] = extra[1];
    return q;
  });

/** What the catalogue page and ordinary links send: these must not need the schema. */
const ordinary = fc
  .record(
    {
      page: fc.integer({ min: 1, max: 20 }).map(String),
      pais: fc.constantFrom('CO', 'ET', 'KE', 'CO,ET'),
      proceso: fc.constantFrom(...PROCESOS),
      puntajeMin: fc.double({ min: 80, max: 88, noNaN: true }).map((n) => n.toFixed(2)),
      precioMin: fc.double({ min: 5, max: 20, noNaN: true }).map((n) => n.toFixed(2)),
      precioMax: fc.double({ min: 20, max: 45, noNaN: true }).map((n) => n.toFixed(2)),
      q: fc.constantFrom('chocolate', 'café', 'Huila', 'miel de caña'),
      orden: fc.constantFrom(...LOTE_SORTS),
      vista: fc.constantFrom(...LOTE_VISTAS),
    },
    { requiredKeys: [] },
  )
  .map((r) => Object.assign(Object.create(null) as Record<string, unknown>, r));

describe('readLotesQuery', () => {
  it('answers only what LotesQuerySchema answers for the same query', () => {
    let answered = 0;
    fc.assert(
      fc.property(query, (q) => {
        const fast = readLotesQuery(q);
        if (fast === undefined) return;
        answered++;
        const bySchema = LotesQuerySchema.safeParse(q);
        expect(bySchema.success, JSON.stringify(q)).toBe(true);
        expect(fast).toEqual(bySchema.data);
      }),
      { numRuns: 20_000 },
    );
    // The comparison means something only if the fast reader answered a fair share of the random queries.
    expect(answered).toBeGreaterThan(1500);
  });

  it('reads every ordinary catalogue query itself, as the schema does', () => {
    fc.assert(
      fc.property(ordinary, (q) => {
        const fast = readLotesQuery(q);
        expect(fast, JSON.stringify(q)).toBeDefined();
        expect(fast).toEqual(LotesQuerySchema.parse(q));
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves refusals to the schema', () => {
    for (const q of [
      { page: '0' },
      { page: '100001' },
      { puntajeMin: '100.5' },
      { puntajeMax: '101' },
      { precioMax: '100000.01' },
      { sacosMin: '1000001' },
      { page: 'dos' },
      { limit: '61' },
      { puntajeMin: '90', puntajeMax: '85' },
      { precioMin: '30', precioMax: '10' },
      { precioMin: '10.50', precioMax: '10' },
      { puntajeMin: '85.25', puntajeMax: '85' },
      {
        pais: PAISES.slice(0, 21)
          .map((p) => p.code)
          .join(','),
      },
      { pais: 'XX' },
      { orden: 'precio' },
      { vista: 'mini' },
      { q: 'a\u0000' },
      { q: 'x'.repeat(101) },
      { productor: 'no-uuid' },
    ]) {
      expect(readLotesQuery(q), JSON.stringify(q)).toBeUndefined();
      expect(LotesQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });
});
