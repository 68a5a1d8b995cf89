import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PedidoDetalleResponseSchema, PedidoResponseSchema } from '../../../contract/pedidos';
import { comisionPedidoCentavos, decimalComa } from '../../../contract/facturas-calculo';
import { MovimientosResponseSchema } from '../../../contract/facturas';
import { facturas } from '../../db/schema/facturas';
import { ManualClock } from '../../clock';
import { bearer, createTestApp, json, type TestContext, type TestUser } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { postLote } from '../lotes/test-fixtures';
import { INFO, userConInfo } from './test-fixtures';

/*
 * Issue 25: order price and total were 32-bit columns: 10 bags × 70 kg at 40.000 COP/kg answered 500, and so did
 * 4.000 bags at 100 USD/kg. The largest realistic contracts go through reservation, contract, shipping (sale and
 * commission invoices), the invoice PDF, the movements and their CSV, every figure exact to the cent.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let productor: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  productor = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
});
afterAll(() => ctx.close());

const accion = (user: TestUser, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/pedidos/${id}/acciones`, headers: bearer(user), payload: body });

/** The whole units grouped the Spanish way, as every PDF prints them ("7.000.000.000"; COP shows no cents). */
const es = (centavos: number) =>
  new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: true }).format(Math.trunc(centavos / 100));

describe('the largest realistic contracts are exact in 64-bit minor units', () => {
  it.each([
    // 1.000 bags × 70 kg × 100.000 COP/kg = 7.000.000.000 COP (7·10¹¹ cents; 32 bits hold 2,1·10⁹).
    { moneda: 'COP', sacos: 1000, precioKg: 100_000, total: 700_000_000_000 },
    // 4.000 bags × 70 kg × 100 USD/kg = 28.000.000 USD.
    { moneda: 'USD', sacos: 4000, precioKg: 100, total: 2_800_000_000 },
    { moneda: 'EUR', sacos: 4000, precioKg: 99.99, total: 2_799_720_000 },
  ])(
    '$sacos bags × 70 kg at $precioKg $moneda/kg',
    async ({ moneda, sacos, precioKg, total }) => {
      const lote = await postLote(ctx, productor, {
        sacosDisponibles: sacos,
        pesoSacoKg: 70,
        precioKg,
        moneda,
        desglosePrecio: null,
        muestra: { disponible: false },
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pedidos',
        headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
        payload: { loteId: lote.id, sacos, condicionMuestra: 'SIN_MUESTRA', cobro: 'DIRECTO' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const pedido = PedidoResponseSchema.parse(json(res)).data.pedido;
      expect(pedido.totalCentavos).toBe(total);
      expect(pedido.precioKgCentavos).toBe(Math.round(precioKg * 100));

      // The contract PDF prints the total.
      expect((await accion(productor, pedido.id, { accion: 'CONFIRMAR' })).statusCode).toBe(200);
      const detalle = async (u: TestUser) =>
        PedidoDetalleResponseSchema.parse(
          json(await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${pedido.id}`, headers: bearer(u) })),
        ).data;
      const contrato = (await detalle(comprador)).documentos.find((d) => d.tipo === 'CONTRATO')!;
      const contratoPdf = await ctx.app.inject({ method: 'GET', url: contrato.url, headers: bearer(comprador) });
      expect(contratoPdf.statusCode).toBe(200);
      expect((await pdfText(contratoPdf.rawPayload)).join('\n')).toContain(es(total));

      // Shipping issues the sale invoice (the total) and the commission invoice (the one commission).
      const embarque = await accion(productor, pedido.id, {
        accion: 'EMBARCAR',
        naviera: 'Maersk',
        contenedor: 'MSKU1234567',
        conocimientoEmbarque: 'MAEU-240011',
        etd: '2026-04-01',
        eta: '2026-04-20',
      });
      expect(embarque.statusCode, embarque.body).toBe(200);
      const rows = await ctx.app.db.select().from(facturas).where(eq(facturas.pedidoId, pedido.id));
      const venta = rows.find((f) => f.tipo === 'VENTA')!;
      const comision = rows.find((f) => f.tipo === 'COMISION')!;
      expect(venta.totalCentavos).toBe(total);
      expect(comision.baseCentavos).toBe(comisionPedidoCentavos(pedido));
      const ventaPdf = await ctx.app.inject({
        method: 'GET',
        url: `/api/facturas/${venta.id}/pdf`,
        headers: bearer(comprador),
      });
      expect(ventaPdf.statusCode).toBe(200);
      expect((await pdfText(ventaPdf.rawPayload)).join('\n')).toContain(es(total));

      // The buyer's movements: the invoice he owes, in JSON and in the CSV a spreadsheet reads.
      const movs = await ctx.app.inject({
        method: 'GET',
        url: `/api/movimientos?moneda=${moneda}`,
        headers: bearer(comprador),
      });
      expect(movs.statusCode, movs.body).toBe(200);
      const items = MovimientosResponseSchema.parse(json(movs)).data.movimientos.filter(
        (m) => m.pedidoNumero === pedido.numero,
      );
      expect(items.map((m) => m.importeCentavos)).toEqual([total]);
      const csv = await ctx.app.inject({
        method: 'GET',
        url: `/api/movimientos?formato=csv&moneda=${moneda}`,
        headers: bearer(comprador),
      });
      expect(csv.statusCode).toBe(200);
      const linea = csv.body.split('\r\n').find((l) => l.includes(pedido.numero))!;
      expect(linea).toContain(`;${decimalComa(total)};${moneda};`);

      // Paying it moves both balances by the exact total.
      expect((await accion(productor, pedido.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(200);
      const pagada = await ctx.app.db
        .select({ estado: facturas.estado })
        .from(facturas)
        .where(and(eq(facturas.pedidoId, pedido.id), eq(facturas.tipo, 'VENTA')));
      expect(pagada[0].estado).toBe('PAGADA');
    },
    120_000,
  );
});
