import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LotesQuerySchema, tarjetaDe, type LotesPage, type LotesQuery } from '../../../contract/lotes';
import { lotes } from '../../db/schema/lotes';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../test/helpers';
import { buildSearchText } from './search-text';
import { lotesChanged, sqlPublicPage } from './service';

/*
 * The in-memory catalogue (catalogo.ts) must answer exactly what the SQL path answers: the same lots, in the same
 * order, with the same totals, for any query — including accents and case in the text filters, ties in every sort
 * key (equal prices, scores and creation times), lots without a score, sold-out and hidden lots — and still after
 * writes that reach it only through `lote.cambiado` events.
 */

let ctx: TestContext;
const productores: TestUser[] = [];

const REGIONES = ['Nariño', 'NARIÑO', 'narino', 'Huila', 'Tolima', 'Cajamarca', 'Yirgacheffe', 'Atitlán'];
const VARIEDADES = ['Caturra', 'CATURRA', 'Geisha', 'Géisha', 'Bourbon Rosado', 'SL28', 'Catuaí'];
const NOTAS = ['jazmín', 'panela', 'cacao', 'durazno', 'mandarina', 'caña'];
const PAISES = ['CO', 'PE', 'ET', 'GT'] as const;
const PROCESOS = ['LAVADO', 'NATURAL', 'HONEY', 'ANAEROBICO'] as const;
const CERTS = ['ORGANICO', 'COMERCIO_JUSTO', 'RAINFOREST_ALLIANCE'] as const;
const POSICIONES = ['DISPONIBLE', 'EN_TRANSITO', 'FUTURO'] as const;
const STATUS = ['POR_ENVIAR', 'EN_REVISION', 'VERIFICADO', 'RECHAZADO'] as const;
/** A few creation times only, so that many lots tie on them (ties break by id, as in SQL). */
const FECHAS = [0, 1, 2, 3].map((d) => new Date(Date.UTC(2025, 0, 1 + d, 12, 0, 0, 123)));

function pick<T>(xs: readonly T[], r: () => number): T {
  return xs[Math.floor(r() * xs.length)];
}

async function seedLotes(n: number, from = 0): Promise<string[]> {
  // A small deterministic generator (mulberry32): plain uniform values, unlike fast-check's edge-biased ones.
  let a = 42 + from;
  const r = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rows: Array<typeof lotes.$inferInsert> = [];
  for (let i = 0; i < n; i++) {
    const productor = pick(productores, r);
    const variedades = [...new Set([pick(VARIEDADES, r), ...(r() < 0.3 ? [pick(VARIEDADES, r)] : [])])];
    const row = {
      productorId: productor.id,
      codigo: `P-${from + i}`,
      nombre: `${variedades[0]} ${pick(NOTAS, r)} ${i}`,
      pais: pick(PAISES, r),
      region: pick(REGIONES, r),
      finca: r() < 0.5 ? 'Finca La Ñata' : null,
      variedades,
      proceso: pick(PROCESOS, r),
      puntaje: r() < 0.2 ? null : pick([84, 85.5, 86, 88.25, 90], r),
      notasCata: [...new Set([pick(NOTAS, r), pick(NOTAS, r)])],
      sacosDisponibles: r() < 0.15 ? 0 : pick([1, 5, 10, 40, 100], r),
      pesoSacoKg: 70 as const,
      precioKg: pick([8.5, 9, 12.25, 20, 31], r),
      certificaciones: r() < 0.5 ? [pick(CERTS, r)] : [],
      posicion: pick(POSICIONES, r),
      ocultar: r() < 0.1,
      status: pick(STATUS, r),
      createdAt: pick(FECHAS, r),
    };
    rows.push({ ...row, busqueda: buildSearchText(row, productor.nombre ?? '') });
  }
  const ids = await ctx.app.db.insert(lotes).values(rows).returning({ id: lotes.id });
  return ids.map((r) => r.id);
}

/** Each filter is set in about one query of six, so that most queries still find lots. */
const opt = <T>(arb: fc.Arbitrary<T>) =>
  fc.tuple(fc.noBias(fc.nat({ max: 5 })), arb).map(([n, v]) => (n === 0 ? v : undefined));
const subset = <T>(xs: readonly T[]) => opt(fc.subarray([...xs], { minLength: 1 }));

const queryArb = fc
  .record({
    q: opt(
      // Some words match inside words as well as at their start ('ca', 'la', 'ra'): relevance ranks the starts first.
      fc.constantFrom(
        'narino',
        'NARIÑO',
        'geisha',
        'Géisha jazmin',
        'la ñata',
        'cana',
        'caturra cacao',
        'sl28',
        'zz',
        'ca',
        'la',
        'ra cacao',
      ),
    ),
    pais: subset(PAISES),
    region: opt(fc.constantFrom('Nariño', 'narino', ' HUILA ', 'Atitlan', 'atitlán')),
    proceso: subset(PROCESOS),
    variedad: opt(fc.constantFrom('caturra', 'Geisha', 'géisha', 'bourbon rosado', 'Catuai')),
    certificacion: subset(CERTS),
    posicion: subset(POSICIONES),
    status: subset(STATUS),
    puntajeMin: opt(fc.constantFrom(84, 85.5, 88)),
    puntajeMax: opt(fc.constantFrom(86, 90, 100)),
    precioMin: opt(fc.constantFrom(0, 9, 12.25)),
    precioMax: opt(fc.constantFrom(12.25, 20, 100)),
    sacosMin: opt(fc.constantFrom(0, 5, 40)),
    agotados: fc.boolean(),
    orden: fc.constantFrom('relevancia', 'recientes', 'puntaje', 'precio_asc', 'precio_desc'),
    page: fc.integer({ min: 1, max: 4 }),
    limit: fc.constantFrom(1, 5, 12, 60),
  })
  .map((raw) => {
    const q = { ...raw } as Record<string, unknown>;
    for (const key of ['pais', 'proceso', 'certificacion', 'posicion', 'status'])
      if (Array.isArray(q[key])) q[key] = (q[key] as string[]).join(',');
    if (typeof raw.puntajeMin === 'number' && typeof raw.puntajeMax === 'number' && raw.puntajeMin > raw.puntajeMax)
      delete q.puntajeMax;
    if (typeof raw.precioMin === 'number' && typeof raw.precioMax === 'number' && raw.precioMin > raw.precioMax)
      delete q.precioMax;
    // Some queries ask for one producer's lots.
    if (raw.limit === 5 && raw.page === 2) q.productor = productores[0].id;
    return LotesQuerySchema.parse(q);
  });

/** Queries that found at least one lot: a comparison of empty pages proves little. */
let answered = 0;

async function same(q: LotesQuery) {
  const fromIndex = await ctx.app.catalogo.page(q);
  const fromSql = await sqlPublicPage(ctx.app.db, q);
  if (fromSql.lotes.length) answered++;
  expect(fromIndex.pagination, JSON.stringify(q)).toEqual(fromSql.pagination);
  expect(
    fromIndex.lotes.map((l) => l.id),
    JSON.stringify(q),
  ).toEqual(fromSql.lotes.map((l) => l.id));
  expect(fromIndex.lotes, JSON.stringify(q)).toEqual(fromSql.lotes);
  // The bytes the route sends, whole lots and cards, are those same lots.
  const [whole, cards] = await Promise.all(
    (['completa', 'tarjeta'] as const).map(async (vista) => {
      const text = await ctx.app.catalogo.pageText({ ...q, vista });
      return { etag: text.etag, data: (JSON.parse(text.body.toString()) as { data: LotesPage }).data };
    }),
  );
  expect(whole.data, JSON.stringify(q)).toEqual(fromSql);
  expect(cards.data, JSON.stringify(q)).toEqual({ ...fromSql, lotes: fromSql.lotes.map(tarjetaDe) });
  expect(cards.etag).not.toBe(whole.etag);
}

beforeAll(async () => {
  ctx = await createTestApp();
  productores.push(await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Cooperativa Montaña' }));
  productores.push(await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Finca Ñandú' }));
  await seedLotes(400);
  // Loaded after the rows were written directly: the index reads them all.
  await ctx.app.catalogo.load();
});
afterAll(() => ctx.close());

describe('the in-memory catalogue and the SQL path', () => {
  // Hundreds of SQL queries: more than the default 30 s when the machine is busy.
  it('answer the same to random queries', { timeout: 180_000 }, async () => {
    expect(ctx.app.catalogo.size).toBeGreaterThan(300);
    answered = 0;
    await fc.assert(fc.asyncProperty(queryArb, same), { numRuns: 150 });
    expect(answered).toBeGreaterThan(60);
  });

  it('rank by relevance the same for every search word of the generator (word starts first)', async () => {
    answered = 0;
    for (const q of ['ca', 'la', 'ra cacao', 'narino', 'cana', 'caturra cacao', 'la ñata', 'sl28'])
      for (const agotados of [false, true])
        for (const page of [1, 2])
          await same(LotesQuerySchema.parse({ q, agotados: String(agotados), page, limit: 60, orden: 'relevancia' }));
    expect(answered).toBeGreaterThan(20);
  });

  it('still answer the same after writes that reach the index only by events', { timeout: 180_000 }, async () => {
    const rows = await ctx.app.db.select({ id: lotes.id }).from(lotes).limit(120);
    const ids = rows.map((r) => r.id);
    // Stock to zero and back, hidden and shown, new prices, scores and states, a deletion.
    await ctx.app.db
      .update(lotes)
      .set({ sacosDisponibles: 0 })
      .where(inArray(lotes.id, ids.slice(0, 20)));
    await ctx.app.db
      .update(lotes)
      .set({ ocultar: true })
      .where(inArray(lotes.id, ids.slice(20, 40)));
    await ctx.app.db
      .update(lotes)
      .set({ ocultar: false, sacosDisponibles: 3 })
      .where(inArray(lotes.id, ids.slice(40, 60)));
    await ctx.app.db
      .update(lotes)
      .set({ precioKg: 9, puntaje: null })
      .where(inArray(lotes.id, ids.slice(60, 80)));
    await ctx.app.db
      .update(lotes)
      .set({ status: 'VERIFICADO', createdAt: FECHAS[2] })
      .where(inArray(lotes.id, ids.slice(80, 100)));
    await ctx.app.db.delete(lotes).where(eq(lotes.id, ids[100]));
    // New lots, enough for the index to grow its columns and bitsets (and the search words it keeps) in place.
    const added = await seedLotes(150, 400);
    await lotesChanged(ctx.app.db, [...ids.slice(0, 101), ...added]);
    answered = 0;
    await fc.assert(fc.asyncProperty(queryArb, same), { numRuns: 100 });
    expect(answered).toBeGreaterThan(40);
  });
});
