import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PLAN_MESSAGES,
  PlanificadoresResponseSchema,
  cifrasLinea,
  fechaLimite,
  plazoPorDefecto,
  totalesPlan,
  type PedidoDeLinea,
} from '../../../contract/planificadores';
import { DAY, ManualClock } from '../../clock';
import { notificaciones } from '../../db/schema/notificaciones';
import { pedidos } from '../../db/schema/pedidos';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { PLAN_TASK } from './routes';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-01-05T09:00:00Z'));
let comprador: TestUser;
let otro: TestUser;
let productor: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  otro = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
});
afterAll(() => ctx.close());

const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(u), ...(payload ? { payload } : {}) });

const linea = (over: Record<string, unknown> = {}) => ({
  componente: 'Base de espresso',
  origen: 'BR',
  proceso: 'NATURAL',
  puntajeMin: 82,
  periodo: '2026-05',
  kgObjetivo: 6900,
  precioObjetivo: 7.5,
  presupuesto: 51750,
  moneda: 'USD',
  ...over,
});

describe('figures of a line, by hand', () => {
  it('counts live orders as contracted, shipped as in transit, delivered as received; the gap and the spend', () => {
    const pedidos: PedidoDeLinea[] = [
      { estado: 'CONFIRMADO', kg: 2070, importeCentavos: 2070 * 750, moneda: 'USD' },
      { estado: 'EMBARCADO', kg: 1380, importeCentavos: 1380 * 720, moneda: 'USD' },
      { estado: 'COMPLETADO', kg: 690, importeCentavos: 690 * 800, moneda: 'USD' },
      { estado: 'CANCELADO', kg: 5000, importeCentavos: 5000 * 700, moneda: 'USD' },
    ];
    expect(cifrasLinea(6900, pedidos)).toEqual({
      contratadoKg: 4140,
      enTransitoKg: 1380,
      recibidoKg: 690,
      brechaKg: 2760,
      gastos: [{ moneda: 'USD', centavos: 1552500 + 993600 + 552000 }],
    });
    expect(cifrasLinea(1000, [{ estado: 'RESERVADO', kg: 1200, importeCentavos: 1, moneda: 'USD' }]).brechaKg).toBe(0);
  });

  it('never adds two currencies: a line with a COP and a USD order spends two amounts (issue 25 §3)', () => {
    const pedidos: PedidoDeLinea[] = [
      { estado: 'CONFIRMADO', kg: 700, importeCentavos: 700 * 2_500_000, moneda: 'COP' },
      { estado: 'CONFIRMADO', kg: 690, importeCentavos: 690 * 750, moneda: 'USD' },
      { estado: 'RESERVADO', kg: 70, importeCentavos: 70 * 2_400_000, moneda: 'COP' },
    ];
    expect(cifrasLinea(2000, pedidos).gastos).toEqual([
      { moneda: 'COP', centavos: 700 * 2_500_000 + 70 * 2_400_000 },
      { moneda: 'USD', centavos: 690 * 750 },
    ]);
    expect(
      totalesPlan([
        { moneda: 'USD', presupuestoCentavos: 1_000_000, gastos: [{ moneda: 'USD', centavos: 517_500 }] },
        { moneda: 'EUR', presupuestoCentavos: null, gastos: [{ moneda: 'COP', centavos: 175_000_000 }] },
      ]),
    ).toEqual([
      { moneda: 'COP', gastoCentavos: 175_000_000, presupuestoCentavos: 0 },
      { moneda: 'USD', gastoCentavos: 517_500, presupuestoCentavos: 1_000_000 },
    ]);
  });

  it('the latest date to contract is the period’s start minus the origin’s lead time', () => {
    // Brazil: 8 + 3 + 5 = 16 weeks before 1 May 2026 → 9 January 2026.
    expect(fechaLimite('2026-05', plazoPorDefecto('BR')).toISOString().slice(0, 10)).toBe('2026-01-09');
    // Ethiopia, third quarter: 8 + 3 + 7 = 18 weeks before 1 July 2026 → 25 February 2026.
    expect(fechaLimite('2026-Q3', plazoPorDefecto('ET')).toISOString().slice(0, 10)).toBe('2026-02-25');
  });
});

describe('plans', () => {
  it('a buyer keeps one plan per year with lines; another buyer gets 404, a producer 403', async () => {
    const res = await call(comprador, 'POST', '/api/planificadores', { anio: 2026, nombre: 'Compras 2026' });
    expect(res.statusCode).toBe(201);
    const planId = json(res).data.plan.id as string;
    expect((await call(comprador, 'POST', '/api/planificadores', { anio: 2026, nombre: 'Otra' })).statusCode).toBe(409);
    const l = await call(comprador, 'POST', `/api/planificadores/${planId}/lineas`, linea());
    expect(l.statusCode).toBe(201);
    expect(json(l).data.linea).toMatchObject({
      fechaLimite: '2026-01-09',
      atrasada: false,
      brechaKg: 6900,
      presupuestoCentavos: 5175000,
      precioObjetivoCentavos: 750,
    });
    const bad = await call(
      comprador,
      'POST',
      `/api/planificadores/${planId}/lineas`,
      linea({ periodo: '2026-13', kgObjetivo: 0 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.fields.kgObjetivo).toBe('Los kg objetivo deben ser como mínimo 1.');
    expect(json(bad).error.fields.periodo).toBeTruthy();

    const lineaId = json(l).data.linea.id as string;
    expect((await call(otro, 'PUT', `/api/planificadores/lineas/${lineaId}`, linea())).statusCode).toBe(404);
    expect((await call(otro, 'POST', `/api/planificadores/${planId}/lineas`, linea())).statusCode).toBe(404);
    expect((await call(otro, 'DELETE', `/api/planificadores/${planId}`)).statusCode).toBe(404);
    expect((await call(productor, 'GET', '/api/planificadores')).statusCode).toBe(403);
    expect(
      PlanificadoresResponseSchema.parse(json(await call(otro, 'GET', '/api/planificadores'))).data.planes,
    ).toEqual([]);

    // An editable lead time per origin: Brazil's transit of 9 weeks moves the date 4 weeks earlier.
    const plazos = await call(comprador, 'PUT', '/api/planificadores/plazos', {
      plazos: [{ pais: 'BR', semanasMuestras: 8, semanasPss: 3, semanasTransito: 9 }],
    });
    expect(plazos.statusCode).toBe(200);
    const data = PlanificadoresResponseSchema.parse(json(await call(comprador, 'GET', '/api/planificadores'))).data;
    expect(data.plazos).toEqual([
      { pais: 'BR', semanasMuestras: 8, semanasPss: 3, semanasTransito: 9, porDefecto: false },
    ]);
    expect(data.planes[0].lineas[0].fechaLimite).toBe('2025-12-12');
    expect(data.planes[0].lineas[0].atrasada).toBe(true);
  });

  it('a line past its contracting date tells the buyer once (scheduler)', async () => {
    const avisos = () =>
      ctx.app.db
        .select()
        .from(notificaciones)
        .where(and(eq(notificaciones.userId, comprador.id), eq(notificaciones.tipo, 'PLAN_LINEA_ATRASADA')));
    await ctx.app.scheduler.runTask(PLAN_TASK);
    await ctx.app.scheduler.runTask(PLAN_TASK);
    const [a] = await avisos();
    expect((await avisos()).length).toBe(1);
    expect(a.titulo).toBe('Contrata ya «Base de espresso»');
    expect(a.texto).toContain('12/12/2025');
    clock.advance(DAY);
    await ctx.app.scheduler.runTask(PLAN_TASK);
    expect((await avisos()).length).toBe(1);
  });
});

describe('orders linked to a line', () => {
  it('counts a linked order’s kg and spend; another buyer’s order is 404; unlinking removes it', async () => {
    const lote = await postLote(ctx, productor, {
      codigo: 'PL-1',
      pais: 'BR',
      proceso: 'NATURAL',
      sacosDisponibles: 100,
      pesoSacoKg: 60,
      precioKg: 7.2,
      desglosePrecio: null,
    });
    const pedir = (u: TestUser, sacos: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/pedidos',
        headers: { ...bearer(u), 'idempotency-key': randomUUID() },
        payload: { loteId: lote.id, sacos },
      });
    const mio = json(await pedir(comprador, 20)).data.pedido.id as string;
    const ajeno = json(await pedir(otro, 5)).data.pedido.id as string;
    const plan = json(await call(comprador, 'POST', '/api/planificadores', { anio: 2027, nombre: 'Compras 2027' })).data
      .plan;
    const l = json(
      await call(
        comprador,
        'POST',
        `/api/planificadores/${plan.id}/lineas`,
        linea({ periodo: '2027-Q2', kgObjetivo: 3000 }),
      ),
    ).data.linea;

    expect(
      (await call(comprador, 'POST', `/api/planificadores/lineas/${l.id}/pedidos`, { pedidoId: ajeno })).statusCode,
    ).toBe(404);
    const res = await call(comprador, 'POST', `/api/planificadores/lineas/${l.id}/pedidos`, { pedidoId: mio });
    expect(res.statusCode).toBe(200);
    // Linking it again says it is already there (issue 32), instead of a success that changed nothing.
    const again = await call(comprador, 'POST', `/api/planificadores/lineas/${l.id}/pedidos`, { pedidoId: mio });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(PLAN_MESSAGES.YA_VINCULADO);
    // 20 bags × 60 kg = 1200 kg at 7,20 → 8640,00; gap 1800 kg.
    expect(json(res).data.linea).toMatchObject({
      contratadoKg: 1200,
      enTransitoKg: 0,
      recibidoKg: 0,
      brechaKg: 1800,
      gastos: [{ moneda: 'USD', centavos: 864000 }],
    });
    const un = await call(comprador, 'DELETE', `/api/planificadores/lineas/${l.id}/pedidos/${mio}`);
    expect(json(un).data.linea.contratadoKg).toBe(0);
  });

  it('deleting a line or a plan unlinks its orders, which stay whole: none points to a line that is gone', async () => {
    const lote = await postLote(ctx, productor, { codigo: 'PL-2', sacosDisponibles: 50 });
    const pedir = async () =>
      json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/pedidos',
          headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
          payload: { loteId: lote.id, sacos: 2 },
        }),
      ).data.pedido.id as string;
    const [uno, dos] = [await pedir(), await pedir()];
    const plan = json(await call(comprador, 'POST', '/api/planificadores', { anio: 2031, nombre: 'Compras 2031' })).data
      .plan;
    const nueva = async (periodo: string) =>
      json(await call(comprador, 'POST', `/api/planificadores/${plan.id}/lineas`, linea({ periodo }))).data.linea
        .id as string;
    const [l1, l2] = [await nueva('2031-Q1'), await nueva('2031-Q2')];
    expect(
      (await call(comprador, 'POST', `/api/planificadores/lineas/${l1}/pedidos`, { pedidoId: uno })).statusCode,
    ).toBe(200);
    expect(
      (await call(comprador, 'POST', `/api/planificadores/lineas/${l2}/pedidos`, { pedidoId: dos })).statusCode,
    ).toBe(200);
    const enlace = async (id: string) => (await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, id)))[0];

    expect((await call(comprador, 'DELETE', `/api/planificadores/lineas/${l1}`)).statusCode).toBe(200);
    expect(await enlace(uno)).toMatchObject({ planLineaId: null, estado: 'RESERVADO' });
    expect((await enlace(dos)).planLineaId).toBe(l2);

    expect((await call(comprador, 'DELETE', `/api/planificadores/${plan.id}`)).statusCode).toBe(200);
    expect(await enlace(dos)).toMatchObject({ planLineaId: null, estado: 'RESERVADO' });
  });
});

describe('spend per currency through the API (issue 25 §3)', () => {
  it('a line with a COP order and a USD order answers two amounts, and the plan totals each currency apart', async () => {
    const mk = (codigo: string, moneda: string, precioKg: number) =>
      postLote(ctx, productor, {
        codigo,
        pais: 'CO',
        proceso: 'LAVADO',
        sacosDisponibles: 50,
        pesoSacoKg: 70,
        precioKg,
        moneda,
        desglosePrecio: null,
      });
    const cop = await mk('PL-COP', 'COP', 25000);
    const usd = await mk('PL-USD', 'USD', 7.5);
    const pedir = async (loteId: string, sacos: number) =>
      json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/pedidos',
          headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
          payload: { loteId, sacos },
        }),
      ).data.pedido.id as string;
    const p1 = await pedir(cop.id, 2);
    const p2 = await pedir(usd.id, 1);
    const plan = json(await call(comprador, 'POST', '/api/planificadores', { anio: 2028, nombre: 'Compras 2028' })).data
      .plan;
    const l = json(
      await call(
        comprador,
        'POST',
        `/api/planificadores/${plan.id}/lineas`,
        linea({ origen: 'CO', periodo: '2028-Q3' }),
      ),
    ).data.linea;
    await call(comprador, 'POST', `/api/planificadores/lineas/${l.id}/pedidos`, { pedidoId: p1 });
    const res = await call(comprador, 'POST', `/api/planificadores/lineas/${l.id}/pedidos`, { pedidoId: p2 });
    // 2 × 70 kg × 25.000 COP = 3.500.000 COP; 70 kg × 7,50 USD = 525 USD: never "3.500.525".
    expect(json(res).data.linea.gastos).toEqual([
      { moneda: 'COP', centavos: 350_000_000 },
      { moneda: 'USD', centavos: 52_500 },
    ]);
    const all = PlanificadoresResponseSchema.parse(json(await call(comprador, 'GET', '/api/planificadores')));
    const p = all.data.planes.find((x) => x.id === plan.id)!;
    expect(p.totales).toEqual([
      { moneda: 'COP', gastoCentavos: 350_000_000, presupuestoCentavos: 0 },
      { moneda: 'USD', gastoCentavos: 52_500, presupuestoCentavos: 5_175_000 },
    ]);
  });
});
