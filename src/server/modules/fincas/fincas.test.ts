import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FINCA_MESSAGES, FincaResponseSchema, FincasResponseSchema } from '../../../contract/fincas';
import { productorPerfiles } from '../../db/schema';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';

let ctx: TestContext;
let coop: TestUser;
let finca: TestUser;
let otro: TestUser;
let comprador: TestUser;

const poligono = {
  type: 'Polygon',
  coordinates: [
    [
      [-76.06, 1.84],
      [-76.05, 1.84],
      [-76.05, 1.85],
      [-76.06, 1.84],
    ],
  ],
};

beforeAll(async () => {
  ctx = await createTestApp();
  coop = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Coop' });
  await ctx.app.db
    .update(productorPerfiles)
    .set({ tipoProductor: 'COOPERATIVA' })
    .where(eq(productorPerfiles.userId, coop.id));
  finca = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'El Mirador' });
  otro = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
});
afterAll(() => ctx.close());

const req = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

const body = (over: Record<string, unknown> = {}) => ({
  nombre: 'Finca La Cumbre',
  productorNombre: 'Rosa Muñoz',
  region: 'Huila',
  municipio: 'Acevedo',
  altitud: 1850,
  hectareas: 3.5,
  variedades: ['Caturra', 'Castillo'],
  certificaciones: ['ORGANICO'],
  ubicacion: poligono,
  ...over,
});

describe('member farms', () => {
  it('a cooperative adds, edits and deletes its farms; only it can write them', async () => {
    const created = await req(coop, 'POST', '/api/productor/productores', body());
    expect(created.statusCode).toBe(201);
    const f = FincaResponseSchema.parse(json(created)).data.finca;
    expect(f).toMatchObject({ nombre: 'Finca La Cumbre', hectareas: 3.5, propia: false });
    expect(f.ubicacion?.type).toBe('Polygon');

    const put = await req(coop, 'PUT', `/api/productor/productores/${f.id}`, body({ altitud: 1900 }));
    expect(put.statusCode).toBe(200);
    expect(json(put).data.finca.altitud).toBe(1900);

    // Another producer: the farm does not exist for him.
    expect((await req(otro, 'PUT', `/api/productor/productores/${f.id}`, body())).statusCode).toBe(404);
    expect((await req(otro, 'DELETE', `/api/productor/productores/${f.id}`)).statusCode).toBe(404);
    expect((await req(comprador, 'GET', '/api/productor/productores')).statusCode).toBe(403);
    expect((await req(null, 'GET', '/api/productor/productores')).statusCode).toBe(401);
    const list = FincasResponseSchema.parse(json(await req(coop, 'GET', '/api/productor/productores'))).data;
    expect(list.fincas.map((x) => x.altitud)).toEqual([1900]);
    expect(FincasResponseSchema.parse(json(await req(otro, 'GET', '/api/productor/productores'))).data.fincas).toEqual(
      [],
    );

    expect((await req(coop, 'DELETE', `/api/productor/productores/${f.id}`)).statusCode).toBe(200);
    expect((await req(coop, 'DELETE', `/api/productor/productores/${f.id}`)).statusCode).toBe(404);
  });

  it('refuses invalid farms with Spanish messages per field', async () => {
    const res = await req(
      coop,
      'POST',
      '/api/productor/productores',
      body({ nombre: '', altitud: 9000, ubicacion: { type: 'Line' } }),
    );
    expect(res.statusCode).toBe(400);
    const fields = json(res).error.fields;
    expect(fields.nombre).toMatch(/nombre/);
    expect(fields.altitud).toBe('La altitud debe ser como máximo 6000.');
    expect(Object.keys(fields).some((k) => k.startsWith('ubicacion'))).toBe(true);
  });

  it('a single farm has itself, created from its profile, and no other', async () => {
    const res = await req(finca, 'POST', '/api/productor/productores/propia');
    expect(res.statusCode).toBe(201);
    expect(json(res).data.finca).toMatchObject({ nombre: 'Finca El Mirador', region: 'Huila', propia: true });
    const again = await req(finca, 'POST', '/api/productor/productores/propia');
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(FINCA_MESSAGES.PROPIA_YA_EXISTE);
    const another = await req(finca, 'POST', '/api/productor/productores', body());
    expect(another.statusCode).toBe(409);
    expect(json(another).error.message).toBe(FINCA_MESSAGES.FINCA_UNICA);
    // A cooperative is not a single farm.
    expect((await req(coop, 'POST', '/api/productor/productores/propia')).statusCode).toBe(409);
  });

  it('a lot says which of its owner’s farms it comes from; the lot page and the profile show them', async () => {
    const a = FincaResponseSchema.parse(json(await req(coop, 'POST', '/api/productor/productores', body()))).data.finca;
    const b = FincaResponseSchema.parse(
      json(
        await req(
          coop,
          'POST',
          '/api/productor/productores',
          body({ nombre: 'Finca El Roble', ubicacion: { type: 'Point', coordinates: [-76.1, 1.9] } }),
        ),
      ),
    ).data.finca;
    const ajena = FincaResponseSchema.parse(json(await req(otro, 'POST', '/api/productor/productores/propia'))).data
      .finca;
    const lote = await postLote(ctx, coop);

    const put = await req(coop, 'PUT', `/api/lotes/${lote.id}/fincas`, { fincaIds: [a.id, b.id] });
    expect(put.statusCode).toBe(200);
    // Another's farm in the list, or another's lot: refused and nothing changes.
    const mixed = await req(coop, 'PUT', `/api/lotes/${lote.id}/fincas`, { fincaIds: [a.id, ajena.id] });
    expect(mixed.statusCode).toBe(400);
    expect(json(mixed).error.fields.fincaIds).toBe(FINCA_MESSAGES.AJENA);
    expect((await req(otro, 'PUT', `/api/lotes/${lote.id}/fincas`, { fincaIds: [ajena.id] })).statusCode).toBe(404);

    const publico = FincasResponseSchema.parse(json(await req(null, 'GET', `/api/lotes/${lote.id}/fincas`))).data;
    expect(publico.fincas.map((f) => f.nombre)).toEqual(['Finca El Roble', 'Finca La Cumbre']);
    expect(publico.fincas[1].ubicacion).toEqual(poligono);
    const perfil = FincasResponseSchema.parse(json(await req(null, 'GET', `/api/productores/${coop.id}/fincas`))).data;
    expect(perfil.fincas).toHaveLength(2);

    // A hidden lot's farms are the owner's only.
    await req(coop, 'PUT', `/api/lotes/${lote.id}`, { ocultar: true });
    expect((await req(null, 'GET', `/api/lotes/${lote.id}/fincas`)).statusCode).toBe(404);
    expect((await req(coop, 'GET', `/api/lotes/${lote.id}/fincas`)).statusCode).toBe(200);
  });
});
