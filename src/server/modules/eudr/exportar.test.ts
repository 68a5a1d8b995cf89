import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DDS_MESSAGES, HS_CAFE_VERDE } from '../../../contract/eudr';
import { FincaResponseSchema } from '../../../contract/fincas';
import { notificaciones } from '../../db/schema/notificaciones';
import { productorPerfiles } from '../../db/schema/users';
import { pdfText } from '../../test/pdf-text';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { INFO, userConInfo } from '../facturas/test-fixtures';
import { enHuila, puntoHuila } from '../fincas/test-fixtures';
import { postLote } from '../lotes/test-fixtures';
import { HONESTIDAD } from './exportar';
import { postDocumento } from '../uploads/test-fixtures';

let ctx: TestContext;
let coop: TestUser;
let comprador: TestUser;
let extrano: TestUser;
let loteId: string;
let pedidoId: string;
let fincaIds: string[] = [];
const nombres = ['Alto de la Cruz', 'El Diviso', 'La Palma'];

beforeAll(async () => {
  ctx = await createTestApp();
  coop = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  await ctx.app.db
    .update(productorPerfiles)
    .set({ tipoProductor: 'COOPERATIVA' })
    .where(eq(productorPerfiles.userId, coop.id));
  comprador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  extrano = await createUser(ctx, 'COMPRADOR', { perfil: true });
  const ids: string[] = [];
  for (const [i, nombre] of nombres.entries()) {
    const res = await req(coop, 'POST', '/api/productor/productores', {
      nombre,
      productorNombre: `Socio ${i + 1}`,
      region: 'Huila',
      hectareas: i === 2 ? 2.5 : 3,
      ubicacion: i === 2 ? puntoHuila(9) : enHuila(70 + i, 3),
      variedades: [],
      certificaciones: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(FincaResponseSchema.parse(json(res)).data.finca.id);
  }
  loteId = (
    await postLote(ctx, coop, {
      nombre: 'Huila Pink Bourbon',
      sacosDisponibles: 40,
      loteMinimoSacos: 1,
      cosechaInicio: '2025-10-01',
      cosechaFin: '2026-01-15',
    })
  ).id;
  await req(coop, 'PUT', `/api/lotes/${loteId}/fincas`, { fincaIds: ids });
  fincaIds = ids;
  const up = await uploadPdf(coop);
  await req(coop, 'POST', `/api/productor/productores/${ids[0]}/evidencias`, {
    tipo: 'ANALISIS_DEFORESTACION',
    descripcion: 'Análisis de cobertura arbórea 2020-2025',
    documento: json(up).data.url,
  });
  const pedido = await ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { loteId, sacos: 2 },
  });
  expect(pedido.statusCode, pedido.body).toBe(201);
  pedidoId = json(pedido).data.pedido.id;
});
afterAll(() => ctx.close());

function req(user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
}

const uploadPdf = (u: TestUser) => postDocumento(ctx, u, 'analisis.pdf');

/** RFC 7946 as far as the Information System needs it: a FeatureCollection of Features with valid geometries. */
function esRfc7946(doc: unknown) {
  const fc = doc as {
    type: string;
    features: Array<{ type: string; properties: object; geometry: { type: string; coordinates: unknown } }>;
  };
  expect(fc.type).toBe('FeatureCollection');
  for (const f of fc.features) {
    expect(f.type).toBe('Feature');
    expect(typeof f.properties).toBe('object');
    expect(['Point', 'Polygon', 'MultiPolygon']).toContain(f.geometry.type);
    const posiciones = (
      f.geometry.type === 'Point' ? [f.geometry.coordinates] : (f.geometry.coordinates as number[][][]).flat()
    ) as number[][];
    for (const [lon, lat] of posiciones) {
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    }
    if (f.geometry.type === 'Polygon') {
      for (const ring of f.geometry.coordinates as number[][][]) expect(ring[0]).toEqual(ring[ring.length - 1]);
    }
  }
  return fc;
}

describe('export for the due-diligence statement (issue 30, decision 059)', () => {
  it('the lot GeoJSON parses as RFC 7946, holds every plot with six decimals and the Information System property names', async () => {
    const res = await req(null, 'GET', `/api/lotes/${loteId}/eudr.geojson`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    const fc = esRfc7946(JSON.parse(res.body));
    expect(fc.features.map((f) => (f.properties as { ProductionPlace: string }).ProductionPlace)).toEqual(nombres);
    expect(fc.features[0].properties).toEqual({
      ProducerName: 'Socio 1',
      ProducerCountry: 'CO',
      ProductionPlace: 'Alto de la Cruz',
    });
    // A point carries its area; a polygon's is computed by the Information System.
    expect(fc.features[2].properties).toMatchObject({ Area: 2.5 });
    // Every coordinate is written with at least six decimals.
    const numeros = res.body.match(/-?\d+\.\d+(?=[,\]])/g) ?? [];
    expect(numeros.length).toBeGreaterThan(20);
    for (const n of numeros) expect(n.split('.')[1].length).toBeGreaterThanOrEqual(6);
  });

  it('the order GeoJSON and the pack are for the order’s two parties: a stranger gets 404', async () => {
    const geo = await req(comprador, 'GET', `/api/pedidos/${pedidoId}/eudr.geojson`);
    expect(geo.statusCode).toBe(200);
    expect(esRfc7946(JSON.parse(geo.body)).features).toHaveLength(3);
    for (const url of [`/api/pedidos/${pedidoId}/eudr.geojson`, `/api/pedidos/${pedidoId}/diligencia.pdf`]) {
      expect((await req(extrano, 'GET', url)).statusCode).toBe(404);
      expect((await req(null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await req(coop, 'GET', `/api/pedidos/${pedidoId}/diligencia.pdf`)).statusCode).toBe(200);
  });

  it('the pack’s PDF text lists the product, mass, country, period, every plot, the supplier, the evidence, the risk class and the honesty statement', async () => {
    const res = await req(comprador, 'GET', `/api/pedidos/${pedidoId}/diligencia.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const texto = (await pdfText(res.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(texto).toContain(`SA ${HS_CAFE_VERDE}`);
    expect(texto).toMatch(/Masa neta \d[\d.]*(,\d+)? kg/);
    expect(texto).toContain('País de producción Colombia');
    expect(texto).toContain('1/10/2025 – 15/1/2026');
    for (const n of nombres) expect(texto).toContain(n);
    expect(texto).toContain(INFO.CO_PRODUCTOR.razonSocial);
    expect(texto).toContain('Análisis de cobertura arbórea 2020-2025');
    expect(texto).toContain('Riesgo estándar');
    expect(texto).toContain(HONESTIDAD.slice(0, 60));
  });

  it('the buyer records his statement’s numbers, format-checked, once; the producer is told', async () => {
    const url = `/api/pedidos/${pedidoId}/dds`;
    const body = { referencia: '25ES XK3Z9AB123', verificacion: 'k7r8lsma' };
    // Not before the order is confirmed.
    expect(json(await req(comprador, 'PUT', url, body)).error.message).toBe(DDS_MESSAGES.ESTADO);
    const conf = await req(coop, 'POST', `/api/pedidos/${pedidoId}/acciones`, {
      accion: 'CONFIRMAR',
      desde: 'RESERVADO',
    });
    expect(conf.statusCode, conf.body).toBe(200);
    const mal = await req(comprador, 'PUT', url, { referencia: 'ABC', verificacion: '123' });
    expect(mal.statusCode).toBe(400);
    expect(json(mal).error.fields).toEqual({
      referencia: DDS_MESSAGES.REFERENCIA,
      verificacion: DDS_MESSAGES.VERIFICACION,
    });
    expect((await req(extrano, 'PUT', url, body)).statusCode).toBe(404);
    // The producer under FOB is not the one who places the coffee on the EU market.
    expect((await req(coop, 'PUT', url, body)).statusCode).toBe(403);
    const [a, b] = await Promise.all([req(comprador, 'PUT', url, body), req(comprador, 'PUT', url, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    expect(json(ok).data.dds).toMatchObject({ referencia: '25ESXK3Z9AB123', verificacion: 'K7R8LSMA' });
    const avisos = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, coop.id), eq(notificaciones.tipo, 'PEDIDO_DDS_REGISTRADA')));
    expect(avisos).toHaveLength(1);
    expect(avisos[0].texto).toContain('25ESXK3Z9AB123');
    const pack = (await pdfText((await req(coop, 'GET', `/api/pedidos/${pedidoId}/diligencia.pdf`)).rawPayload)).join(
      ' ',
    );
    expect(pack).toContain('Referencia 25ESXK3Z9AB123');
  });

  it('the order keeps the plots it was bought with: a plot edited, moved and unlinked later changes the lot’s export, not the order’s (decision 068)', async () => {
    const antes = (await req(comprador, 'GET', `/api/pedidos/${pedidoId}/eudr.geojson`)).body;
    const packAntes = (
      await pdfText((await req(comprador, 'GET', `/api/pedidos/${pedidoId}/diligencia.pdf`)).rawPayload)
    ).join(' ');
    expect(packAntes).toContain('tal como estaban al reservar el pedido');

    // The producer renames and redraws the first plot, and takes the third off the lot.
    const edit = await req(coop, 'PUT', `/api/productor/productores/${fincaIds[0]}`, {
      nombre: 'Alto de la Cruz (ampliada)',
      productorNombre: 'Socio 1',
      region: 'Huila',
      hectareas: 4,
      ubicacion: enHuila(80, 4),
      variedades: [],
      certificaciones: [],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const desvincular = await req(coop, 'PUT', `/api/lotes/${loteId}/fincas`, { fincaIds: fincaIds.slice(0, 2) });
    expect(desvincular.statusCode, desvincular.body).toBe(200);

    const lote = JSON.parse((await req(null, 'GET', `/api/lotes/${loteId}/eudr.geojson`)).body);
    expect(lote.features.map((f: { properties: { ProductionPlace: string } }) => f.properties.ProductionPlace)).toEqual(
      ['Alto de la Cruz (ampliada)', 'El Diviso'],
    );
    // The order's file is the same, byte for byte, and its pack still lists the plots as they were.
    expect((await req(comprador, 'GET', `/api/pedidos/${pedidoId}/eudr.geojson`)).body).toBe(antes);
    expect((await req(coop, 'GET', `/api/pedidos/${pedidoId}/eudr.geojson`)).body).toBe(antes);
    const pack = (await pdfText((await req(comprador, 'GET', `/api/pedidos/${pedidoId}/diligencia.pdf`)).rawPayload))
      .join(' ')
      .replace(/\s+/g, ' ');
    for (const n of nombres) expect(pack).toContain(n);
    expect(pack).not.toContain('ampliada');
  });
});
