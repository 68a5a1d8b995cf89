import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contract/errors';
import { LoteInputSchema, LotesQuerySchema } from '../../../contract/lotes';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote, loteBody } from './test-fixtures';

/*
 * Whatever a client sends, a lot call answers 201/200 or a 400 with field messages: never a 5xx.
 * Bodies are arbitrary JSON and mutations of a valid body (one field replaced by a value of any type,
 * including extreme numbers, long strings and nested junk).
 */

let ctx: TestContext;
let productor: TestUser;
let loteId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  loteId = (await postLote(ctx, productor)).id;
});
afterAll(() => ctx.close());

// The server picks a code when none is sent, so mutations never collide on it (a 409 is a different test).
const { codigo: _codigo, ...base } = loteBody();
const keys = [...Object.keys(base), 'codigo', 'status', 'id', 'productorId', 'createdAt'];

const junk = fc.oneof(
  fc.jsonValue(),
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -0, 0.1, 100.25, 1e-9),
  fc.string({ maxLength: 400 }),
  fc.constantFrom('', ' ', 'a'.repeat(10_000), '2024-02', '9999-99', '<script>', '\u0000', 'CO', 'LAVADO'),
  fc.array(fc.string({ maxLength: 50 }), { maxLength: 20 }),
  fc.constantFrom(
    { type: 'Point', coordinates: [0, 0] },
    { type: 'Point', coordinates: [1e308, -1e308] },
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
    { type: 'Polygon', coordinates: [[]] },
    { type: 'LineString', coordinates: [[0, 0]] },
    { precioFinca: 1, costosExportacion: 1, comisionPlataforma: 1 },
    { disponible: true },
    [{ url: '/uploads/a.webp', width: 0 }],
  ),
);

const mutation = fc.record({
  key: fc.constantFrom(...keys),
  value: junk,
  remove: fc.boolean(),
});

const mutatedBody = fc.array(mutation, { minLength: 1, maxLength: 4 }).map((muts) => {
  const body: Record<string, unknown> = structuredClone(base);
  for (const m of muts) {
    if (m.remove) delete body[m.key];
    else body[m.key] = m.value;
  }
  return body;
});

const arbitraryBody = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...keys), junk));

describe('lot validation never fails with a server error', () => {
  it('POST /api/lotes answers 201 or 400 with field messages, and agrees with the shared schema', async () => {
    const usedCodes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedBody, arbitraryBody), async (body) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/lotes',
          headers: { ...bearer(productor), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        // The schema judges what the server receives: the JSON text (Infinity or NaN arrive as null, undefined
        // keys vanish), not the JavaScript value before it was sent.
        const parsed = LoteInputSchema.safeParse(JSON.parse(JSON.stringify(body)));
        if (res.statusCode === 409) {
          // A valid code that an earlier lot of this run took ('9999-99' from the junk, say): rightly refused.
          const code = parsed.success ? parsed.data.codigo : undefined;
          expect(code !== undefined && usedCodes.has(code), JSON.stringify(body).slice(0, 300)).toBe(true);
          return;
        }
        expect([201, 400]).toContain(res.statusCode);
        const sent = JSON.stringify(body);
        if (res.statusCode === 400 && json(res).error.message === ERRORS.INVALID_JSON) {
          // Fastify refuses prototype poisoning before any schema: a "__proto__" key (fc.jsonValue makes them), or
          // "constructor" holding "prototype". Any other body refused as not JSON fails here.
          expect(/"__proto__":|"constructor":\{.*"prototype":/.test(sent), sent.slice(0, 300)).toBe(true);
          return;
        }
        expect(res.statusCode === 201, sent.slice(0, 300)).toBe(parsed.success);
        if (res.statusCode === 201) usedCodes.add(json(res).data.lote.codigo);
        if (res.statusCode === 400) {
          const { error } = json(res);
          expect(error.message).toBe('Error al crear lote');
          expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(0);
        }
      }),
      {
        numRuns: 150,
        // Cases that once reached the database: PostgreSQL text cannot hold NUL characters.
        // And a polygon with an empty ring, whose closing check indexed into nothing (a 500).
        examples: [
          [{ ...base, region: '\u0000' }],
          [{ ...base, notasCata: ['a\u0000b'] }],
          [{ ...base, galeriaLote: [{ url: '/u\u0000' }] }],
          [{ ...base, ubicacion: { type: 'Polygon', coordinates: [[]] } }],
          // Sent as JSON, Infinity is null: the server is right to accept it (a test once judged the JS value).
          [{ ...base, zaranda: Number.POSITIVE_INFINITY }],
        ],
      },
    );
  });

  it('PUT /api/lotes/:id answers 200 or 400, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.dictionary(fc.constantFrom(...keys), junk, { maxKeys: 3 }), fc.jsonValue()),
        async (patch) => {
          const res = await ctx.app.inject({
            method: 'PUT',
            url: `/api/lotes/${loteId}`,
            headers: { ...bearer(productor), 'content-type': 'application/json' },
            payload: JSON.stringify(patch),
          });
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400)
            expect(json(res).error.message).toMatch(
              /^(Error al actualizar lote|El cuerpo de la petición no es un JSON válido\.)$/,
            );
        },
      ),
      // 5e-324 is a valid double that PostgreSQL's real cannot hold.
      { numRuns: 120, examples: [[{ humedad: 5e-324 }], [{ actividadAgua: 1e-320 }], [{ region: 'a\u0000' }]] },
    );
  });

  it('GET /api/lotes answers 200 or 400 for any query string', async () => {
    // Every parameter the catalogue's query schema reads, so that a new filter is covered without listing it here.
    const params = fc.dictionary(
      fc.constantFrom(...Object.keys(LotesQuerySchema.shape)),
      fc.oneof(fc.string({ maxLength: 120 }), fc.integer().map(String), fc.double().map(String)),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(params, async (p) => {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/lotes?${new URLSearchParams(p)}` });
        expect([200, 400]).toContain(res.statusCode);
      }),
      {
        numRuns: 150,
        examples: [[{ q: '\u0000' }], [{ region: 'a\u0000' }], [{ variedad: '\u0000' }], [{ pais: '\u0000' }]],
      },
    );
  });
});
