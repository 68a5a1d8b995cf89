import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoteTarjetaSchema, LotesQuerySchema, tarjetaDe } from '../../../contract/lotes';
import { lotes } from '../../db/schema/lotes';
import { createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { lotesChanged, refreshStaleSearchTexts } from './service';
import { postLote } from './test-fixtures';
import { CatalogoIndex } from './catalogo';

/*
 * A small catalogue with known attributes; every filter and sort is checked against what it must return.
 */

let ctx: TestContext;
let altamira: TestUser;
let buenavista: TestUser;
const ids: Record<string, string> = {};

type Row = { id: string; nombre: string; puntaje: number | null; precioKg: number; status: string; createdAt: string };

async function list(
  query: string,
): Promise<{ lotes: Row[]; pagination: { page: number; limit: number; total: number; totalPages: number } }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/lotes${query}` });
  if (res.statusCode !== 200) throw new Error(`${query} → ${res.statusCode} ${res.body}`);
  return json(res).data;
}
const names = async (query: string) => (await list(query)).lotes.map((l) => l.nombre).sort();

beforeAll(async () => {
  ctx = await createTestApp();
  altamira = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Altamira' });
  buenavista = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Buenavista' });
  const defs: Array<[TestUser, string, Record<string, unknown>]> = [
    [
      altamira,
      'Geisha Nariño',
      {
        pais: 'CO',
        region: 'Nariño',
        variedades: ['Geisha'],
        proceso: 'LAVADO',
        puntaje: 89.5,
        precioKg: 30,
        desglosePrecio: null,
        certificaciones: ['ORGANICO', 'COMERCIO_JUSTO'],
        posicion: 'DISPONIBLE',
        sacosDisponibles: 40,
        notasCata: ['jazmín', 'durazno'],
      },
    ],
    [
      altamira,
      'Caturra Huila',
      {
        pais: 'CO',
        region: 'Huila',
        variedades: ['Caturra', 'Castillo'],
        proceso: 'HONEY',
        puntaje: 85,
        precioKg: 9.5,
        desglosePrecio: null,
        certificaciones: ['ORGANICO'],
        posicion: 'EN_TRANSITO',
        sacosDisponibles: 10,
        notasCata: ['panela', 'cacao'],
      },
    ],
    [
      altamira,
      'Pink Bourbon',
      {
        pais: 'CO',
        region: 'Huila',
        variedades: ['Bourbon Rosado'],
        proceso: 'ANAEROBICO',
        puntaje: null,
        precioKg: 22,
        desglosePrecio: null,
        certificaciones: [],
        posicion: 'FUTURO',
        ventanaEmbarque: 'Marzo–abril 2025',
        sacosDisponibles: 5,
        notasCata: ['fresa'],
      },
    ],
    [
      buenavista,
      'Heirloom Yirgacheffe',
      {
        pais: 'ET',
        region: 'Yirgacheffe',
        variedades: ['Heirloom'],
        proceso: 'NATURAL',
        puntaje: 88.25,
        precioKg: 14,
        desglosePrecio: null,
        certificaciones: ['RAINFOREST_ALLIANCE'],
        posicion: 'DISPONIBLE',
        sacosDisponibles: 100,
        notasCata: ['arándano', 'vino'],
      },
    ],
    [
      buenavista,
      'SL28 Nyeri',
      {
        pais: 'KE',
        region: 'Nyeri',
        variedades: ['SL28', 'SL34'],
        proceso: 'LAVADO',
        puntaje: 87,
        precioKg: 16.75,
        desglosePrecio: null,
        certificaciones: [],
        posicion: 'DISPONIBLE',
        sacosDisponibles: 2,
        notasCata: ['grosella negra'],
      },
    ],
    [
      buenavista,
      'Oculto Etiopía',
      {
        pais: 'ET',
        region: 'Guji',
        variedades: ['Heirloom'],
        proceso: 'NATURAL',
        puntaje: 90,
        precioKg: 40,
        desglosePrecio: null,
        certificaciones: ['ORGANICO'],
        posicion: 'DISPONIBLE',
        sacosDisponibles: 50,
        ocultar: true,
        notasCata: ['jazmín'],
      },
    ],
  ];
  for (const [user, nombre, fields] of defs) {
    ids[nombre] = (await postLote(ctx, user, { nombre, ...fields })).id;
    // Distinct creation times make "recientes" deterministic.
    await new Promise((r) => setTimeout(r, 5));
  }
  await ctx.app.db
    .update(lotes)
    .set({ status: 'VERIFICADO' })
    .where(inArray(lotes.id, [ids['Caturra Huila'], ids['SL28 Nyeri']]));
  await lotesChanged(ctx.app.db, [ids['Caturra Huila'], ids['SL28 Nyeri']]);
});
afterAll(() => ctx.close());

describe('GET /api/lotes filters', () => {
  it('lists only lots that are not hidden, with the shape of docs/product.md §7', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/lotes' });
    const body = json(res);
    expect(body.success).toBe(true);
    expect(body.data.pagination).toEqual({ page: 1, limit: 12, total: 5, totalPages: 1 });
    expect(body.data.lotes.map((l: Row) => l.nombre)).not.toContain('Oculto Etiopía');
  });

  it('vista=tarjeta answers each lot as its card (what the catalogue cards show), the index and SQL alike', async () => {
    const url = '/api/lotes?orden=precio_asc&limit=3';
    const whole = json(await ctx.app.inject({ method: 'GET', url })).data;
    const fromIndex = await ctx.app.inject({ method: 'GET', url: `${url}&vista=tarjeta` });
    expect(fromIndex.statusCode).toBe(200);
    const cards = json(fromIndex).data;
    expect(cards.pagination).toEqual(whole.pagination);
    expect(cards.lotes).toEqual(whole.lotes.map(tarjetaDe));
    expect(Object.keys(cards.lotes[0]).sort()).toEqual(Object.keys(LoteTarjetaSchema.shape).sort());
    expect(cards.lotes[0]).not.toHaveProperty('descripcion');
    expect(fromIndex.headers.etag).not.toBe((await ctx.app.inject({ method: 'GET', url })).headers.etag);
    // While the index loads, the SQL path answers the same cards.
    const notReady = vi.spyOn(ctx.app.catalogo, 'ready', 'get').mockReturnValue(false);
    try {
      const fromSql = await ctx.app.inject({ method: 'GET', url: `${url}&vista=tarjeta` });
      expect(fromSql.headers.etag).toBeUndefined();
      expect(json(fromSql).data).toEqual(cards);
    } finally {
      notReady.mockRestore();
    }
  });

  it('pais (one or several)', async () => {
    expect(await names('?pais=ET')).toEqual(['Heirloom Yirgacheffe']);
    expect(await names('?pais=ke,et')).toEqual(['Heirloom Yirgacheffe', 'SL28 Nyeri']);
    expect(await names('?pais=KE&pais=ET')).toEqual(['Heirloom Yirgacheffe', 'SL28 Nyeri']);
  });

  it('region, without caring about case or accents', async () => {
    expect(await names('?region=narino')).toEqual(['Geisha Nariño']);
    expect(await names('?region=HUILA')).toEqual(['Caturra Huila', 'Pink Bourbon']);
  });

  it('proceso', async () => {
    expect(await names('?proceso=LAVADO')).toEqual(['Geisha Nariño', 'SL28 Nyeri']);
    expect(await names('?proceso=HONEY,ANAEROBICO')).toEqual(['Caturra Huila', 'Pink Bourbon']);
  });

  it('variedad matches one of the varieties exactly, any case', async () => {
    expect(await names('?variedad=castillo')).toEqual(['Caturra Huila']);
    expect(await names('?variedad=SL34')).toEqual(['SL28 Nyeri']);
    expect(await names('?variedad=Bourbon')).toEqual([]);
  });

  it('certificacion requires every one asked for', async () => {
    expect(await names('?certificacion=ORGANICO')).toEqual(['Caturra Huila', 'Geisha Nariño']);
    expect(await names('?certificacion=ORGANICO,COMERCIO_JUSTO')).toEqual(['Geisha Nariño']);
  });

  it('posicion', async () => {
    expect(await names('?posicion=FUTURO')).toEqual(['Pink Bourbon']);
    expect(await names('?posicion=EN_TRANSITO,FUTURO')).toEqual(['Caturra Huila', 'Pink Bourbon']);
  });

  it('puntaje and precio ranges, minimum bags', async () => {
    expect(await names('?puntajeMin=88')).toEqual(['Geisha Nariño', 'Heirloom Yirgacheffe']);
    expect(await names('?puntajeMin=85&puntajeMax=87')).toEqual(['Caturra Huila', 'SL28 Nyeri']);
    expect(await names('?precioMin=14&precioMax=22')).toEqual(['Heirloom Yirgacheffe', 'Pink Bourbon', 'SL28 Nyeri']);
    expect(await names('?sacosMin=10')).toEqual(['Caturra Huila', 'Geisha Nariño', 'Heirloom Yirgacheffe']);
  });

  it('productor and status', async () => {
    expect(await names(`?productor=${buenavista.id}`)).toEqual(['Heirloom Yirgacheffe', 'SL28 Nyeri']);
    expect(await names('?status=VERIFICADO')).toEqual(['Caturra Huila', 'SL28 Nyeri']);
  });

  it('q searches name, region, farm, varieties, notes and producer without accents', async () => {
    expect(await names('?q=yirgacheffe')).toEqual(['Heirloom Yirgacheffe']);
    expect(await names('?q=JAZMIN')).toEqual(['Geisha Nariño']);
    expect(await names(`?q=${encodeURIComponent('arándano')}`)).toEqual(['Heirloom Yirgacheffe']);
    expect(await names('?q=finca%20buenavista')).toEqual(['Heirloom Yirgacheffe', 'SL28 Nyeri']);
    expect(await names('?q=castillo%20panela')).toEqual(['Caturra Huila']);
    // LIKE wildcards are not operators: "%" or "_" alone is no search at all, not "match anything in a word".
    expect((await list('?q=%25')).pagination.total).toBe(5);
    expect(await names('?q=ny_ri%25tanzania')).toEqual([]);
    expect(await names('?q=cafe%20inexistente')).toEqual([]);
  });

  it("q speaks the buyer's words: countries in Spanish and English, processes and varieties in their usual spellings (issue 32)", async () => {
    expect(await names(`?q=${encodeURIComponent('Etiopía')}`)).toEqual(['Heirloom Yirgacheffe']);
    expect(await names('?q=ethiopia')).toEqual(['Heirloom Yirgacheffe']);
    expect(await names('?q=KENIA')).toEqual(['SL28 Nyeri']);
    expect(await names('?q=kenya')).toEqual(['SL28 Nyeri']);
    expect(await names('?q=colombia')).toEqual(['Caturra Huila', 'Geisha Nariño', 'Pink Bourbon']);
    expect(await names('?q=washed')).toEqual(['Geisha Nariño', 'SL28 Nyeri']);
    expect(await names('?q=anaerobic')).toEqual(['Pink Bourbon']);
    expect(await names('?q=gesha')).toEqual(['Geisha Nariño']);
    expect(await names('?q=sl-28')).toEqual(['SL28 Nyeri']);
    expect(await names('?q=borbon%20rosado')).toEqual(['Pink Bourbon']);
  });

  it('with q, the page says what each lot matched, the index and SQL alike, whole lots and cards', async () => {
    for (const url of ['/api/lotes?q=gesha', '/api/lotes?q=ethiopia%20natural&vista=tarjeta', '/api/lotes?q=huila']) {
      const fromIndex = json(await ctx.app.inject({ method: 'GET', url })).data;
      const notReady = vi.spyOn(ctx.app.catalogo, 'ready', 'get').mockReturnValue(false);
      try {
        expect(json(await ctx.app.inject({ method: 'GET', url })).data, url).toEqual(fromIndex);
      } finally {
        notReady.mockRestore();
      }
    }
    const said = async (url: string) => json(await ctx.app.inject({ method: 'GET', url })).data.coincidencias;
    expect(await said('/api/lotes?q=gesha')).toEqual({ [ids['Geisha Nariño']]: 'variedad Geisha' });
    expect(await said('/api/lotes?q=ethiopia%20natural&vista=tarjeta')).toEqual({
      [ids['Heirloom Yirgacheffe']]: 'país Etiopía, proceso Natural',
    });
    expect(await said('/api/lotes?q=huila')).toEqual({
      [ids['Caturra Huila']]: 'nombre Caturra Huila, región Huila',
      [ids['Pink Bourbon']]: 'región Huila',
    });
    // No words, nothing to say.
    expect(await said('/api/lotes')).toBeUndefined();
    // The same lots under other words are another answer: another ETag.
    const a = await ctx.app.inject({ method: 'GET', url: '/api/lotes?q=heirloom' });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/lotes?q=yirgacheffe' });
    expect(json(a).data.lotes).toEqual(json(b).data.lotes);
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('the start-up brings search texts written by an older version up to date', async () => {
    const id = ids['SL28 Nyeri'];
    await ctx.app.db.update(lotes).set({ busqueda: 'sl28 nyeri ke' }).where(eq(lotes.id, id));
    expect(await refreshStaleSearchTexts(ctx.app.db)).toBe(1);
    const [row] = await ctx.app.db.select({ busqueda: lotes.busqueda }).from(lotes).where(eq(lotes.id, id));
    expect(row.busqueda).toContain('kenya');
    expect(await refreshStaleSearchTexts(ctx.app.db)).toBe(0);
  });

  it('the start-up reads lots in pages: every stale text is refreshed, and an index loaded two lots at a time answers as the one loaded at once', async () => {
    const all = await ctx.app.db.select({ id: lotes.id }).from(lotes);
    expect(all.length).toBeGreaterThan(4);
    await ctx.app.db.update(lotes).set({ busqueda: 'texto viejo' });
    expect(await refreshStaleSearchTexts(ctx.app.db, 2)).toBe(all.length);
    expect(await refreshStaleSearchTexts(ctx.app.db, 2)).toBe(0);
    await lotesChanged(
      ctx.app.db,
      all.map((l) => l.id),
    );
    const paged = new CatalogoIndex(ctx.app.db, ctx.app.events, ctx.app.log, { loadPage: 2 });
    await paged.load();
    expect(paged.size).toBe(ctx.app.catalogo.size);
    for (const query of [{}, { q: 'geisha' }, { orden: 'precio_asc' as const, limit: 50 }]) {
      const q = LotesQuerySchema.parse(query);
      expect(await paged.page(q)).toEqual(await ctx.app.catalogo.page(q));
    }
  });

  it('combines filters', async () => {
    expect(await names('?pais=CO&proceso=LAVADO,HONEY&puntajeMin=86')).toEqual(['Geisha Nariño']);
  });

  it('refuses bad values with 400 and field messages, never 500', async () => {
    for (const [query, field] of [
      ['?limit=61', 'limit'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?proceso=TOSTADO', 'proceso.0'],
      ['?pais=ZZ', 'pais.0'],
      ['?orden=azar', 'orden'],
      ['?puntajeMin=90&puntajeMax=80', 'puntajeMin'],
      ['?productor=123', 'productor'],
      ['?vista=mini', 'vista'],
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/lotes${query}` });
      expect(res.statusCode, query).toBe(400);
      const { error } = json(res);
      expect(error.message).toBe('Error al obtener lotes');
      expect(error.fields, query).toHaveProperty([field]);
    }
  });
});

describe('GET /api/lotes sorting and pagination', () => {
  it('relevancia (default): verified lots first, then newest', async () => {
    const { lotes: rows } = await list('');
    expect(rows.map((l) => l.nombre)).toEqual([
      'SL28 Nyeri',
      'Caturra Huila',
      'Heirloom Yirgacheffe',
      'Pink Bourbon',
      'Geisha Nariño',
    ]);
  });

  it('relevancia with q puts word-start matches first', async () => {
    // The older lot has "lima" as a word; the newer one only inside "Tolima". Without ranking, newest wins.
    await postLote(ctx, altamira, {
      nombre: 'Typica Cajamarca',
      pais: 'PE',
      region: 'Cajamarca',
      variedades: ['Typica'],
      notasCata: ['lima'],
    });
    await new Promise((r) => setTimeout(r, 5));
    await postLote(ctx, altamira, {
      nombre: 'Castillo Tolima',
      pais: 'CO',
      region: 'Tolima',
      variedades: ['Castillo'],
      notasCata: ['ciruela'],
    });
    expect((await list('?q=lima')).lotes.map((l) => l.nombre)).toEqual(['Typica Cajamarca', 'Castillo Tolima']);
    expect((await list('?q=lima&orden=recientes')).lotes.map((l) => l.nombre)).toEqual([
      'Castillo Tolima',
      'Typica Cajamarca',
    ]);
    const gone = await ctx.app.db
      .delete(lotes)
      .where(inArray(lotes.nombre, ['Typica Cajamarca', 'Castillo Tolima']))
      .returning({ id: lotes.id });
    await lotesChanged(
      ctx.app.db,
      gone.map((r) => r.id),
    );
  });

  it('recientes', async () => {
    const { lotes: rows } = await list('?orden=recientes');
    expect(rows.map((l) => l.nombre)).toEqual([
      'SL28 Nyeri',
      'Heirloom Yirgacheffe',
      'Pink Bourbon',
      'Caturra Huila',
      'Geisha Nariño',
    ]);
  });

  it('puntaje, lots without score last', async () => {
    const { lotes: rows } = await list('?orden=puntaje');
    expect(rows.map((l) => l.puntaje)).toEqual([89.5, 88.25, 87, 85, null]);
  });

  it('precio ascending and descending', async () => {
    expect((await list('?orden=precio_asc')).lotes.map((l) => l.precioKg)).toEqual([9.5, 14, 16.75, 22, 30]);
    expect((await list('?orden=precio_desc')).lotes.map((l) => l.precioKg)).toEqual([30, 22, 16.75, 14, 9.5]);
  });

  it('pages add up: totals, page sizes, no overlap, empty page past the end', async () => {
    const p1 = await list('?orden=precio_asc&limit=2&page=1');
    const p2 = await list('?orden=precio_asc&limit=2&page=2');
    const p3 = await list('?orden=precio_asc&limit=2&page=3');
    const p4 = await list('?orden=precio_asc&limit=2&page=4');
    expect(p1.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(p3.pagination).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3 });
    expect([p1, p2, p3].map((p) => p.lotes.length)).toEqual([2, 2, 1]);
    const all = [...p1.lotes, ...p2.lotes, ...p3.lotes].map((l) => l.precioKg);
    expect(all).toEqual([9.5, 14, 16.75, 22, 30]);
    expect(p4.lotes).toEqual([]);
    expect(p4.pagination.total).toBe(5);
    // A text search (counted together with its first page asked) adds up the same way.
    const text = await list('?q=finca&limit=2&page=3');
    expect(text.pagination).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3 });
    expect(text.lotes).toHaveLength(1);
    const pastText = await list('?q=huila&limit=2&page=9');
    expect(pastText).toEqual({ lotes: [], pagination: { page: 9, limit: 2, total: 2, totalPages: 1 } });
    const filtered = await list('?pais=CO&limit=1&page=2');
    expect(filtered.pagination).toEqual({ page: 2, limit: 1, total: 3, totalPages: 3 });
  });

  it('a hidden lot never appears, whatever the filter or sort', async () => {
    const hidden = ids['Oculto Etiopía'];
    for (const q of [
      '',
      '?orden=puntaje',
      '?orden=precio_desc',
      '?q=jazmin',
      '?pais=ET',
      '?certificacion=ORGANICO',
      `?productor=${buenavista.id}`,
      '?limit=60',
    ]) {
      const { lotes: rows } = await list(q);
      expect(
        rows.map((l) => l.id),
        q,
      ).not.toContain(hidden);
    }
    // Hiding removes a lot from cached pages immediately, showing brings it back.
    const before = (await list('?pais=CO')).pagination.total;
    await ctx.app.db.update(lotes).set({ ocultar: true }).where(eq(lotes.id, ids['Geisha Nariño']));
    await lotesChanged(ctx.app.db, [ids['Geisha Nariño']]);
    expect((await list('?pais=CO')).pagination.total).toBe(before - 1);
    await ctx.app.db.update(lotes).set({ ocultar: false }).where(eq(lotes.id, ids['Geisha Nariño']));
    await lotesChanged(ctx.app.db, [ids['Geisha Nariño']]);
    expect((await list('?pais=CO')).pagination.total).toBe(before);
  });
});

describe('sold-out lots (0 bags)', () => {
  it('are hidden unless asked for, then come after every lot with bags, in every order', async () => {
    const agotado = await postLote(ctx, altamira, {
      nombre: 'Agotado Huila',
      pais: 'CO',
      region: 'Huila',
      puntaje: 95,
      precioKg: 5,
      desglosePrecio: null,
      sacosDisponibles: 0,
    });
    try {
      for (const orden of ['relevancia', 'recientes', 'puntaje', 'precio_asc', 'precio_desc']) {
        const hidden = await list(`?orden=${orden}`);
        expect(hidden.lotes.map((l) => l.id)).not.toContain(agotado.id);
        const shown = await list(`?orden=${orden}&agotados=true`);
        expect(shown.pagination.total, orden).toBe(hidden.pagination.total + 1);
        // The best score and the lowest price, yet last.
        expect(shown.lotes.at(-1)!.id, orden).toBe(agotado.id);
      }
      expect((await list('?q=agotado')).lotes).toEqual([]);
      expect((await list('?q=agotado&agotados=true')).lotes.map((l) => l.id)).toEqual([agotado.id]);
      // Its own page still answers, with its 0 bags.
      const detail = await ctx.app.inject({ method: 'GET', url: `/api/lotes/${agotado.id}` });
      expect(json(detail).data.lote.sacosDisponibles).toBe(0);
    } finally {
      await ctx.app.db.delete(lotes).where(eq(lotes.id, agotado.id));
      await lotesChanged(ctx.app.db, [agotado.id]);
    }
  });
});
