import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FINCA_MESSAGES, FincaResponseSchema, FincasResponseSchema } from '../../../contract/fincas';
import { PARCELA_FALTA, PARCELA_MESSAGES } from '../../../contract/parcelas-codes';
import { fincas } from '../../db/schema/abastecimiento';
import { productorPerfiles } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { cuadrado, enHuila, HUILA, puntoHuila } from './test-fixtures';
import { postDocumento } from '../uploads/test-fixtures';

let ctx: TestContext;
let coop: TestUser;
let finca: TestUser;
let otro: TestUser;
let comprador: TestUser;

const poligono = enHuila(0, 3.5);

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
          body({ nombre: 'Finca El Roble', ubicacion: puntoHuila(0) }),
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

  it('refuses a plot by the EUDR rules with a Spanish message per rule, and keeps nothing', async () => {
    const antes = (await ctx.app.db.select().from(fincas).where(eq(fincas.productorId, coop.id))).length;
    const punto12 = await req(
      coop,
      'POST',
      '/api/productor/productores',
      body({ nombre: 'Grande', hectareas: 12, ubicacion: puntoHuila(3) }),
    );
    expect(punto12.statusCode).toBe(400);
    expect(json(punto12).error.fields.ubicacion).toBe(PARCELA_MESSAGES.POLIGONO_REQUERIDO(12));
    const area = await req(
      coop,
      'POST',
      '/api/productor/productores',
      body({ nombre: 'Área', hectareas: 3, ubicacion: cuadrado(HUILA.lon + 0.05, HUILA.lat, 9) }),
    );
    expect(area.statusCode).toBe(400);
    expect(json(area).error.fields.hectareas).toMatch(/^Declaras 3 ha pero el polígono mide 9/);
    const cinco = await req(
      coop,
      'POST',
      '/api/productor/productores',
      body({ nombre: 'Cinco', hectareas: 2, ubicacion: { type: 'Point', coordinates: [-75.87123, 1.80345] } }),
    );
    expect(json(cinco).error.fields.ubicacion).toBe(PARCELA_MESSAGES.DECIMALES(5));
    // Overlap with the organisation's own plot (the first test deleted its farm: make one).
    await req(coop, 'POST', '/api/productor/productores', body({ nombre: 'Base', ubicacion: enHuila(5, 3.5) }));
    const encima = await req(
      coop,
      'POST',
      '/api/productor/productores',
      body({ nombre: 'Encima', ubicacion: enHuila(5, 3.5) }),
    );
    expect(encima.statusCode).toBe(400);
    expect(json(encima).error.fields.ubicacion).toBe(PARCELA_MESSAGES.SOLAPE('Base'));
    const despues = (await ctx.app.db.select().from(fincas).where(eq(fincas.productorId, coop.id))).length;
    expect(despues).toBe(antes + 1);
  });

  it('a plot near its country’s border waits for the producer’s confirmation', async () => {
    const tulcan = { type: 'Point', coordinates: [-77.7212345, 0.8123456] };
    const sin = await req(
      coop,
      'POST',
      '/api/productor/productores',
      body({ nombre: 'Frontera', hectareas: 2, ubicacion: tulcan }),
    );
    expect(sin.statusCode).toBe(409);
    expect(json(sin).error.code).toBe('PARCELA_AVISOS');
    expect(json(sin).error.fields.pais).toBe(PARCELA_MESSAGES.PAIS_DUDOSO('Colombia'));
    const con = await req(
      coop,
      'POST',
      '/api/productor/productores',
      body({ nombre: 'Frontera', hectareas: 2, ubicacion: tulcan, confirmarAvisos: true }),
    );
    expect(con.statusCode).toBe(201);
    const f = FincaResponseSchema.parse(json(con)).data.finca;
    expect(f.eudr).toMatchObject({ valida: true, faltas: [], avisos: [PARCELA_MESSAGES.PAIS_DUDOSO('Colombia')] });
    expect(f.pais).toBe('CO');
    // A farm without geometry is kept, and says what it lacks.
    const sinGeo = FincaResponseSchema.parse(
      json(await req(coop, 'POST', '/api/productor/productores', body({ nombre: 'Sin mapa', ubicacion: null }))),
    ).data.finca;
    expect(sinGeo.eudr).toMatchObject({ valida: false, faltas: [PARCELA_FALTA.SIN_UBICACION] });
  });

  it('plot evidence is private to the producer, the buyers of his orders and the operator', async () => {
    const f = FincaResponseSchema.parse(
      json(
        await req(
          coop,
          'POST',
          '/api/productor/productores',
          body({ nombre: 'Con papeles', ubicacion: enHuila(8, 3.5) }),
        ),
      ),
    ).data.finca;
    const up = await uploadPdf(coop);
    expect(up.statusCode).toBe(201);
    const documento = json(up).data.url as string;
    const create = await req(coop, 'POST', `/api/productor/productores/${f.id}/evidencias`, {
      tipo: 'TITULO',
      descripcion: 'Escritura de la finca',
      documento,
    });
    expect(create.statusCode).toBe(201);
    // Someone else's upload cannot be attached.
    const ajeno = json(await uploadPdf(otro)).data.url as string;
    const robado = await req(coop, 'POST', `/api/productor/productores/${f.id}/evidencias`, {
      tipo: 'TITULO',
      descripcion: 'Ajeno',
      documento: ajeno,
    });
    expect(robado.statusCode).toBe(400);

    const url = `/api/fincas/${f.id}/evidencias`;
    const mine = await req(coop, 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(json(mine).data.evidencias[0]).toMatchObject({ tipo: 'TITULO', nombreArchivo: 'titulo.pdf' });
    expect(json(mine).data.evidencias[0].url).toMatch(/^\/api\/archivos\/u\/.+\.pdf\?exp=\d+&sig=/);
    expect((await req(comprador, 'GET', url)).statusCode).toBe(404);
    expect((await req(otro, 'GET', url)).statusCode).toBe(404);
    expect((await req(null, 'GET', url)).statusCode).toBe(401);
    const operador = await createUser(ctx, 'OPERADOR');
    expect((await req(operador, 'GET', url)).statusCode).toBe(200);
    // A buyer becomes a party by ordering from the producer.
    const lote = await postLote(ctx, coop, { sacosDisponibles: 50, loteMinimoSacos: 1 });
    const pedido = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
      payload: { loteId: lote.id, sacos: 1 },
    });
    expect(pedido.statusCode, pedido.body).toBe(201);
    expect((await req(comprador, 'GET', url)).statusCode).toBe(200);
  });
});

const uploadPdf = (u: TestUser) => postDocumento(ctx, u, 'titulo.pdf');
