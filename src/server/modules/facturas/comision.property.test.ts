import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comisionKgCentavos, PESOS_SACO } from '../../../contract/lotes-codes';
import { desgloseTotal, formatoDineroDocumento, kgDe, totalCentavos } from '../../../contract/pedidos';
import { ManualClock } from '../../clock';
import { createTestApp, type TestContext, type TestUser } from '../../test/helpers';
import { type PedidoRow, contratoDocumento } from '../pedidos';
import { emitirFacturasDeEnvio } from './emision';
import { datosDePedido } from './pedidos';
import { INFO, userConInfo } from './test-fixtures';

/*
 * Issue 25: on one order the buyer's breakdown and the contract said 57,40 USD of commission while Cereza's
 * commission invoice said 57,68 USD (4 % of the total). Over random orders, with and without a price breakdown,
 * the buyer's breakdown (desgloseTotal, what the buy form and the order page show), the contract PDF and the
 * commission invoice carry the same commission, to the cent.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let productor: TestUser;
let comprador: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  productor = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  comprador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
});
afterAll(() => ctx.close());

const COMISION_ROW = 'Comisión de Cereza (incluida en el total)';

/** The value printed beside the commission in the contract's table of terms. */
function comisionDelContrato(p: PedidoRow): string | undefined {
  const filas: unknown[] = [];
  const walk = (c: unknown): void => {
    if (Array.isArray(c)) c.forEach(walk);
    else if (c && typeof c === 'object') {
      const body = (c as { table?: { body?: unknown[] } }).table?.body;
      if (body) filas.push(...body);
      Object.values(c).forEach(walk);
    }
  };
  walk(contratoDocumento(p, clock.now()).contenido);
  const fila = filas.find((f) => Array.isArray(f) && (f[0] as { text?: string }).text === COMISION_ROW) as
    [{ text: string }, { text: string }] | undefined;
  return fila?.[1].text;
}

const orden = fc
  .record({
    precioKgCentavos: fc.integer({ min: 1, max: 10_000_000 }),
    sacos: fc.integer({ min: 1, max: 1000 }),
    pesoSacoKg: fc.constantFrom(...PESOS_SACO),
    moneda: fc.constantFrom('USD', 'EUR', 'COP'),
    desglose: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
  })
  .map(({ precioKgCentavos, sacos, pesoSacoKg, moneda, desglose }) => {
    const kg = kgDe(sacos, pesoSacoKg);
    const comision = comisionKgCentavos(precioKgCentavos);
    const neto = precioKgCentavos - comision;
    const finca = desglose === null ? 0 : Math.floor(neto * desglose);
    return {
      sacos,
      pesoSacoKg,
      kg,
      moneda,
      precioKgCentavos,
      totalCentavos: totalCentavos(precioKgCentavos, kg),
      desglosePrecio:
        desglose === null
          ? null
          : {
              precioFincaCentavos: finca,
              costosExportacionCentavos: neto - finca,
              comisionPlataformaCentavos: comision,
            },
    };
  });

describe('one commission', () => {
  it('the buyer’s breakdown, the contract and the commission invoice agree to the cent', async () => {
    const plantilla: PedidoRow = {
      id: randomUUID(),
      numero: 'CZ-2026-000001',
      loteId: randomUUID(),
      compradorId: comprador.id,
      productorId: productor.id,
      sacos: 1,
      pesoSacoKg: 70,
      kg: 70,
      precioKgCentavos: 1000,
      totalCentavos: 70_000,
      moneda: 'USD',
      incoterm: 'FOB',
      lugarEntrega: 'Buenaventura, CO',
      desglosePrecio: null,
      condicionPago: 'NETO_30_EMBARQUE',
      ventanaEmbarque: null,
      condicionMuestra: 'SIN_MUESTRA',
      terminos: {
        lote: {
          nombre: 'Geisha lavado',
          codigo: 'CO-26-ABCDE',
          pais: 'CO',
          region: 'Huila',
          finca: 'La Esperanza',
          variedades: ['Geisha'],
          proceso: 'LAVADO',
          cosecha: '2025-11',
        },
        fincas: ['La Esperanza'],
        calidad: { puntaje: 87.5, humedad: 10.5, zaranda: '16+', defectos: null },
        productorNombre: 'Finca La Esperanza',
        compradorEmpresa: 'Tostadores del Sur',
      },
      estado: 'EMBARCADO',
      estadoPago: 'PENDIENTE',
      createdAt: clock.now(),
      updatedAt: clock.now(),
      embarcadoAt: clock.now(),
    } as PedidoRow;
    let n = 0;
    await fc.assert(
      fc.asyncProperty(orden, async (o) => {
        n += 1;
        const p: PedidoRow = { ...plantilla, ...o, id: randomUUID(), numero: `CZ-2026-${String(n).padStart(6, '0')}` };
        const comision = desgloseTotal(p).comisionCentavos;
        expect(comisionDelContrato(p)).toBe(formatoDineroDocumento(comision, p.moneda));
        const facturas = await ctx.app.db.transaction((tx) => emitirFacturasDeEnvio(tx, datosDePedido(p, clock.now())));
        expect(facturas.comision.baseCentavos).toBe(comision);
        expect(facturas.venta.baseCentavos).toBe(p.totalCentavos);
        // The producer is left with the farm price and the export costs of every kg (the breakdown he published).
        if (p.desglosePrecio) {
          const d = desgloseTotal(p);
          expect(d.fincaCentavos! + d.exportacionCentavos! + comision).toBe(p.totalCentavos);
        }
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
