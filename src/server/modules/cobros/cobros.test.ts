import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PedidoDetalleResponseSchema, PedidoResponseSchema, formatoDinero } from '../../../contract/pedidos';
import { ManualClock } from '../../clock';
import { apuntesBancarios, extractosBancarios } from '../../db/schema/cobros';
import { facturas, movimientos } from '../../db/schema/facturas';
import { notificaciones } from '../../db/schema/notificaciones';
import { auditoria } from '../../db/schema/operador';
import { pedidos } from '../../db/schema/pedidos';
import { buildCamt053, type CamtFixtureEntry } from '../../lib/iso20022/camt053-fixture';
import { esReferenciaRfValida, rfImpreso } from '../../lib/iso20022/rf';
import { pdfText } from '../../test/pdf-text';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { INFO, userConInfo } from '../facturas/test-fixtures';
import { postLote } from '../lotes/test-fixtures';
import { extractoDemo } from './demo';
import { cargaEpc } from '../../lib/iso20022/epc-qr';

const IBAN = 'ES7921000813610123456789';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let productor: TestUser;
let operador: TestUser;
let loteId: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  productor = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  operador = await createUser(ctx, 'OPERADOR');
  loteId = (await postLote(ctx, productor, { sacosDisponibles: 5000, loteMinimoSacos: 1, moneda: 'EUR' })).id;
});
afterAll(() => ctx.close());

const accion = (user: TestUser, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/pedidos/${id}/acciones`, headers: bearer(user), payload: body });

/** A confirmed order paid through Cereza, shipped: its sale invoice carries the payment instructions. */
async function embarcado(cobro: 'CEREZA' | 'DIRECTO' = 'CEREZA') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { loteId, sacos: 2, condicionMuestra: 'SIN_MUESTRA', cobro },
  });
  expect(res.statusCode, res.body).toBe(201);
  const pedido = PedidoResponseSchema.parse(json(res)).data.pedido;
  expect((await accion(productor, pedido.id, { accion: 'CONFIRMAR' })).statusCode).toBe(200);
  const emb = await accion(productor, pedido.id, {
    accion: 'EMBARCAR',
    naviera: 'Maersk',
    contenedor: 'MSKU1234567',
    conocimientoEmbarque: 'MAEU-240011',
    etd: '2026-04-01',
    eta: '2026-04-20',
  });
  expect(emb.statusCode, emb.body).toBe(200);
  const [row] = await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, pedido.id));
  const [venta] = await ctx.app.db
    .select()
    .from(facturas)
    .where(and(eq(facturas.pedidoId, pedido.id), eq(facturas.tipo, 'VENTA')));
  return { pedido: row, venta };
}

let n = 0;
const ref = () => `BANK-${++n}-${randomUUID().slice(0, 8)}`;
const abono = (amountMinor: number, extra: Partial<CamtFixtureEntry> = {}): CamtFixtureEntry => ({
  creditDebit: 'CRDT',
  amountMinor: BigInt(amountMinor),
  acctSvcrRef: ref(),
  debtorName: 'Tostadores del Sur, S.L.',
  debtorIban: 'ES9121000418450200051332',
  ...extra,
});

const importFile = (xml: string, user: TestUser = operador) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/operador/cobros/extractos?nombre=extracto.xml',
    headers: { ...bearer(user), 'content-type': 'application/xml' },
    payload: xml,
  });

const estado = async (id: string) => (await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;
const pagosComprador = async (pedidoId: string) =>
  (
    await ctx.app.db
      .select()
      .from(movimientos)
      .where(
        and(eq(movimientos.pedidoId, pedidoId), eq(movimientos.cuentaId, comprador.id), eq(movimientos.tipo, 'PAGO')),
      )
  ).reduce((a, m) => a + m.importeCentavos, 0);

describe('the sale invoice of an order paid through Cereza', () => {
  it('carries the client-money account and a valid RF reference unique to the order; direct orders carry none', async () => {
    const a = await embarcado();
    const b = await embarcado();
    expect(a.venta.instruccionesPago).toMatchObject({
      iban: IBAN,
      bic: 'CAIXESBBXXX',
      referencia: a.pedido.referenciaCobro,
    });
    expect(esReferenciaRfValida(a.pedido.referenciaCobro!)).toBe(true);
    expect(a.pedido.referenciaCobro).not.toBe(b.pedido.referenciaCobro);
    const d = await embarcado('DIRECTO');
    expect(d.venta.instruccionesPago).toBeNull();
    // The producer cannot record a payment Cereza collects; he can for a direct one.
    const r = await accion(productor, a.pedido.id, { accion: 'REGISTRAR_PAGO' });
    expect(r.statusCode).toBe(409);
    expect(json(r).error.message).toMatch(/cuenta de clientes de Cereza/);
    expect((await accion(productor, d.pedido.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(200);
  });

  it('the buyer reads the instructions, the amount due and the EPC QR on the order page', async () => {
    const { pedido, venta } = await embarcado();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${pedido.id}`, headers: bearer(comprador) });
    const cobro = PedidoDetalleResponseSchema.parse(json(res)).data.cobro!;
    expect(cobro).toMatchObject({
      iban: IBAN,
      referencia: pedido.referenciaCobro,
      totalCentavos: venta.totalCentavos,
      pendienteCentavos: venta.totalCentavos,
      pagadoCentavos: 0,
    });
    expect(cobro.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/facturas/${venta.id}/pdf`,
      headers: bearer(comprador),
    });
    expect(pdf.statusCode).toBe(200);
    const texto = (await pdfText(pdf.rawPayload)).join(' ');
    expect(texto).toContain('cuenta de clientes de Cereza');
    expect(texto).toContain(rfImpreso(pedido.referenciaCobro!));
    expect(texto).toContain('ES79 2100 0813 6101 2345 6789');
    const epc = cargaEpc({ ...cobro, centavos: 123456 }).split('\n');
    expect(epc.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(epc[6]).toBe(IBAN);
    expect(epc[7]).toBe('EUR1234.56');
    expect(epc[9]).toBe(pedido.referenciaCobro);
  });
});

describe.each(['001.02', '001.08'] as const)('statement import, camt.053.%s', (version) => {
  const extracto = (entries: CamtFixtureEntry[], extra: { messageId?: string; iban?: string } = {}) =>
    buildCamt053({
      version,
      iban: extra.iban ?? IBAN,
      currency: 'EUR',
      date: '2026-03-02',
      messageId: extra.messageId ?? `MSG-${randomUUID()}`,
      entries,
    });

  it('an exact payment with the RF reference pays the order, its invoices and both ledgers, and tells both parties', async () => {
    const { pedido, venta } = await embarcado();
    const res = await importFile(
      extracto([abono(venta.totalCentavos, { creditorReference: pedido.referenciaCobro! })]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data.resumen).toMatchObject({ nuevos: 1, conciliados: 1, pendientes: 0, duplicados: 0 });
    expect(data.apuntes[0]).toMatchObject({ estado: 'CONCILIADO', metodo: 'REFERENCIA', pedidoNumero: pedido.numero });
    expect((await estado(pedido.id)).estadoPago).toBe('PAGADO');
    const inv = await ctx.app.db.select().from(facturas).where(eq(facturas.pedidoId, pedido.id));
    expect(inv.every((f) => f.estado === 'PAGADA')).toBe(true);
    expect(await pagosComprador(pedido.id)).toBe(-venta.totalCentavos);
    // Paid through Cereza: nothing reaches the producer's ledger until the payout (decision 054).
    const prod = await ctx.app.db
      .select()
      .from(movimientos)
      .where(
        and(eq(movimientos.pedidoId, pedido.id), eq(movimientos.cuentaId, productor.id), eq(movimientos.tipo, 'PAGO')),
      );
    expect(prod).toHaveLength(0);
    const avisos = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.tipo, 'PEDIDO_PAGO_RECIBIDO'), eq(notificaciones.entidadId, pedido.id)));
    expect(avisos.map((a) => a.userId).sort()).toEqual([comprador.id, productor.id].sort());
  });

  it('a reference with a typo falls back to the invoice number in the remittance text and the amount', async () => {
    const { pedido, venta } = await embarcado();
    const rf = pedido.referenciaCobro!;
    const typo = rf.slice(0, -1) + (rf.endsWith('1') ? '2' : '1');
    expect(esReferenciaRfValida(typo)).toBe(false);
    const res = await importFile(
      extracto([abono(venta.totalCentavos, { creditorReference: typo, unstructured: `Pago factura ${venta.numero}` })]),
    );
    expect(json(res).data.apuntes[0]).toMatchObject({ estado: 'CONCILIADO', metodo: 'CONCEPTO' });
    expect((await estado(pedido.id)).estadoPago).toBe('PAGADO');
    // The same text with another amount is not enough: it waits for the operator.
    const otro = await embarcado();
    const r2 = await importFile(
      extracto([abono(otro.venta.totalCentavos - 1, { unstructured: `Pedido ${otro.pedido.numero}` })]),
    );
    expect(json(r2).data.apuntes[0]).toMatchObject({ estado: 'PENDIENTE' });
    expect(json(r2).data.apuntes[0].nota).toMatch(/importe no es lo pendiente/);
  });

  it('a partial payment leaves the rest due; the second transfer completes it; an overpayment is flagged', async () => {
    const { pedido, venta } = await embarcado();
    const rf = pedido.referenciaCobro!;
    const mitad = Math.floor(venta.totalCentavos / 2);
    const r1 = await importFile(extracto([abono(mitad, { creditorReference: rf })]));
    expect(json(r1).data.apuntes[0].nota).toMatch(/Pago parcial/);
    expect((await estado(pedido.id)).estadoPago).toBe('PENDIENTE');
    const det = await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${pedido.id}`, headers: bearer(comprador) });
    expect(json(det).data.cobro.pendienteCentavos).toBe(venta.totalCentavos - mitad);
    expect(await pagosComprador(pedido.id)).toBe(-mitad);
    // Both parties are told: the buyer what remains (and how to pay it), the producer that part has arrived.
    const parciales = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.tipo, 'PEDIDO_PAGO_PARCIAL'), eq(notificaciones.entidadId, pedido.id)));
    const resta = formatoDinero(venta.totalCentavos - mitad, 'EUR');
    const para = (id: string) => parciales.find((n) => n.userId === id)!;
    expect(parciales).toHaveLength(2);
    expect(para(comprador.id).titulo).toBe(`Pago parcial del pedido ${pedido.numero}: quedan ${resta}`);
    expect(para(comprador.id).texto).toContain(`Quedan ${resta} por pagar: transfiérelos con la misma referencia.`);
    expect(para(productor.id).texto).toContain(`Cereza recibió ${formatoDinero(mitad, 'EUR')} del comprador`);

    const resto = venta.totalCentavos - mitad;
    const r2 = await importFile(extracto([abono(resto + 500, { creditorReference: rf })]));
    expect(json(r2).data.apuntes[0]).toMatchObject({ aplicadoCentavos: resto, excesoCentavos: 500 });
    expect(json(r2).data.apuntes[0].nota).toMatch(/Pago de más/);
    expect((await estado(pedido.id)).estadoPago).toBe('PAGADO');
    expect(await pagosComprador(pedido.id)).toBe(-venta.totalCentavos);
    const panel = json(await ctx.app.inject({ method: 'GET', url: '/api/operador/cobros', headers: bearer(operador) }));
    expect(panel.data.excesos.some((a: { pedidoNumero: string }) => a.pedidoNumero === pedido.numero)).toBe(true);
  });

  it('importing the same statement twice changes nothing', async () => {
    const { pedido, venta } = await embarcado();
    const xml = extracto([abono(venta.totalCentavos, { creditorReference: pedido.referenciaCobro! }), abono(777)]);
    expect(json(await importFile(xml)).data.resumen).toMatchObject({ nuevos: 2, conciliados: 1, pendientes: 1 });
    const antes = (await ctx.app.db.select().from(movimientos)).length;
    const again = json(await importFile(xml)).data;
    expect(again.resumen).toMatchObject({ nuevos: 0, duplicados: 2, conciliados: 0, pendientes: 0 });
    expect((await ctx.app.db.select().from(movimientos)).length).toBe(antes);
    // The same entry inside another statement file (another message id) is still the same entry.
    const otra = buildCamt053({
      version,
      iban: IBAN,
      currency: 'EUR',
      messageId: `OTRO-${randomUUID()}`,
      entries: [
        abono(venta.totalCentavos, {
          creditorReference: pedido.referenciaCobro!,
          acctSvcrRef: json(await importFile(xml)).data.apuntes[0].refBanco,
        }),
      ],
    });
    expect(json(await importFile(otra)).data.resumen).toMatchObject({ nuevos: 0, duplicados: 1 });
    expect(await pagosComprador(pedido.id)).toBe(-venta.totalCentavos);
  });

  it('a buyer’s transfer the bank reverses waits for the operator, naming the order, and the order stays paid', async () => {
    const { pedido, venta } = await embarcado();
    const rf = pedido.referenciaCobro!;
    await importFile(extracto([abono(venta.totalCentavos, { creditorReference: rf })]));
    expect((await estado(pedido.id)).estadoPago).toBe('PAGADO');
    const res = await importFile(
      extracto([
        {
          creditDebit: 'DBIT',
          reversal: true,
          amountMinor: BigInt(venta.totalCentavos),
          acctSvcrRef: ref(),
          creditorReference: rf,
        },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [apunte] = json(res).data.apuntes;
    expect(apunte).toMatchObject({ estado: 'PENDIENTE', sentido: 'DBIT' });
    expect(apunte.nota).toContain(`Es del pedido ${pedido.numero}, que sigue constando como pagado`);
    // Booked money: the client-money balance counts it among the debits still waiting (decision 067).
    expect((await estado(pedido.id)).estadoPago).toBe('PAGADO');
    expect(await pagosComprador(pedido.id)).toBe(-venta.totalCentavos);
  });

  it('a credit in a currency Cereza does not collect waits for the operator', async () => {
    const res = await importFile(extracto([abono(5000, { currency: 'CHF', unstructured: 'Zahlung' })]));
    expect(json(res).data.apuntes[0]).toMatchObject({ estado: 'PENDIENTE', moneda: 'CHF' });
    expect(json(res).data.apuntes[0].nota).toMatch(/Moneda CHF/);
  });

  it('a malformed file or another account’s statement is refused in Spanish and nothing of it is applied', async () => {
    const { pedido, venta } = await embarcado();
    const buena = abono(venta.totalCentavos, { creditorReference: pedido.referenciaCobro! });
    const xml = extracto([buena, abono(100, { acctSvcrRef: 'ROTO' })]).replace(
      '<Amt Ccy="EUR">1.00</Amt>',
      '<Amt Ccy="EUR">1,00</Amt>',
    );
    const antes = (await ctx.app.db.select().from(extractosBancarios)).length;
    const res = await importFile(xml);
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toMatch(/importe «1,00».*No se ha aplicado nada/);
    const ajeno = await importFile(extracto([buena], { iban: 'ES9121000418450200051332' }));
    expect(ajeno.statusCode).toBe(422);
    expect(json(ajeno).error.message).toMatch(/no de la cuenta de clientes de Cereza/);
    const roto = await importFile('<Document><BkToCstmrStmt>');
    expect(roto.statusCode).toBe(400);
    expect((await ctx.app.db.select().from(extractosBancarios)).length).toBe(antes);
    expect((await estado(pedido.id)).estadoPago).toBe('PENDIENTE');
    const [a] = await ctx.app.db
      .select()
      .from(apuntesBancarios)
      .where(eq(apuntesBancarios.claveBanco, `${IBAN}|${buena.acctSvcrRef}`));
    expect(a).toBeUndefined();
  });

  it('the operator matches a waiting credit by hand (audited); only operators may', async () => {
    const { pedido, venta } = await embarcado();
    const res = await importFile(extracto([abono(venta.totalCentavos, { unstructured: 'transferencia cafe' })]));
    const apunte = json(res).data.apuntes[0];
    expect(apunte.estado).toBe('PENDIENTE');
    const url = `/api/operador/cobros/apuntes/${apunte.id}/conciliar`;
    const payload = { numero: pedido.numero, motivo: 'El ordenante confirmó por correo que paga este pedido.' };
    expect((await ctx.app.inject({ method: 'POST', url, headers: bearer(comprador), payload })).statusCode).toBe(403);
    const ok = await ctx.app.inject({ method: 'POST', url, headers: bearer(operador), payload });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.apunte).toMatchObject({ estado: 'CONCILIADO', metodo: 'MANUAL' });
    expect((await estado(pedido.id)).estadoPago).toBe('PAGADO');
    const log = await ctx.app.db.select().from(auditoria).where(eq(auditoria.entidadId, pedido.id));
    expect(log.map((l) => l.accion)).toContain('CONCILIAR_COBRO');
    const again = await ctx.app.inject({ method: 'POST', url, headers: bearer(operador), payload });
    expect(again.statusCode).toBe(409);
    const nadie = await ctx.app.inject({
      method: 'POST',
      url: `/api/operador/cobros/apuntes/${randomUUID()}/conciliar`,
      headers: bearer(operador),
      payload,
    });
    expect(nadie.statusCode).toBe(404);
  });
});

describe('client money per currency', () => {
  it('sets what the books hold (collected − paid out) against the latest statement’s closing balance and shows the difference', async () => {
    const saldo = async () =>
      (
        json(await ctx.app.inject({ method: 'GET', url: '/api/operador/cobros', headers: bearer(operador) })).data
          .saldos as { moneda: string }[]
      ).find((x) => x.moneda === 'GBP');
    // A currency of its own: a credit nobody can match and a debit that is no payout, 100,00 − 25,00.
    const xml = buildCamt053({
      iban: IBAN,
      currency: 'GBP',
      date: '2026-03-01',
      messageId: `GBP-${randomUUID()}`,
      entries: [
        abono(10_000, { unstructured: 'Payment' }),
        { creditDebit: 'DBIT', amountMinor: 2_500n, acctSvcrRef: ref() },
      ],
    });
    expect((await importFile(xml)).statusCode).toBe(200);
    expect(await saldo()).toEqual({
      moneda: 'GBP',
      cobradoCentavos: 0,
      pagadoCentavos: 0,
      abonosPendientesCentavos: 10_000,
      cargosPendientesCentavos: 2_500,
      bancoCentavos: 7_500,
      fechaBanco: '2026-03-01',
      // Nothing collected or paid out yet: the bank holds exactly what waits unmatched.
      diferenciaCentavos: 7_500,
    });
    // A later statement whose balance the books cannot explain: the difference says so.
    const despues = buildCamt053({
      iban: IBAN,
      currency: 'GBP',
      date: '2026-03-02',
      messageId: `GBP-${randomUUID()}`,
      closingMinor: 9_999n,
      entries: [],
    });
    expect((await importFile(despues)).statusCode).toBe(200);
    expect(await saldo()).toMatchObject({ bancoCentavos: 9_999, fechaBanco: '2026-03-02', diferenciaCentavos: 9_999 });
  });
});

describe('concurrency', () => {
  it('two overlapping statements imported at once never pay an order twice', async () => {
    const { pedido, venta } = await embarcado();
    const rf = pedido.referenciaCobro!;
    const comun = abono(venta.totalCentavos, { creditorReference: rf });
    const f1 = buildCamt053({
      iban: IBAN,
      currency: 'EUR',
      messageId: `A-${randomUUID()}`,
      entries: [comun, abono(venta.totalCentavos, { creditorReference: rf })],
    });
    const f2 = buildCamt053({
      version: '001.02',
      iban: IBAN,
      currency: 'EUR',
      messageId: `B-${randomUUID()}`,
      entries: [abono(venta.totalCentavos, { creditorReference: rf }), comun],
    });
    const [r1, r2] = await Promise.all([importFile(f1), importFile(f2)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const filas = await ctx.app.db.select().from(apuntesBancarios).where(eq(apuntesBancarios.pedidoId, pedido.id));
    expect(filas).toHaveLength(3);
    expect(filas.reduce((a, f) => a + f.aplicadoCentavos, 0)).toBe(venta.totalCentavos);
    expect(filas.reduce((a, f) => a + f.excesoCentavos, 0)).toBe(2 * venta.totalCentavos);
    expect(await pagosComprador(pedido.id)).toBe(-venta.totalCentavos);
    expect((await estado(pedido.id)).estadoPago).toBe('PAGADO');
  });

  it('two statements with different transfers for one order imported at once: one pays it, the other is an overpayment', async () => {
    // No entry in common, so nothing makes one import wait for the other but the order's row lock.
    const { pedido, venta } = await embarcado();
    const rf = pedido.referenciaCobro!;
    const uno = (messageId: string) =>
      buildCamt053({
        iban: IBAN,
        currency: 'EUR',
        messageId,
        entries: [abono(venta.totalCentavos, { creditorReference: rf })],
      });
    const [r1, r2] = await Promise.all([importFile(uno(`C-${randomUUID()}`)), importFile(uno(`D-${randomUUID()}`))]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const filas = await ctx.app.db.select().from(apuntesBancarios).where(eq(apuntesBancarios.pedidoId, pedido.id));
    expect(filas.map((f) => f.aplicadoCentavos).sort((a, b) => a - b)).toEqual([0, venta.totalCentavos]);
    expect(await pagosComprador(pedido.id)).toBe(-venta.totalCentavos);
    const recibidos = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.tipo, 'PEDIDO_PAGO_RECIBIDO'), eq(notificaciones.entidadId, pedido.id)));
    expect(recibidos).toHaveLength(2);
  });
});

describe('payment reminders', () => {
  it('remind the buyer before the due date and after it, quoting what is still due; the order turns VENCIDO', async () => {
    const { pedido, venta } = await embarcado();
    // Half paid: the reminders quote the other half.
    await importFile(
      buildCamt053({
        iban: IBAN,
        currency: 'EUR',
        messageId: `R-${randomUUID()}`,
        entries: [abono(Math.floor(venta.totalCentavos / 2), { creditorReference: pedido.referenciaCobro! })],
      }),
    );
    const vence = (await estado(pedido.id)).pagoVenceAt!;
    const avisos = async () =>
      (
        await ctx.app.db
          .select()
          .from(notificaciones)
          .where(and(eq(notificaciones.tipo, 'PEDIDO_PAGO_RECORDATORIO'), eq(notificaciones.entidadId, pedido.id)))
      ).map((a) => a.titulo);
    clock.set(new Date(vence.getTime() - 4 * 86_400_000));
    await ctx.app.scheduler.runTask('pedidos.plazos');
    expect(await avisos()).toHaveLength(0);
    clock.set(new Date(vence.getTime() - 2 * 86_400_000));
    await ctx.app.scheduler.runTask('pedidos.plazos');
    await ctx.app.scheduler.runTask('pedidos.plazos');
    expect(await avisos()).toEqual([expect.stringMatching(/el pago vence el/)]);
    clock.set(new Date(vence.getTime() + 2 * 86_400_000));
    await ctx.app.scheduler.runTask('pedidos.plazos');
    expect((await estado(pedido.id)).estadoPago).toBe('VENCIDO');
    expect(await avisos()).toEqual(
      expect.arrayContaining([expect.stringMatching(/el pago vence el/), expect.stringMatching(/venció el/)]),
    );
    expect(await avisos()).toHaveLength(2);
  });
});

describe('the demo statement', () => {
  it('pays the open orders collected through Cereza and leaves the two odd credits for the operator', async () => {
    const abiertos = await embarcado();
    const xml = await extractoDemo(ctx.app.db, clock.now());
    const res = await importFile(xml);
    expect(res.statusCode, res.body).toBe(200);
    const apuntes = json(res).data.apuntes as Array<{ estado: string; refBanco: string; pedidoNumero: string | null }>;
    const pendientes = apuntes.filter((a) => a.estado === 'PENDIENTE').map((a) => a.refBanco);
    expect(pendientes).toHaveLength(2);
    expect(pendientes.some((r) => r.endsWith('SIN-REF'))).toBe(true);
    expect(pendientes.some((r) => r.endsWith('CHF'))).toBe(true);
    expect(apuntes.some((a) => a.pedidoNumero === abiertos.pedido.numero)).toBe(true);
  });
});
