import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FacturaResponseSchema,
  FacturasResponseSchema,
  MENCIONES,
  MovimientosResponseSchema,
  formatoImporte,
  mencionExportacionOrigen,
} from '../../../contract/facturas';
import { CEREZA } from '../../../contract/cereza';
import { DAY, ManualClock } from '../../clock';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { emitirAbonoDeReclamo, emitirFacturasDeEnvio, registrarPagoDePedido, type FacturasDeEnvio } from './emision';
import { INFO, datosEnvio, userConInfo } from './test-fixtures';
import { facturas } from '../../db/schema/facturas';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let compradorES: TestUser;
let compradorDE: TestUser;
let compradorUS: TestUser;
let productorES: TestUser;
let productorCO: TestUser;
let otro: TestUser;
let nacional: FacturasDeEnvio;
let exportacion: FacturasDeEnvio;
let inversion: FacturasDeEnvio;
let intra: FacturasDeEnvio;

const get = (user: TestUser | null, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

const emitir = (p: TestUser, c: TestUser, extra = {}) =>
  ctx.app.db.transaction((tx) => emitirFacturasDeEnvio(tx, datosEnvio(p.id, c.id, clock.now(), extra)));

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  compradorES = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  compradorDE = await userConInfo(ctx, 'COMPRADOR', INFO.DE_COMPRADOR);
  compradorUS = await userConInfo(ctx, 'COMPRADOR', INFO.US_COMPRADOR);
  productorES = await userConInfo(ctx, 'PRODUCTOR', INFO.ES_PRODUCTOR);
  productorCO = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  otro = await createUser(ctx, 'COMPRADOR', { perfil: true });
  nacional = await emitir(productorES, compradorES);
  intra = await emitir(productorES, compradorDE);
  exportacion = await emitir(productorES, compradorUS);
  inversion = await emitir(productorCO, compradorES, { entregaPais: 'ES' });
});
afterAll(() => ctx.close());

describe('GET /api/facturas', () => {
  it('the buyer sees the sale invoices addressed to him; the producer his sales and Cereza’s commissions', async () => {
    const c = FacturasResponseSchema.parse(json(await get(compradorES, '/api/facturas')));
    expect(c.data.facturas.map((f) => f.numero).sort()).toEqual([nacional.venta.numero, inversion.venta.numero].sort());
    expect(c.data.facturas.every((f) => f.rol === 'receptor' && f.tipo === 'VENTA')).toBe(true);
    expect(c.data.productores.map((p) => p.nombre).sort()).toEqual([
      'Café de Canarias, S.L.',
      'Cooperativa Cafetera del Huila',
    ]);

    const p = FacturasResponseSchema.parse(json(await get(productorES, '/api/facturas')));
    expect(p.data.facturas.filter((f) => f.tipo === 'VENTA' && f.rol === 'emisor')).toHaveLength(3);
    expect(p.data.facturas.filter((f) => f.tipo === 'COMISION' && f.rol === 'receptor')).toHaveLength(3);
    const soloComisiones = FacturasResponseSchema.parse(json(await get(productorES, '/api/facturas?tipo=COMISION')));
    expect(soloComisiones.data.facturas).toHaveLength(3);

    const o = FacturasResponseSchema.parse(json(await get(otro, '/api/facturas')));
    expect(o.data.facturas).toEqual([]);
    expect((await get(null, '/api/facturas')).statusCode).toBe(401);
  });

  it('filters by producer, date and state (an unpaid invoice past its due date is vencida)', async () => {
    const porProductor = FacturasResponseSchema.parse(
      json(await get(compradorES, `/api/facturas?productorId=${productorCO.id}`)),
    );
    expect(porProductor.data.facturas.map((f) => f.id)).toEqual([inversion.venta.id]);
    const antes = FacturasResponseSchema.parse(json(await get(compradorES, '/api/facturas?hasta=2026-03-01')));
    expect(antes.data.facturas).toEqual([]);
    expect(
      FacturasResponseSchema.parse(json(await get(compradorES, '/api/facturas?estado=VENCIDA'))).data.facturas,
    ).toEqual([]);

    clock.advance(31 * DAY);
    try {
      const vencidas = FacturasResponseSchema.parse(json(await get(compradorES, '/api/facturas?estado=VENCIDA')));
      expect(vencidas.data.facturas.map((f) => f.estado)).toEqual(['VENCIDA', 'VENCIDA']);
      const emitidas = FacturasResponseSchema.parse(json(await get(compradorES, '/api/facturas?estado=EMITIDA')));
      expect(emitidas.data.facturas).toEqual([]);
    } finally {
      clock.set(new Date('2026-03-02T09:00:00Z'));
    }
    const bad = await get(compradorES, '/api/facturas?estado=ANULADA');
    expect(bad.statusCode).toBe(400);
  });

  it('a date filter outside the calendar (year 0, year 3000) is a 400 in Spanish, never reaches the database', async () => {
    for (const url of ['/api/facturas', '/api/movimientos']) {
      for (const q of ['desde=0000-01-01', 'hasta=0000-01-01', 'desde=1899-12-31', 'hasta=3000-01-01']) {
        const res = await get(compradorES, `${url}?${q}`);
        expect(res.statusCode, `${url}?${q}`).toBe(400);
        expect(Object.values(json(res).error.fields)).toEqual(['La fecha debe estar entre el año 1900 y el 2999.']);
      }
      expect((await get(compradorES, `${url}?desde=1900-01-01&hasta=2999-12-31`)).statusCode).toBe(200);
    }
  });

  it('filters by order: each side sees its own invoices of that order, anyone else none', async () => {
    const url = `/api/facturas?pedidoId=${nacional.venta.pedidoId}`;
    const c = FacturasResponseSchema.parse(json(await get(compradorES, url)));
    expect(c.data.facturas.map((f) => f.id)).toEqual([nacional.venta.id]);
    const p = FacturasResponseSchema.parse(json(await get(productorES, url)));
    expect(p.data.facturas.map((f) => f.tipo).sort()).toEqual(['COMISION', 'VENTA']);
    expect(p.data.facturas.every((f) => f.pedidoId === nacional.venta.pedidoId)).toBe(true);
    expect(FacturasResponseSchema.parse(json(await get(otro, url))).data.facturas).toEqual([]);
    expect(FacturasResponseSchema.parse(json(await get(compradorDE, url))).data.facturas).toEqual([]);
    const bad = await get(compradorES, '/api/facturas?pedidoId=no-es-un-id');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/facturas/{id} and its PDF', () => {
  it('only the parties read it; anyone else, and a malformed id, get 404', async () => {
    const id = nacional.venta.id;
    const ok = FacturaResponseSchema.parse(json(await get(compradorES, `/api/facturas/${id}`)));
    expect(ok.data.factura).toMatchObject({ numero: nacional.venta.numero, totalCentavos: 542_685, estado: 'EMITIDA' });
    expect((await get(productorES, `/api/facturas/${id}`)).statusCode).toBe(200);
    for (const [who, url] of [
      [otro, `/api/facturas/${id}`],
      [compradorDE, `/api/facturas/${id}`],
      [otro, `/api/facturas/${id}/pdf`],
      [compradorDE, `/api/facturas/${id}/pdf`],
      [compradorES, '/api/facturas/no-es-un-id'],
      [compradorES, `/api/facturas/${nacional.comision.id}/pdf`],
    ] as const) {
      const res = await get(who, url);
      expect(res.statusCode, url).toBe(404);
      expect(json(res).error.message).toBe('Factura no encontrada.');
    }
    expect((await get(null, `/api/facturas/${id}/pdf`)).statusCode).toBe(401);
  });

  async function textoPdf(user: TestUser, id: string) {
    const res = await get(user, `/api/facturas/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="factura-[A-Z0-9-]+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Compared without whitespace: a long line may wrap anywhere (after a slash, a hyphen).
    return (await pdfText(res.rawPayload)).join('\n').replace(/\s+/g, '');
  }
  const sin = (s: string) => s.replace(/\s+/g, '');

  it('Spanish domestic sale: number, both tax ids, 10 % apart, totals', async () => {
    const t = await textoPdf(compradorES, nacional.venta.id);
    expect(t).toContain(sin(`Factura de venta nº ${nacional.venta.numero}`));
    expect(t).toContain(sin('NIF: ESB35999888'));
    expect(t).toContain(sin('NIF: ESB46123456'));
    expect(t).toContain(sin('IVA 10 %'));
    expect(t).toContain(sin(formatoImporte(493_350, 'EUR'))); // base 4.933,50 €
    expect(t).toContain(sin(formatoImporte(49_335, 'EUR'))); // tax 493,35 €
    expect(t).toContain(sin(formatoImporte(542_685, 'EUR'))); // total 5.426,85 €
    expect(t).toContain(sin('Neto 30 días tras embarque. Vencimiento: 01/04/2026.'));
    expect(t).toContain('Página1de1');
  });

  it('each tax case prints its mention', async () => {
    expect(await textoPdf(compradorDE, intra.venta.id)).toContain(sin(MENCIONES.INTRACOMUNITARIA));
    expect(await textoPdf(compradorUS, exportacion.venta.id)).toContain(sin(MENCIONES.EXPORTACION));
    // A Colombian exporter's sale delivered in Spain (DAP): a commercial invoice of an export, no Spanish law.
    const inv = await textoPdf(compradorES, inversion.venta.id);
    expect(inv).toContain(sin(`Factura comercial nº ${inversion.venta.numero}`));
    expect(inv).toContain(sin(mencionExportacionOrigen('CO')));
    expect(inv).not.toContain('37/1992');
    expect(inv).not.toContain('Directiva');
    expect(inv).toContain(sin('NIF: 900123456-7'));
    // Cereza's commission to a Colombian producer: not subject to Spanish VAT
    const com = await textoPdf(productorCO, inversion.comision.id);
    expect(com).toContain(sin(`Factura de comisión nº ${inversion.comision.numero}`));
    expect(com).toContain(sin(MENCIONES.NO_SUJETA_SERVICIOS));
    // Cereza's own identity, from its one source (contract/cereza).
    expect(com).toContain(sin(`NIF: ${CEREZA.nif}`));
    expect(com).toContain(sin(CEREZA.razonSocial));
    expect(com).toContain(sin(CEREZA.direccion.linea1));
  });

  it('a rectifying invoice references the original, in the detail and in its PDF', async () => {
    const pedidoId = nacional.venta.pedidoId!;
    const abono = await ctx.app.db.transaction((tx) =>
      emitirAbonoDeReclamo(tx, {
        pedidoId,
        descuentoBaseCentavos: 20_000,
        motivo: 'Defectos físicos',
        comisionBp: 400,
        now: clock.now(),
      }),
    );
    const t = await textoPdf(compradorES, abono.venta.id);
    expect(t).toContain(sin(`Factura rectificativa nº ${abono.venta.numero}`));
    expect(t).toContain(sin(`Rectifica la factura nº ${nacional.venta.numero}`));
    expect(t).toContain(sin(formatoImporte(-22_000, 'EUR')));
    const detalle = FacturaResponseSchema.parse(json(await get(compradorES, `/api/facturas/${nacional.venta.id}`)));
    expect(detalle.data.rectificativas.map((r) => r.numero)).toEqual([abono.venta.numero]);
  });
});

describe('GET /api/movimientos', () => {
  it('lists the account’s own movements with totals, balance and its evolution', async () => {
    const r = MovimientosResponseSchema.parse(json(await get(productorCO, '/api/movimientos')));
    expect(r.data.movimientos.map((m) => m.tipo).sort()).toEqual(['COMISION', 'FACTURA']);
    expect(r.data.saldos).toEqual([
      { moneda: 'EUR', saldoCentavos: inversion.venta.totalCentavos - inversion.comision.totalCentavos },
    ]);
    expect(r.data.evolucion).toEqual([
      { fecha: '2026-03-02', moneda: 'EUR', saldoCentavos: r.data.saldos[0].saldoCentavos },
    ]);
    const soloComision = MovimientosResponseSchema.parse(
      json(await get(productorCO, '/api/movimientos?tipo=COMISION')),
    );
    expect(soloComision.data.totales).toEqual([
      { tipo: 'COMISION', moneda: 'EUR', importeCentavos: -inversion.comision.totalCentavos },
    ]);
    const fuera = MovimientosResponseSchema.parse(json(await get(productorCO, '/api/movimientos?desde=2026-03-03')));
    expect(fuera.data.movimientos).toEqual([]);
    expect(MovimientosResponseSchema.parse(json(await get(otro, '/api/movimientos'))).data.movimientos).toEqual([]);
    expect((await get(productorCO, '/api/movimientos?tipo=OTRO')).statusCode).toBe(400);
  });

  it('the buyer’s ledger: what he owes and what he paid', async () => {
    await ctx.app.db.transaction((tx) =>
      registrarPagoDePedido(tx, { pedidoId: exportacion.venta.pedidoId!, now: clock.now() }),
    );
    const r = MovimientosResponseSchema.parse(json(await get(compradorUS, '/api/movimientos')));
    expect(r.data.movimientos.map((m) => [m.tipo, m.importeCentavos])).toEqual([
      ['PAGO', -exportacion.venta.totalCentavos],
      ['FACTURA', exportacion.venta.totalCentavos],
    ]);
    expect(r.data.saldos).toEqual([{ moneda: 'EUR', saldoCentavos: 0 }]);
  });

  it('exports CSV for a Spanish spreadsheet: BOM, semicolons, decimal comma', async () => {
    const res = await get(productorCO, '/api/movimientos?formato=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="movimientos.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lineas = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lineas[0]).toBe('Fecha;Tipo;Concepto;Factura;Pedido;Importe;Moneda;Saldo');
    expect(lineas).toHaveLength(3);
    const factura = lineas[1].split(';');
    expect(factura[0]).toBe('02/03/2026');
    expect(factura[1]).toBe('Factura');
    expect(factura[5]).toBe('4933,50');
    const comision = lineas[2].split(';');
    expect(comision[1]).toBe('Comisión');
    expect(comision[5]).toMatch(/^-\d+,\d{2}$/);
    expect(comision[7]).toBe(
      `${Math.floor((493_350 - 20_010) / 100)},${String((493_350 - 20_010) % 100).padStart(2, '0')}`,
    );
  });
});

describe('an invoice prints what it froze at issue (decision 065)', () => {
  async function texto(user: TestUser, id: string) {
    const res = await get(user, `/api/facturas/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    return (await pdfText(res.rawPayload)).join('\n').replace(/\s+/g, '');
  }
  const sin = (s: string) => s.replace(/\s+/g, '');

  it('a non-EU exporter’s sale freezes its title, tax line and note; printed again, it is the same document', async () => {
    const f = inversion.venta;
    expect(f).toMatchObject({
      titulo: 'Factura comercial',
      impuestoEtiqueta: 'Sin IVA (venta de exportación)',
      nota: 'Venta entre las partes indicadas; Cereza actúa como intermediario y no es parte de la compraventa.',
    });
    const t = await texto(compradorES, f.id);
    expect(t).toContain(sin(`Factura comercial nº ${f.numero}`));
    expect(t).toContain(sin('Sin IVA (venta de exportación)'));
    // No exemption of a VAT law that is not the issuer's.
    expect(t).not.toContain(sin('exportación exenta'));
    expect(await texto(compradorES, f.id)).toBe(t);
    // A Spanish sale and Cereza's commission freeze theirs too.
    expect(nacional.venta).toMatchObject({ titulo: 'Factura de venta', impuestoEtiqueta: 'IVA 10 %' });
    expect(inversion.comision).toMatchObject({
      titulo: 'Factura de comisión',
      impuestoEtiqueta: 'IVA 0 % (operación no sujeta)',
      nota: 'Servicio de intermediación de Cereza en la venta indicada.',
    });
  });

  it('a Colombian exporter’s sale issued before decision 048 still prints as it was issued, not as a commercial invoice', async () => {
    // Issued as the code then did: a "Factura de venta" whose frozen mention cites Spanish law, without frozen texts.
    const [antigua] = await ctx.app.db
      .insert(facturas)
      .values({
        ...inversion.venta,
        id: undefined,
        serie: 'V-PRUEBA-2025',
        secuencia: 1,
        numero: 'V-PRUEBA-2025-000001',
        pedidoId: null,
        menciones: [MENCIONES.EXPORTACION],
        regimen: 'EXPORTACION',
        titulo: null,
        impuestoEtiqueta: null,
        nota: null,
      })
      .returning();
    const t = await texto(compradorES, antigua.id);
    // The title printed today was computed from the issuer's country: "Factura comercial" over a Spanish citation.
    expect(t).toContain(sin(`Factura de venta nº ${antigua.numero}`));
    expect(t).not.toContain(sin('Factura comercial'));
    expect(t).toContain(sin(MENCIONES.EXPORTACION));
    expect(t).toContain(sin('IVA 0 % (exportación exenta)'));
    expect(await texto(compradorES, antigua.id)).toBe(t);

    // One issued since 048 but before the texts were frozen prints as it did then: a commercial invoice.
    const [intermedia] = await ctx.app.db
      .insert(facturas)
      .values({
        ...inversion.venta,
        id: undefined,
        serie: 'V-PRUEBA-2025',
        secuencia: 2,
        numero: 'V-PRUEBA-2025-000002',
        pedidoId: null,
        titulo: null,
        impuestoEtiqueta: null,
        nota: null,
      })
      .returning();
    const t2 = await texto(compradorES, intermedia.id);
    expect(t2).toContain(sin(`Factura comercial nº ${intermedia.numero}`));
    expect(t2).toContain(sin('IVA 0 % (exportación exenta)'));
  });

  it('the rectifying invoice of a non-EU exporter’s sale cites no Spanish regulation; a Spanish one does', async () => {
    const abono = await ctx.app.db.transaction((tx) =>
      emitirAbonoDeReclamo(tx, {
        pedidoId: inversion.venta.pedidoId!,
        descuentoBaseCentavos: 10_000,
        motivo: 'Humedad',
        comisionBp: 400,
        now: clock.now(),
      }),
    );
    expect(abono.venta.menciones[0]).toBe(
      `Factura rectificativa de la factura ${inversion.venta.numero} de ${inversion.venta.fechaEmision}, por diferencias.`,
    );
    const t = await texto(compradorES, abono.venta.id);
    expect(t).not.toContain('1619/2012');
    expect(t).toContain(sin('Sin IVA (venta de exportación)'));
    // Cereza's (Spanish) rectifying commission invoice keeps the citation.
    expect(abono.comision!.menciones[0]).toContain('(art. 15 RD 1619/2012)');
  });
});
