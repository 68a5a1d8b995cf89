import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ClienteResponseSchema, ClientesResponseSchema } from '../../../contract/facturas';
import { catas, muestras } from '../../db/schema/muestras';
import { compradorPerfiles } from '../../db/schema/users';
import { bearer, createTestApp, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { emitirFacturasDeEnvio } from './emision';
import { INFO, datosEnvio, userConInfo } from './test-fixtures';

let ctx: TestContext;
let productor: TestUser;
let otroProductor: TestUser;
let tostador: TestUser;
let importador: TestUser;
let soloMuestra: TestUser;
const now = new Date('2026-03-02T09:00:00Z');

const get = (user: TestUser | null, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

async function muestra(loteId: string, comprador: TestUser, createdAt: Date, puntaje?: number) {
  const [m] = await ctx.app.db
    .insert(muestras)
    .values({
      loteId,
      compradorId: comprador.id,
      productorId: productor.id,
      gramos: 300,
      direccionEnvio: {
        nombre: 'X',
        linea1: 'Calle 1',
        ciudad: 'Madrid',
        codigoPostal: '28001',
        pais: 'ES',
        telefono: '600000000',
      } as never,
      estado: puntaje === undefined ? 'SOLICITADA' : 'CATADA',
      createdAt,
    })
    .returning();
  if (puntaje !== undefined) {
    await ctx.app.db
      .insert(catas)
      .values({ muestraId: m.id, loteId, catadorId: comprador.id, hoja: {} as never, puntajeTotal: puntaje });
  }
  return m;
}

beforeAll(async () => {
  ctx = await createTestApp();
  productor = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  otroProductor = await userConInfo(ctx, 'PRODUCTOR', INFO.ES_PRODUCTOR);
  tostador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  importador = await userConInfo(ctx, 'COMPRADOR', INFO.DE_COMPRADOR);
  await ctx.app.db
    .update(compradorPerfiles)
    .set({ empresa: 'Röstwerk Hamburg', pais: 'DE', tipoComprador: 'IMPORTADOR' })
    .where(eq(compradorPerfiles.userId, importador.id));
  soloMuestra = await userConInfo(ctx, 'COMPRADOR', INFO.US_COMPRADOR);
  await ctx.app.db
    .update(compradorPerfiles)
    .set({ empresa: 'Café Mañana' })
    .where(eq(compradorPerfiles.userId, soloMuestra.id));
  const loteId = (await postLote(ctx, productor)).id;
  await muestra(loteId, tostador, new Date('2026-01-10T10:00:00Z'), 86.5);
  await muestra(loteId, tostador, new Date('2026-02-01T10:00:00Z'), 84);
  await muestra(loteId, soloMuestra, new Date('2026-02-20T10:00:00Z'));
  // 690 kg × 7,15 = 4933,50 twice to the roaster; 345 kg × 8 = 2760 to the importer
  for (const c of [tostador, tostador])
    await ctx.app.db.transaction((tx) => emitirFacturasDeEnvio(tx, datosEnvio(productor.id, c.id, now)));
  await ctx.app.db.transaction((tx) =>
    emitirFacturasDeEnvio(
      tx,
      datosEnvio(productor.id, importador.id, new Date('2026-01-05T09:00:00Z'), {
        lineas: [{ descripcion: 'Lote', referencia: null, gramos: 345_000, centavosKg: 800 }],
      }),
    ),
  );
  // Another producer's client is not his.
  await ctx.app.db.transaction((tx) => emitirFacturasDeEnvio(tx, datosEnvio(otroProductor.id, soloMuestra.id, now)));
});
afterAll(() => ctx.close());

describe('GET /api/productor/clientes', () => {
  it('lists each buyer who asked for a sample or was invoiced, with his figures', async () => {
    const r = ClientesResponseSchema.parse(json(await get(productor, '/api/productor/clientes?orden=empresa&dir=asc')));
    expect(r.data.clientes.map((c) => c.empresa)).toEqual(['Café Mañana', 'Röstwerk Hamburg', 'Tostadores del Sur']);
    const t = r.data.clientes.find((c) => c.compradorId === tostador.id)!;
    expect(t).toMatchObject({
      primerContacto: '2026-01-10T10:00:00.000Z',
      muestras: 2,
      catas: 2,
      puntajeMedio: 85.25,
      pedidos: 2,
      gramos: 1_380_000,
      valor: [{ moneda: 'EUR', centavos: 986_700 }],
      ultimaCompra: '2026-03-02',
    });
    const i = r.data.clientes.find((c) => c.compradorId === importador.id)!;
    expect(i).toMatchObject({
      pais: 'DE',
      tipoComprador: 'IMPORTADOR',
      muestras: 0,
      pedidos: 1,
      primerContacto: '2026-01-05T00:00:00.000Z',
    });
    const s = r.data.clientes.find((c) => c.compradorId === soloMuestra.id)!;
    expect(s).toMatchObject({ muestras: 1, catas: 0, puntajeMedio: null, pedidos: 0, ultimaCompra: null });
  });

  it('sorts and searches', async () => {
    const porKg = ClientesResponseSchema.parse(json(await get(productor, '/api/productor/clientes?orden=kg&dir=desc')));
    expect(porKg.data.clientes.map((c) => c.compradorId)).toEqual([tostador.id, importador.id, soloMuestra.id]);
    const search = ClientesResponseSchema.parse(json(await get(productor, '/api/productor/clientes?q=hamburg')));
    expect(search.data.clientes.map((c) => c.compradorId)).toEqual([importador.id]);
    const porPais = ClientesResponseSchema.parse(json(await get(productor, '/api/productor/clientes?q=alemania')));
    expect(porPais.data.clientes.map((c) => c.compradorId)).toEqual([importador.id]);
    const acentos = ClientesResponseSchema.parse(json(await get(productor, '/api/productor/clientes?q=manana')));
    expect(acentos.data.clientes.map((c) => c.compradorId)).toEqual([soloMuestra.id]);
    expect((await get(productor, '/api/productor/clientes?orden=otro')).statusCode).toBe(400);
  });

  it('a client’s page: his samples and orders with this producer, newest first', async () => {
    const r = ClienteResponseSchema.parse(json(await get(productor, `/api/productor/clientes/${tostador.id}`)));
    expect(r.data.historial.map((h) => h.tipo)).toEqual(['pedido', 'pedido', 'muestra', 'muestra']);
    expect(r.data.historial[2]).toMatchObject({ puntaje: 84, loteId: expect.any(String) });
    expect(r.data.facturas).toHaveLength(2);
  });

  it('only producers; another producer’s client or a stranger is 404', async () => {
    expect((await get(tostador, '/api/productor/clientes')).statusCode).toBe(403);
    expect((await get(null, '/api/productor/clientes')).statusCode).toBe(401);
    const o = ClientesResponseSchema.parse(json(await get(otroProductor, '/api/productor/clientes')));
    expect(o.data.clientes.map((c) => c.compradorId)).toEqual([soloMuestra.id]);
    expect((await get(otroProductor, `/api/productor/clientes/${tostador.id}`)).statusCode).toBe(404);
    expect((await get(productor, '/api/productor/clientes/no-es-id')).statusCode).toBe(404);
  });
});
