import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { InformacionComercial } from '../../../contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { lotes } from '../../db/schema/lotes';
import { muestras } from '../../db/schema/muestras';
import { users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';

/*
 * The Resumen's figures (issue 28): by month (the last twelve, every one present) and by currency, the orders' value
 * and volume by state, the samples asked for / shipped / cupped with the cupping rate, new buyers and producers, new
 * and active lots. A fresh database, so every number is exact.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-04-10T09:00:00Z'));
let operador: TestUser;
let comprador: TestUser;
let productor: TestUser;
let usd: string;
let eur: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  operador = await createUser(ctx, 'OPERADOR');
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  for (const [u, razonSocial, taxId] of [
    [comprador, 'Tostadores del Norte S.L.', 'B87654321'],
    [productor, 'Finca El Roble S.A.S.', '900765432-1'],
  ] as const) {
    const informacionComercial: InformacionComercial = {
      razonSocial,
      taxId,
      direccionFacturacion: {
        linea1: 'Calle Mayor 12',
        ciudad: 'Valencia',
        region: '',
        codigoPostal: '46001',
        pais: 'ES',
      },
      emailFacturacion: 'facturas@example.com',
    };
    await ctx.app.db.update(users).set({ informacionComercial }).where(eq(users.id, u.id));
  }
  // precioKg 10 and 20, 35 kg bags: one bag is 350,00 USD or 700,00 EUR.
  usd = (
    await postLote(ctx, productor, {
      moneda: 'USD',
      precioKg: 10,
      desglosePrecio: { precioFinca: 6.6, costosExportacion: 3 },
    })
  ).id;
  eur = (
    await postLote(ctx, productor, {
      moneda: 'EUR',
      precioKg: 20,
      desglosePrecio: { precioFinca: 14.2, costosExportacion: 5 },
      sacosDisponibles: 1,
    })
  ).id;
});
afterAll(() => ctx.close());

const get = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/operador/resumen', headers: bearer(operador) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

async function reservar(loteId: string, sacos: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { loteId, sacos, condicionMuestra: 'SIN_MUESTRA' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.pedido.id as string;
}

const accion = async (u: TestUser, id: string, body: Record<string, unknown>) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/pedidos/${id}/acciones`,
    headers: bearer(u),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function muestra(createdAt: string, estado: string, enviada: boolean, loteId = usd) {
  await ctx.app.db.insert(muestras).values({
    loteId,
    compradorId: comprador.id,
    productorId: productor.id,
    gramos: 250,
    direccionEnvio: {
      nombre: 'Tostadores',
      linea1: 'Calle Mayor 1',
      ciudad: 'Valencia',
      codigoPostal: '46001',
      pais: 'ES',
    } as never,
    estado: estado as never,
    enviadaAt: enviada ? new Date(createdAt) : null,
    createdAt: new Date(createdAt),
  });
}

describe('the Resumen’s figures', () => {
  it('counts by month and currency, with every month of the last twelve present', async () => {
    // April: two USD orders (2 bags reserved, 1 bag cancelled). June: one EUR order confirmed.
    await reservar(usd, 2);
    const cancelado = await reservar(usd, 1);
    await accion(comprador, cancelado, { accion: 'CANCELAR', motivo: 'Ya no lo necesitamos.' });
    clock.set(new Date('2026-06-20T10:00:00Z'));
    const confirmado = await reservar(eur, 1);
    await accion(productor, confirmado, { accion: 'CONFIRMAR' });

    // Samples asked for in May: 3, of which 2 shipped and 1 cupped. One in March: shipped, not cupped.
    await muestra('2026-05-02T10:00:00Z', 'CATADA', true);
    await muestra('2026-05-03T10:00:00Z', 'ENTREGADA', true);
    await muestra('2026-05-04T10:00:00Z', 'SOLICITADA', false, eur);
    await muestra('2026-03-04T10:00:00Z', 'CERRADA_SIN_CATA', true);
    // A sample from before the window is left out.
    await muestra('2025-05-04T10:00:00Z', 'CATADA', true);

    // Accounts and lots by the month they were created in (the fixtures made them "now", in real time).
    await ctx.app.db
      .update(users)
      .set({ createdAt: new Date('2026-02-11T00:00:00Z') })
      .where(eq(users.id, comprador.id));
    await ctx.app.db
      .update(users)
      .set({ createdAt: new Date('2026-06-01T00:00:00Z') })
      .where(inArray(users.id, [productor.id]));
    await ctx.app.db
      .update(users)
      .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(users.id, operador.id));
    await ctx.app.db
      .update(lotes)
      .set({ createdAt: new Date('2026-04-01T00:00:00Z') })
      .where(eq(lotes.id, usd));
    await ctx.app.db
      .update(lotes)
      .set({ createdAt: new Date('2026-06-30T23:59:00Z') })
      .where(eq(lotes.id, eur));

    const c = (await get()).cifras;
    expect(c.meses).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(c.monedas).toEqual(['EUR', 'USD']);
    expect(c.pedidos).toEqual([
      { mes: '2026-04', moneda: 'USD', estado: 'CANCELADO', n: 1, kg: 35, valorCentavos: 35000 },
      { mes: '2026-04', moneda: 'USD', estado: 'RESERVADO', n: 1, kg: 70, valorCentavos: 70000 },
      { mes: '2026-06', moneda: 'EUR', estado: 'CONFIRMADO', n: 1, kg: 35, valorCentavos: 70000 },
    ]);
    expect(c.muestras).toHaveLength(12);
    const porMes = Object.fromEntries(c.muestras.map((m: { mes: string }) => [m.mes, m]));
    expect(porMes['2026-05']).toEqual({ mes: '2026-05', solicitadas: 3, enviadas: 2, catadas: 1, tasaCata: 50 });
    expect(porMes['2026-03']).toEqual({ mes: '2026-03', solicitadas: 1, enviadas: 1, catadas: 0, tasaCata: 0 });
    expect(porMes['2026-01']).toEqual({ mes: '2026-01', solicitadas: 0, enviadas: 0, catadas: 0, tasaCata: null });
    const altas = Object.fromEntries(c.altas.map((a: { mes: string }) => [a.mes, a]));
    expect(altas['2026-02']).toEqual({ mes: '2026-02', compradores: 1, productores: 0 });
    expect(altas['2026-06']).toEqual({ mes: '2026-06', compradores: 0, productores: 1 });
    expect(c.altas.reduce((s: number, a: { compradores: number }) => s + a.compradores, 0)).toBe(1);
    const nuevos = Object.fromEntries(c.lotesNuevos.map((l: { mes: string; n: number }) => [l.mes, l.n]));
    expect(nuevos).toMatchObject({ '2026-04': 1, '2026-06': 1, '2026-05': 0 });
    // The EUR lot's only bag is reserved: it left the catalogue. The USD lot still has bags.
    expect(c.lotesActivos).toBe(1);
  });
});
