import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { PedidoDetalleResponseSchema, PedidoResponseSchema } from '../../../contract/pedidos';
import { facturas, movimientos } from '../../db/schema/facturas';
import { ManualClock } from '../../clock';
import { bearer, createTestApp, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { resolverReclamo } from '../pedidos';
import { INFO, userConInfo } from './test-fixtures';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let productor: TestUser;
let loteId: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  productor = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  loteId = (await postLote(ctx, productor, { sacosDisponibles: 5000, loteMinimoSacos: 1 })).id;
});
afterAll(() => ctx.close());

const accion = (user: TestUser, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/pedidos/${id}/acciones`, headers: bearer(user), payload: body });

async function confirmado(body: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { loteId, sacos: 2, condicionMuestra: 'SIN_MUESTRA', cobro: 'DIRECTO', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const pedido = PedidoResponseSchema.parse(json(res)).data.pedido;
  expect((await accion(productor, pedido.id, { accion: 'CONFIRMAR' })).statusCode).toBe(200);
  return pedido;
}

const embarcar = (id: string) =>
  accion(productor, id, {
    accion: 'EMBARCAR',
    naviera: 'Maersk',
    contenedor: 'MSKU1234567',
    conocimientoEmbarque: 'MAEU-240011',
    etd: '2026-04-01',
    eta: '2026-04-20',
  });

const ORDEN = { VENTA: 0, COMISION: 1, RECTIFICATIVA: 2 } as const;
/** An order's invoices: sale, commission, then rectifying ones (sale's first); one move's rows share an instant. */
const facturasDe = async (pedidoId: string) =>
  (await ctx.app.db.select().from(facturas).where(eq(facturas.pedidoId, pedidoId))).sort(
    (a, b) => ORDEN[a.tipo] - ORDEN[b.tipo] || (a.emisorId === null ? 1 : 0) - (b.emisorId === null ? 1 : 0),
  );

describe('invoices follow the order', () => {
  it('EMBARCAR issues the sale and commission invoices from the frozen order; REGISTRAR_PAGO pays them', async () => {
    const pedido = await confirmado();
    expect(await facturasDe(pedido.id)).toEqual([]);
    const res = await embarcar(pedido.id);
    expect(res.statusCode, res.body).toBe(200);
    const [venta, comision] = await facturasDe(pedido.id);
    expect(venta).toMatchObject({
      tipo: 'VENTA',
      pedidoNumero: pedido.numero,
      regimen: 'EXPORTACION',
      estado: 'EMITIDA',
    });
    expect(venta.totalCentavos).toBe(pedido.totalCentavos);
    expect(comision).toMatchObject({ tipo: 'COMISION', regimen: 'NO_SUJETA', receptorId: productor.id });

    expect((await accion(productor, pedido.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(200);
    expect((await facturasDe(pedido.id)).map((f) => f.estado)).toEqual(['PAGADA', 'PAGADA']);
    const pagos = await ctx.app.db
      .select()
      .from(movimientos)
      .where(
        and(eq(movimientos.pedidoId, pedido.id), eq(movimientos.tipo, 'PAGO'), eq(movimientos.cuentaId, comprador.id)),
      );
    expect(pagos.map((m) => m.importeCentavos)).toEqual([-pedido.totalCentavos]);
  });

  it('an order paid before shipping gets its invoice already paid', async () => {
    const pedido = await confirmado();
    expect((await accion(productor, pedido.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(200);
    expect(await facturasDe(pedido.id)).toEqual([]);
    expect((await embarcar(pedido.id)).statusCode).toBe(200);
    expect((await facturasDe(pedido.id)).map((f) => [f.tipo, f.estado])).toEqual([
      ['VENTA', 'PAGADA'],
      ['COMISION', 'PAGADA'],
    ]);
  });

  it('a claim resolved with a discount issues rectifying invoices referencing the originals', async () => {
    const pedido = await confirmado();
    await embarcar(pedido.id);
    expect((await accion(comprador, pedido.id, { accion: 'RECIBIR' })).statusCode).toBe(200);
    expect(
      (await accion(comprador, pedido.id, { accion: 'ABRIR_RECLAMO', motivo: 'Humedad alta al llegar.' })).statusCode,
    ).toBe(200);
    // The operator's resolution (npm run reclamos, decision 035), the move that issues them.
    await resolverReclamo(
      ctx.app.db,
      pedido.numero,
      { resolucion: 'DESCUENTO', importe: 5000, motivo: 'Descuento por humedad' },
      clock.now(),
    );
    const todas = await facturasDe(pedido.id);
    const [venta, comision] = todas;
    const rects = todas.filter((f) => f.tipo === 'RECTIFICATIVA');
    expect(rects.map((r) => [r.rectificaNumero, r.baseCentavos])).toEqual([
      [venta.numero, -5000],
      [comision.numero, -200],
    ]);

    // The order's detail lists them, each side only its own: the buyer the sale and its rectification, the
    // producer all four (Cereza's commission is addressed to him).
    const detalle = async (user: TestUser) =>
      PedidoDetalleResponseSchema.parse(
        json(await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${pedido.id}`, headers: bearer(user) })),
      ).data.facturas;
    const delComprador = await detalle(comprador);
    expect(delComprador.map((f) => f.numero).sort()).toEqual([venta.numero, rects[0].numero].sort());
    expect(delComprador.every((f) => f.rol === 'receptor')).toBe(true);
    expect((await detalle(productor)).map((f) => f.id).sort()).toEqual(todas.map((f) => f.id).sort());
  });

  it('30 orders shipped at once number 1…30 in the producer’s series', async () => {
    const p = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
    const lote = (await postLote(ctx, p, { sacosDisponibles: 5000, loteMinimoSacos: 1 })).id;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/pedidos',
        headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
        payload: { loteId: lote, sacos: 1, condicionMuestra: 'SIN_MUESTRA', cobro: 'DIRECTO' },
      });
      const id = PedidoResponseSchema.parse(json(r)).data.pedido.id;
      expect((await accion(p, id, { accion: 'CONFIRMAR' })).statusCode).toBe(200);
      ids.push(id);
    }
    const res = await Promise.all(
      ids.map((id) =>
        accion(p, id, {
          accion: 'EMBARCAR',
          naviera: 'Maersk',
          contenedor: 'MSKU1234567',
          conocimientoEmbarque: 'MAEU-1',
          etd: '2026-04-01',
          eta: '2026-04-20',
        }),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const ventas = await ctx.app.db
      .select({ s: facturas.secuencia })
      .from(facturas)
      .where(and(eq(facturas.emisorId, p.id), eq(facturas.tipo, 'VENTA')))
      .orderBy(asc(facturas.secuencia));
    expect(ventas.map((v) => v.s)).toEqual(ids.map((_, i) => i + 1));
    // 30 reservations, 30 confirmations and 30 shipments with their PDFs: beyond the default 30 s on a busy CI host,
    // where it once took 31 s (the time is CI's, not the verdict's: the numbering is what is asserted).
  }, 120_000);
});
