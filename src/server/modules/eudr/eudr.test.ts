import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EUDR_FALTA, FUENTE_RIESGO_2025 } from '../../../contract/eudr';
import { EudrLoteResponseSchema, RiesgosResponseSchema } from '../../../contract/eudr-api';
import { FincaResponseSchema } from '../../../contract/fincas';
import { PARCELA_FALTA } from '../../../contract/parcelas-codes';
import { auditoria } from '../../db/schema/operador';
import { productorPerfiles } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { enHuila, puntoHuila } from '../fincas/test-fixtures';
import { postLote } from '../lotes/test-fixtures';

let ctx: TestContext;
let coop: TestUser;
let comprador: TestUser;
let operador: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  coop = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Coop EUDR' });
  await ctx.app.db
    .update(productorPerfiles)
    .set({ tipoProductor: 'COOPERATIVA' })
    .where(eq(productorPerfiles.userId, coop.id));
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  operador = await createUser(ctx, 'OPERADOR');
});
afterAll(() => ctx.close());

const req = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

async function finca(nombre: string, over: Record<string, unknown>) {
  const res = await req(coop, 'POST', '/api/productor/productores', {
    nombre,
    region: 'Huila',
    variedades: [],
    certificaciones: [],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return FincaResponseSchema.parse(json(res)).data.finca;
}
const eudr = async (loteId: string) =>
  EudrLoteResponseSchema.parse(json(await req(null, 'GET', `/api/lotes/${loteId}/eudr`))).data.eudr;
const catalogo = async (query: string) =>
  (json(await req(null, 'GET', `/api/lotes?limit=50&${query}`)).data.lotes as Array<{ id: string }>).map((l) => l.id);

describe('EUDR-ready lots (issue 30 §Lots and orders)', () => {
  it('a lot is ready when every plot is valid and the period is set; the catalogue badges and filters it, index and SQL alike', async () => {
    const lote = await postLote(ctx, coop, { nombre: 'Huila EUDR', sacosDisponibles: 20 });
    const antes = await eudr(lote.id);
    expect(antes).toMatchObject({ listo: false, faltas: [EUDR_FALTA.SIN_PERIODO, EUDR_FALTA.SIN_PARCELAS] });
    expect(antes.riesgo).toMatchObject({ pais: 'CO', clase: 'ESTANDAR', fuente: FUENTE_RIESGO_2025 });

    const a = await finca('La Loma', { hectareas: 3, ubicacion: enHuila(60, 3) });
    const sinMapa = await finca('Sin mapa', { hectareas: 2 });
    expect((await req(coop, 'PUT', `/api/lotes/${lote.id}/fincas`, { fincaIds: [a.id, sinMapa.id] })).statusCode).toBe(
      200,
    );
    const periodo = await req(coop, 'PUT', `/api/lotes/${lote.id}`, {
      cosechaInicio: '2025-10-01',
      cosechaFin: '2026-01-31',
    });
    expect(periodo.statusCode, periodo.body).toBe(200);
    const falta = await eudr(lote.id);
    expect(falta.listo).toBe(false);
    expect(falta.faltas).toEqual([EUDR_FALTA.PARCELA('Sin mapa', PARCELA_FALTA.SIN_UBICACION)]);
    expect(await catalogo('eudr=true')).not.toContain(lote.id);

    // The farm gets its point: the lot becomes ready.
    const put = await req(coop, 'PUT', `/api/productor/productores/${sinMapa.id}`, {
      nombre: 'Sin mapa',
      region: 'Huila',
      hectareas: 2,
      ubicacion: puntoHuila(7),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await eudr(lote.id)).toMatchObject({ listo: true, faltas: [], parcelas: 2, hectareas: 5 });
    const otro = await postLote(ctx, coop, { nombre: 'Sin EUDR', sacosDisponibles: 20 });
    expect(await catalogo('eudr=true')).toEqual([lote.id]);
    expect(await catalogo('')).toEqual(expect.arrayContaining([lote.id, otro.id]));
    const cards = json(await req(null, 'GET', '/api/lotes?vista=tarjeta&limit=50')).data.lotes as Array<{
      id: string;
      eudrListo: boolean;
    }>;
    expect(cards.find((c) => c.id === lote.id)?.eudrListo).toBe(true);
    expect(cards.find((c) => c.id === otro.id)?.eudrListo).toBe(false);
    // The SQL path (while the index loads) filters the same.
    const notReady = vi.spyOn(ctx.app.catalogo, 'ready', 'get').mockReturnValue(false);
    try {
      expect(await catalogo('eudr=true')).toEqual([lote.id]);
    } finally {
      notReady.mockRestore();
    }

    // Taking the period away undoes it.
    await req(coop, 'PUT', `/api/lotes/${lote.id}`, { cosechaFin: null });
    expect(await eudr(lote.id)).toMatchObject({ listo: false, faltas: [EUDR_FALTA.SIN_PERIODO] });
    expect(await catalogo('eudr=true')).toEqual([]);
  });

  it('refuses a period that ends before it starts, or a day that does not exist', async () => {
    const lote = await postLote(ctx, coop, { nombre: 'Periodo malo' });
    const mal = await req(coop, 'PUT', `/api/lotes/${lote.id}`, {
      cosechaInicio: '2026-02-01',
      cosechaFin: '2025-12-01',
    });
    expect(mal.statusCode).toBe(400);
    expect(json(mal).error.fields.cosechaInicio).toBe('El inicio de la cosecha no puede ser posterior a su fin.');
    const dia = await req(coop, 'PUT', `/api/lotes/${lote.id}`, { cosechaInicio: '2025-02-30' });
    expect(json(dia).error.fields.cosechaInicio).toBe('El inicio de la cosecha no es una fecha del calendario.');
  });

  it('country risk classes are data with source and date; the operator updates them, audited; others cannot', async () => {
    const lista = RiesgosResponseSchema.parse(json(await req(null, 'GET', '/api/eudr/riesgo-paises'))).data.riesgos;
    expect(lista.find((r) => r.pais === 'MM')?.clase).toBe('ALTO');
    expect(lista.find((r) => r.pais === 'CR')?.clase).toBe('BAJO');
    // The coffee origins whose class could be confirmed (decision 060), each with its source and date.
    const clases = Object.fromEntries(lista.map((r) => [r.pais, r.clase]));
    expect(clases).toMatchObject({
      BR: 'ESTANDAR',
      CO: 'ESTANDAR',
      ET: 'ESTANDAR',
      IN: 'BAJO',
      LA: 'BAJO',
      VN: 'BAJO',
      TZ: 'ESTANDAR',
      GT: 'ESTANDAR',
      HN: 'ESTANDAR',
      PE: 'ESTANDAR',
      UG: 'ESTANDAR',
    });
    expect(lista.length).toBeGreaterThanOrEqual(20);
    for (const r of lista) {
      expect(r.fuente, r.pais).toMatch(/2025\/1093/);
      expect(r.fechaFuente, r.pais).toBe('2025-05-22');
    }
    const body = {
      clase: 'ESTANDAR',
      fuente: 'Reglamento de Ejecución (UE) 2025/1093, anexo',
      fechaFuente: '2025-05-22',
    };
    expect((await req(comprador, 'PUT', '/api/operador/riesgo-paises/KE', body)).statusCode).toBe(403);
    expect((await req(null, 'PUT', '/api/operador/riesgo-paises/KE', body)).statusCode).toBe(401);
    const mal = await req(operador, 'PUT', '/api/operador/riesgo-paises/KE', { ...body, clase: 'MEDIO' });
    expect(mal.statusCode).toBe(400);
    expect(json(mal).error.fields.clase).toBe('Elige la clase de riesgo: baja, estándar o alta.');
    const ok = await req(operador, 'PUT', '/api/operador/riesgo-paises/ke', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.riesgo).toMatchObject({ pais: 'KE', clase: 'ESTANDAR', fechaFuente: '2025-05-22' });
    const [fila] = await ctx.app.db.select().from(auditoria).where(eq(auditoria.entidadId, 'KE'));
    expect(fila).toMatchObject({ accion: 'riesgo_pais', despues: { clase: 'ESTANDAR' } });
    expect((await req(operador, 'PUT', '/api/operador/riesgo-paises/XX', body)).statusCode).toBe(400);
  });
});
