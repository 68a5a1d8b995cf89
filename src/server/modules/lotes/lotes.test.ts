import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comisionOf, LoteSchema } from '../../../contract/lotes';
import { lotes } from '../../db/schema/lotes';
import { productorPerfiles } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote, loteBody, uploadPhoto } from './test-fixtures';
import { listPublicLotes, lotesChanged, refreshSearchForProductor } from './service';

let ctx: TestContext;
let productorA: TestUser;
let productorB: TestUser;
let comprador: TestUser;
let productorWithoutPerfil: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  productorA = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Altamira' });
  productorB = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Buenavista' });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productorWithoutPerfil = await createUser(ctx, 'PRODUCTOR');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('POST /api/lotes', () => {
  it('creates a lot whose id, owner, status and timestamps the server decides', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productorA),
      payload: loteBody({
        id: '00000000-0000-4000-8000-000000000000',
        productorId: productorB.id,
        status: 'VERIFICADO',
        createdAt: '2000-01-01T00:00:00.000Z',
        busqueda: 'inyectado',
      }),
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.success).toBe(true);
    expect(body.message).toBe('Lote creado correctamente.');
    const lote = LoteSchema.parse(body.data.lote);
    expect(lote.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(lote.productorId).toBe(productorA.id);
    expect(lote.status).toBe('POR_ENVIAR');
    expect(new Date(lote.createdAt).getFullYear()).toBeGreaterThan(2020);
    expect(lote.codigo).toMatch(/^CO-\d\d-[A-Z0-9]{5}$/);
    expect(lote.perfilProductor).toMatchObject({
      id: productorA.id,
      nombre: 'Finca Altamira',
      pais: 'CO',
      region: 'Huila',
    });
    expect(lote.desglosePrecio).toEqual({ precioFinca: 14.26, costosExportacion: 3.5, comisionPlataforma: 0.74 });
    const [row] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, lote.id));
    expect(row.busqueda).toContain('geisha lavado de altura');
    expect(row.busqueda).toContain('jazmin');
    expect(row.busqueda).toContain('finca altamira');
  });

  it('applies the defaults of the contract', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productorA),
      payload: {
        nombre: 'Caturra natural',
        pais: 'PE',
        region: 'Cajamarca',
        variedades: ['Caturra'],
        proceso: 'NATURAL',
        pesoSacoKg: 69,
        precioKg: 7.2,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.lote).toMatchObject({
      moneda: 'USD',
      incoterm: 'FOB',
      posicion: 'DISPONIBLE',
      sacosDisponibles: 0,
      loteMinimoSacos: 1,
      ocultar: false,
      galeriaLote: [],
      muestra: { disponible: false },
      municipio: null,
    });
  });

  it('refuses a code the producer already uses with 409 and the field named', async () => {
    await postLote(ctx, productorA, { codigo: 'CO-HUI-24-014' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productorA),
      payload: loteBody({ codigo: 'CO-HUI-24-014' }),
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toMatchObject({
      message: 'Error al crear lote',
      fields: { codigo: 'Ya tienes un lote con este código.' },
    });
    // Another producer may use the same code.
    await expect(postLote(ctx, productorB, { codigo: 'CO-HUI-24-014' })).resolves.toMatchObject({
      codigo: 'CO-HUI-24-014',
    });
  });

  it('answers 400 with per-field Spanish messages and the catalogue message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productorA),
      payload: loteBody({
        puntaje: 86.3,
        pesoSacoKg: 50,
        notasCata: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],
        galeriaLote: Array.from({ length: 13 }, (_, i) => ({ url: `/uploads/u/x/${i}.webp` })),
        cosecha: '2024-13',
        proceso: 'TOSTADO',
        pais: 'XX',
        ubicacion: { type: 'Point', coordinates: [200, 10] },
      }),
    });
    expect(res.statusCode).toBe(400);
    const { error } = json(res);
    expect(error.message).toBe('Error al crear lote');
    expect(error.fields).toMatchObject({
      puntaje: 'El puntaje va en pasos de 0,25.',
      pesoSacoKg: 'El peso por saco debe ser 30, 35, 46, 60, 69 o 70 kg.',
      notasCata: 'Indica como máximo 8 notas de cata.',
      galeriaLote: 'La galería admite como máximo 12 imágenes.',
      cosecha: 'La cosecha debe tener el formato AAAA-MM (por ejemplo 2024-11).',
      proceso: 'Elige un proceso de la lista.',
      pais: 'Elige un país de la lista.',
      'ubicacion.coordinates.0': 'La longitud debe estar entre -180 y 180.',
    });
  });

  it('checks the rules between fields', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productorA),
      payload: loteBody({ altitudMin: 2000, altitudMax: 1500, precioKg: 20, posicion: 'FUTURO' }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields).toEqual({
      altitudMin: 'La altitud mínima no puede superar la máxima.',
      precioKg: 'Con este desglose, el precio por kg es 18,50 (finca + exportación + la comisión de Cereza).',
      ventanaEmbarque: 'Indica la ventana de embarque de un lote a futuro.',
    });
  });

  it("computes Cereza's commission from the price: a commission sent by the producer is not theirs to set", async () => {
    const lote = await postLote(ctx, productorA, {
      precioKg: 10.42,
      desglosePrecio: { precioFinca: 8, costosExportacion: 2, comisionPlataforma: 0.408 },
    });
    expect(lote.desglosePrecio).toEqual({ precioFinca: 8, costosExportacion: 2, comisionPlataforma: 0.42 });
    expect(comisionOf(10.42)).toBe(0.42);
    // The producer's own arithmetic (4,08 % "commission") does not make a price: 10,40 is refused.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productorA),
      payload: loteBody({ precioKg: 10.4, desglosePrecio: { precioFinca: 8, costosExportacion: 2 } }),
    });
    expect(json(wrong).error.fields).toEqual({
      precioKg: 'Con este desglose, el precio por kg es 10,42 (finca + exportación + la comisión de Cereza).',
    });
    // A new price updates the commission with it; a price alone against the stored breakdown is refused.
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/lotes/${lote.id}`, headers: bearer(productorA), payload });
    const moved = await put({ precioKg: 12.5, desglosePrecio: { precioFinca: 10, costosExportacion: 2 } });
    expect(json(moved).data.lote.desglosePrecio).toEqual({
      precioFinca: 10,
      costosExportacion: 2,
      comisionPlataforma: 0.5,
    });
    expect((await put({ precioKg: 13 })).statusCode).toBe(400);
    const dropped = await put({ precioKg: 13, desglosePrecio: null });
    expect(json(dropped).data.lote).toMatchObject({ precioKg: 13, desglosePrecio: null });
  });

  it('refuses an unclosed polygon and accepts a closed one', async () => {
    const ring = [
      [-76, 1.8],
      [-76.01, 1.8],
      [-76.01, 1.81],
      [-76, 1.8],
    ];
    const ok = await postLote(ctx, productorA, { ubicacion: { type: 'Polygon', coordinates: [ring] } });
    expect(ok.ubicacion).toEqual({ type: 'Polygon', coordinates: [ring] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productorA),
      payload: loteBody({ ubicacion: { type: 'Polygon', coordinates: [ring.slice(0, 3).concat([[-75, 2]])] } }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields['ubicacion.coordinates.0']).toBe(
      'El polígono debe cerrarse: el último punto repite el primero.',
    );
  });

  it('accepts only our own uploads as image addresses (the CSP would block any other)', async () => {
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/x.png',
      'data:image/png;base64,AAAA',
      'http://x.example/a.png',
      'https://cdn.example/a.png',
      '/uploads/../jwt-secret',
      '/otra/ruta.webp',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/lotes',
        headers: bearer(productorA),
        payload: loteBody({ galeriaLote: [{ url }] }),
      });
      expect(res.statusCode, url).toBe(400);
      expect(json(res).error.fields['galeriaLote.0.url']).toBe(
        'Sube la imagen desde tu equipo: solo se admiten imágenes subidas a Cereza.',
      );
    }
  });

  it('refuses an upload smaller than a cover as the first photo, by the size the server measured', async () => {
    const small = await uploadPhoto(ctx, productorA, 120, 90);
    const large = await uploadPhoto(ctx, productorA, 1200, 800);
    const photo = (img: typeof small, claimed?: { width: number; height: number }) => ({
      url: img.urls.lg,
      thumb: img.urls.sm,
      ...(claimed ?? { width: img.width, height: img.height }),
    });
    const message =
      'La portada debe medir al menos 1000 × 500 píxeles y esta mide 120 × 90. Elige una foto más grande.';
    const post = (galeriaLote: unknown[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/lotes',
        headers: bearer(productorA),
        payload: loteBody({ galeriaLote }),
      });
    const refused = await post([photo(small), photo(large)]);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error.fields).toEqual({ galeriaLote: message });
    // Claiming a larger size does not help: the server reads its own record of the upload.
    const lying = await post([photo(small, { width: 4000, height: 3000 }), photo(large)]);
    expect(json(lying).error.fields).toEqual({ galeriaLote: message });
    // Behind a large cover, a small photo is fine; moving it first is refused.
    const ok = await post([photo(large), photo(small)]);
    expect(ok.statusCode).toBe(201);
    const lote = json(ok).data.lote;
    const swap = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { galeriaLote: [photo(small, { width: 4000, height: 3000 }), photo(large)] },
    });
    expect(swap.statusCode).toBe(400);
    expect(json(swap).error).toMatchObject({ message: 'Error al actualizar lote', fields: { galeriaLote: message } });
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    for (const payload of ['[]', '"texto"', '42', 'null']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/lotes',
        headers: { ...bearer(productorA), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('who may call what (ownership matrix)', () => {
  let loteA: { id: string };
  let hiddenA: { id: string };
  beforeAll(async () => {
    loteA = await postLote(ctx, productorA, { nombre: 'Lote de la matriz' });
    hiddenA = await postLote(ctx, productorA, { nombre: 'Lote oculto de la matriz', ocultar: true });
  });

  const callers = () =>
    ({
      anonimo: {},
      comprador: bearer(comprador),
      productorWithoutPerfil: bearer(productorWithoutPerfil),
      productorA: bearer(productorA),
      productorB: bearer(productorB),
    }) as Record<string, Record<string, string>>;

  it('GET /api/lotes/:id: a visible lot for everyone, a hidden one only for its owner', async () => {
    const expected = {
      anonimo: [200, 404],
      comprador: [200, 404],
      productorWithoutPerfil: [200, 404],
      productorA: [200, 200],
      productorB: [200, 404],
    } as Record<string, number[]>;
    for (const [who, headers] of Object.entries(callers())) {
      const visible = await get(`/api/lotes/${loteA.id}`, headers);
      const hidden = await get(`/api/lotes/${hiddenA.id}`, headers);
      expect([visible.statusCode, hidden.statusCode], who).toEqual(expected[who]);
      // The answer is the contract's lot: internal columns (the search text) are never in it.
      expect(Object.keys(json(visible).data.lote).sort(), who).toEqual(Object.keys(LoteSchema.shape).sort());
    }
  });

  it('GET /api/lotes: public for everyone, and a hidden lot is never listed, not even for its owner', async () => {
    for (const [who, headers] of Object.entries(callers())) {
      const res = await get('/api/lotes?limit=60', headers);
      expect(res.statusCode, who).toBe(200);
      const listed = json(res).data.lotes.map((l: { id: string }) => l.id);
      expect(listed, who).toContain(loteA.id);
      expect(listed, who).not.toContain(hiddenA.id);
    }
  });

  it('GET /api/productor/lotes: 401 without token, 403 for buyers and producers without profile', async () => {
    const expected = {
      anonimo: 401,
      comprador: 403,
      productorWithoutPerfil: 403,
      productorA: 200,
      productorB: 200,
    } as Record<string, number>;
    for (const [who, headers] of Object.entries(callers())) {
      const res = await get('/api/productor/lotes', headers);
      expect(res.statusCode, who).toBe(expected[who]);
    }
    const res = await get('/api/productor/lotes');
    expect(json(res).error.message).toBe('Token de autorización requerido');
    // Each producer sees only their own lots, hidden ones included.
    const a = json(await get('/api/productor/lotes?limit=100', bearer(productorA))).data.lotes as Array<{
      productorId: string;
      id: string;
    }>;
    expect(a.every((l) => l.productorId === productorA.id)).toBe(true);
    expect(a.map((l) => l.id)).toContain(hiddenA.id);
    const b = json(await get('/api/productor/lotes?limit=100', bearer(productorB))).data.lotes as Array<{ id: string }>;
    expect(b.map((l) => l.id)).not.toContain(loteA.id);
  });

  it('POST /api/lotes: only a producer with a profile', async () => {
    const expected = {
      anonimo: 401,
      comprador: 403,
      productorWithoutPerfil: 403,
      productorA: 201,
      productorB: 201,
    } as Record<string, number>;
    for (const [who, headers] of Object.entries(callers())) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/lotes', headers, payload: loteBody() });
      expect(res.statusCode, who).toBe(expected[who]);
    }
  });

  it('PUT /api/lotes/:id: only the owner; others leave the lot untouched', async () => {
    const expected = { anonimo: 401, comprador: 403, productorWithoutPerfil: 403, productorB: 404 } as Record<
      string,
      number
    >;
    for (const [who, headers] of Object.entries(callers())) {
      if (who === 'productorA') continue;
      for (const target of [loteA, hiddenA]) {
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/api/lotes/${target.id}`,
          headers,
          payload: { precioKg: 1, desglosePrecio: null, nombre: 'Robado' },
        });
        expect(res.statusCode, who).toBe(expected[who]);
      }
    }
    const [row] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, loteA.id));
    expect(row.nombre).toBe('Lote de la matriz');
    expect(Number(row.precioKg)).toBe(18.5);
    const own = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${loteA.id}`,
      headers: bearer(productorA),
      payload: { nombre: 'Lote de la matriz (editado)' },
    });
    expect(own.statusCode).toBe(200);
    expect(json(own)).toMatchObject({
      success: true,
      message: 'Lote actualizado correctamente.',
      data: { lote: { nombre: 'Lote de la matriz (editado)' } },
    });
  });

  it('DELETE /api/lotes/:id: only the owner; others leave the lot in place', async () => {
    const expected = { anonimo: 401, comprador: 403, productorWithoutPerfil: 403, productorB: 404 } as Record<
      string,
      number
    >;
    const victim = await postLote(ctx, productorA, { nombre: 'Lote a borrar' });
    for (const [who, headers] of Object.entries(callers())) {
      if (who === 'productorA') continue;
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/lotes/${victim.id}`, headers });
      expect(res.statusCode, who).toBe(expected[who]);
    }
    expect(await ctx.app.db.select().from(lotes).where(eq(lotes.id, victim.id))).toHaveLength(1);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/lotes/${victim.id}`, headers: bearer(productorA) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: 'Lote eliminado correctamente.' });
    expect(await ctx.app.db.select().from(lotes).where(eq(lotes.id, victim.id))).toHaveLength(0);
    expect((await get(`/api/lotes/${victim.id}`)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/lotes/${victim.id}`, headers: bearer(productorA) }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for a malformed id', async () => {
    expect((await get('/api/lotes/no-es-un-id')).statusCode).toBe(404);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/lotes/no-es-un-id',
      headers: bearer(productorA),
      payload: { ocultar: true },
    });
    expect(res.statusCode).toBe(404);
  });

  it('shows the lab reason only to the owner', async () => {
    await ctx.app.db
      .update(lotes)
      .set({ status: 'RECHAZADO', motivoRechazo: 'Defectos primarios.' })
      .where(eq(lotes.id, loteA.id));
    await lotesChanged(ctx.app.db, [loteA.id]);
    expect(json(await get(`/api/lotes/${loteA.id}`)).data.lote.motivoRechazo).toBeNull();
    expect(json(await get(`/api/lotes/${loteA.id}`, bearer(productorB))).data.lote.motivoRechazo).toBeNull();
    expect(json(await get(`/api/lotes/${loteA.id}`, bearer(productorA))).data.lote.motivoRechazo).toBe(
      'Defectos primarios.',
    );
  });
});

describe('PUT /api/lotes/:id', () => {
  it('hides and shows a lot with { ocultar } and leaves every other field as it was', async () => {
    const lote = await postLote(ctx, productorA, {
      nombre: 'Bourbon rosado escondido',
      variedades: ['Bourbon Rosado'],
    });
    const before = json(await get(`/api/lotes/${lote.id}`)).data.lote;
    const hide = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { ocultar: true },
    });
    expect(hide.statusCode).toBe(200);
    expect(json(hide).message).toBe('El lote ya no es visible en el catálogo.');
    const after = json(hide).data.lote;
    expect({ ...after, ocultar: false, updatedAt: before.updatedAt }).toEqual({ ...before, motivoRechazo: null });
    expect((await get(`/api/lotes/${lote.id}`)).statusCode).toBe(404);
    const search = json(await get('/api/lotes?q=bourbon%20rosado%20escondido')).data;
    expect(search.pagination.total).toBe(0);
    const show = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { ocultar: false },
    });
    expect(json(show).message).toBe('El lote vuelve a ser visible en el catálogo.');
    expect(json(await get('/api/lotes?q=bourbon%20rosado%20escondido')).data.pagination.total).toBe(1);
  });

  it('checks the rules between fields against the stored lot', async () => {
    const lote = await postLote(ctx, productorA);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { precioKg: 25 },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatchObject({
      message: 'Error al actualizar lote',
      fields: {
        precioKg: 'Con este desglose, el precio por kg es 18,50 (finca + exportación + la comisión de Cereza).',
      },
    });
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { precioKg: 25, desglosePrecio: { precioFinca: 20, costosExportacion: 4 } },
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.lote.precioKg).toBe(25);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { altitudMin: 5000 },
    });
    expect(json(bad).error.fields).toEqual({ altitudMin: 'La altitud mínima no puede superar la máxima.' });
    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { puntaje: 101 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).error).toMatchObject({
      message: 'Error al actualizar lote',
      fields: { puntaje: 'El puntaje debe ser como máximo 100.' },
    });
  });

  it('ignores fields the caller may not set', async () => {
    const lote = await postLote(ctx, productorA);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { status: 'VERIFICADO', productorId: productorB.id, id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.lote).toMatchObject({ id: lote.id, status: 'POR_ENVIAR', productorId: productorA.id });
  });

  it('keeps the search text in step with the edit', async () => {
    const lote = await postLote(ctx, productorA, { nombre: 'Pacamara experimental', variedades: ['Pacamara'] });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productorA),
      payload: { notasCata: ['maracuyá'] },
    });
    const found = json(await get('/api/lotes?q=maracuya')).data.lotes.map((l: { id: string }) => l.id);
    expect(found).toContain(lote.id);
  });
});

describe('public answers: cache and validators', () => {
  it('answers 304 to a matching If-None-Match and a new ETag after any lot write', async () => {
    const first = await get('/api/lotes?limit=5');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/api/lotes?limit=5', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const created = await postLote(ctx, productorB, { nombre: 'Recién llegado' });
    const after = await get('/api/lotes?limit=5&orden=recientes', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(json(after).data.lotes[0].id).toBe(created.id);
    const detail = await get(`/api/lotes/${created.id}`);
    expect((await get(`/api/lotes/${created.id}`, { 'if-none-match': detail.headers.etag as string })).statusCode).toBe(
      304,
    );
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${created.id}`,
      headers: bearer(productorB),
      payload: { nombre: 'Recién llegado y editado' },
    });
    const changed = await get(`/api/lotes/${created.id}`, { 'if-none-match': detail.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(json(changed).data.lote.nombre).toBe('Recién llegado y editado');
  });

  it('refreshSearchForProductor makes a renamed producer findable by the new name', async () => {
    const lote = await postLote(ctx, productorB, { nombre: 'Sidra honey' });
    await ctx.app.db
      .update(productorPerfiles)
      .set({ nombre: 'Cooperativa Montaña Azul' })
      .where(eq(productorPerfiles.userId, productorB.id));
    expect(json(await get('/api/lotes?q=montana%20azul')).data.pagination.total).toBe(0);
    const n = await refreshSearchForProductor(ctx.app.db, productorB.id);
    expect(n).toBeGreaterThan(0);
    const found = json(await get('/api/lotes?q=montana%20azul')).data;
    expect(found.lotes.map((l: { id: string }) => l.id)).toContain(lote.id);
    expect(found.lotes[0].perfilProductor.nombre).toBe('Cooperativa Montaña Azul');
  });

  it('listPublicLotes serves other modules: a producer filter and verified lots only', async () => {
    const verificado = await postLote(ctx, productorB, { nombre: 'Verificado del laboratorio' });
    await ctx.app.db.update(lotes).set({ status: 'VERIFICADO' }).where(eq(lotes.id, verificado.id));
    await lotesChanged(ctx.app.db, [verificado.id]);
    const page = await listPublicLotes(ctx.app, { status: ['VERIFICADO'], productor: productorB.id, limit: 6 });
    expect(page.lotes.map((l) => l.id)).toEqual([verificado.id]);
    const all = await listPublicLotes(ctx.app, { productor: productorB.id });
    expect(all.lotes.every((l) => l.productorId === productorB.id && !l.ocultar)).toBe(true);
    expect(all.lotes[0].id).toBe(verificado.id);
  });
});
