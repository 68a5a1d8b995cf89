import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { PedidoResponseSchema } from '../../../contract/pedidos';
import { LIQUIDACION_MESSAGES } from '../../../contract/liquidaciones';
import { facturas, movimientos } from '../../db/schema/facturas';
import { cuentasCobro, devengos, pagoDevengos, pagosProductor } from '../../db/schema/liquidaciones';
import { notificaciones } from '../../db/schema/notificaciones';
import { auditoria } from '../../db/schema/operador';
import { pedidos } from '../../db/schema/pedidos';
import { buildCamt053, type CamtFixtureEntry } from '../../lib/iso20022/camt053-fixture';
import { HOUR, ManualClock } from '../../clock';
import { bearer, createUser, json, type TestUser } from '../../test/helpers';
import { createTestAppWithSmtp, recipientOf, type TestSmtp } from '../../test/mail';
import { pdfText } from '../../test/pdf-text';
import { postLote } from '../lotes/test-fixtures';
import { INFO, userConInfo } from '../facturas/test-fixtures';
import { confirmarPagosDeExtracto } from './remesas';
import { resolverReclamo } from '../pedidos';

let ctx: Awaited<ReturnType<typeof createTestAppWithSmtp>>;
let smtp: TestSmtp;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let productor: TestUser;
let productor2: TestUser;
let operador: TestUser;
let loteId: string;
let lote2Id: string;

beforeAll(async () => {
  ctx = await createTestAppWithSmtp({ clock });
  smtp = ctx.smtp;
  comprador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  productor = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  productor2 = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
  operador = await createUser(ctx, 'OPERADOR');
  loteId = (await postLote(ctx, productor, { sacosDisponibles: 5000, loteMinimoSacos: 1 })).id;
  lote2Id = (await postLote(ctx, productor2, { sacosDisponibles: 5000, loteMinimoSacos: 1 })).id;
}, 60_000);
afterAll(() => ctx.close());

const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(u), ...(payload === undefined ? {} : { payload: payload as object }) });
const accion = (u: TestUser, id: string, body: Record<string, unknown>) =>
  as(u, 'POST', `/api/pedidos/${id}/acciones`, body);

/** An order reserved, confirmed, shipped and paid: the point where Cereza owes its producer. */
async function pedidoPagado(lote: string, vendedor: TestUser, sacos = 2) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { loteId: lote, sacos, condicionMuestra: 'SIN_MUESTRA' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const pedido = PedidoResponseSchema.parse(json(res)).data.pedido;
  expect((await accion(vendedor, pedido.id, { accion: 'CONFIRMAR' })).statusCode).toBe(200);
  const emb = await accion(vendedor, pedido.id, {
    accion: 'EMBARCAR',
    naviera: 'Maersk',
    contenedor: 'MSKU1234567',
    conocimientoEmbarque: 'MAEU-240011',
    etd: '2026-04-01',
    eta: '2026-04-20',
  });
  expect(emb.statusCode, emb.body).toBe(200);
  // Paid through Cereza (the default): the buyer's transfer arrives in the statement the operator imports.
  const [row] = await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, pedido.id));
  const [venta] = await ctx.app.db
    .select()
    .from(facturas)
    .where(and(eq(facturas.pedidoId, pedido.id), eq(facturas.tipo, 'VENTA')));
  const xml = buildCamt053({
    iban: 'ES7921000813610123456789',
    currency: row.moneda,
    messageId: `PAGO-${randomUUID()}`,
    entries: [
      {
        creditDebit: 'CRDT',
        amountMinor: BigInt(venta.totalCentavos),
        acctSvcrRef: `COBRO-${randomUUID()}`,
        creditorReference: row.referenciaCobro!,
      },
    ],
  });
  const pago = await ctx.app.inject({
    method: 'POST',
    url: '/api/operador/cobros/extractos',
    headers: { ...bearer(operador), 'content-type': 'application/xml' },
    payload: xml,
  });
  expect(pago.statusCode, pago.body).toBe(200);
  expect(json(pago).data.resumen.conciliados).toBe(1);
  return pedido;
}

const SEPA = {
  tipo: 'SEPA',
  titular: 'Cooperativa Café Huila Ñame & Cía',
  iban: 'ES91 2100 0418 4502 0005 1332',
  bic: 'CAIXESBBXXX',
};
const EXTERIOR = {
  tipo: 'INTERNACIONAL',
  titular: 'Finca El Paraíso SAS',
  banco: 'Bancolombia',
  bic: 'COLOCOBMXXX',
  numeroCuenta: '123-456789-01',
  pais: 'CO',
};

describe('the payout account', () => {
  it('asks for the password again, checks IBAN and BIC with their check digits, and refuses other roles', async () => {
    const sin = await as(productor, 'PUT', '/api/liquidaciones/cuenta-cobro', SEPA);
    expect(sin.statusCode).toBe(400);
    expect(json(sin).error.fields.password).toBe('Escribe tu contraseña para confirmar el cambio.');
    const mala = await as(productor, 'PUT', '/api/liquidaciones/cuenta-cobro', { ...SEPA, password: 'no-es-esta' });
    expect(mala.statusCode).toBe(403);
    expect(json(mala).error.code).toBe('REAUTH_FAILED');

    // One digit changed: the check digits no longer hold.
    const iban = await as(productor, 'PUT', '/api/liquidaciones/cuenta-cobro', {
      ...SEPA,
      iban: 'ES91 2100 0418 4502 0005 1333',
      password: productor.password,
    });
    expect(iban.statusCode).toBe(400);
    expect(json(iban).error.message).toBe(LIQUIDACION_MESSAGES.IBAN_NO_VALIDO);
    expect(isValidIBAN('ES9121000418450200051333')).toBe(false);

    const bicPais = await as(productor, 'PUT', '/api/liquidaciones/cuenta-cobro', {
      ...SEPA,
      bic: 'DEUTDEFFXXX',
      password: productor.password,
    });
    expect(json(bicPais).error.message).toBe(LIQUIDACION_MESSAGES.BIC_OTRO_PAIS);
    const sepaComoExterior = await as(productor, 'PUT', '/api/liquidaciones/cuenta-cobro', {
      ...EXTERIOR,
      pais: 'ES',
      bic: 'CAIXESBBXXX',
      password: productor.password,
    });
    expect(json(sepaComoExterior).error.message).toBe(LIQUIDACION_MESSAGES.PAIS_SEPA);

    expect(
      (await as(comprador, 'PUT', '/api/liquidaciones/cuenta-cobro', { ...SEPA, password: comprador.password }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/liquidaciones/cuenta-cobro' })).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(cuentasCobro)).toHaveLength(0);
  });

  it('a change is held 48 hours, e-mailed to the account, and the previous account stays on record', async () => {
    const first = await as(productor, 'PUT', '/api/liquidaciones/cuenta-cobro', {
      ...EXTERIOR,
      password: productor.password,
    });
    expect(first.statusCode, first.body).toBe(200);
    const mail = await smtp.waitFor(
      (m) => recipientOf(m) === productor.email && m.subject === 'Tu cuenta de cobro ha cambiado',
    );
    expect(mail.text).toContain('•••• 9-01');

    const second = await as(productor, 'PUT', '/api/liquidaciones/cuenta-cobro', {
      ...SEPA,
      password: productor.password,
    });
    expect(second.statusCode, second.body).toBe(200);
    const cuenta = json(second).data.cuenta;
    expect(new Date(cuenta.vigenteDesde).getTime() - clock.now().getTime()).toBe(48 * HOUR);
    expect(cuenta.cuentaEnmascarada).toBe('ES•• •••• 1332');
    await smtp.waitFor((m) => recipientOf(m) === productor.email && (m.text ?? '').includes('1332'));

    const leida = json(await as(productor, 'GET', '/api/liquidaciones/cuenta-cobro')).data;
    expect(leida.historial).toHaveLength(2);
    expect(leida.historial[1].sustituidaAt).not.toBeNull();
    expect(leida.cuenta.id).toBe(cuenta.id);
    // Records are permanent: the database itself refuses to delete or rewrite an account.
    await expect(ctx.app.db.delete(cuentasCobro).where(eq(cuentasCobro.productorId, productor.id))).rejects.toThrow();
    await expect(
      ctx.app.db.update(cuentasCobro).set({ iban: 'ES7921000813610123456789' }).where(eq(cuentasCobro.id, cuenta.id)),
    ).rejects.toThrow();
  });
});

describe('owed, batched, sent, confirmed', () => {
  let pedidoA: { id: string; numero: string };
  let pedidoB: { id: string; numero: string };
  let remesaId: string;

  it('a paid and invoiced order is owed to its producer: the sale total less the commission invoice', async () => {
    pedidoA = await pedidoPagado(loteId, productor, 3);
    pedidoB = await pedidoPagado(lote2Id, productor2, 2);
    const docs = await ctx.app.db.select().from(facturas).where(eq(facturas.pedidoId, pedidoA.id));
    const venta = docs.find((f) => f.tipo === 'VENTA')!;
    const comision = docs.find((f) => f.tipo === 'COMISION')!;
    const [linea] = await ctx.app.db.select().from(devengos).where(eq(devengos.pedidoId, pedidoA.id));
    expect(linea).toMatchObject({
      tipo: 'VENTA',
      ventaCentavos: venta.totalCentavos,
      comisionCentavos: comision.totalCentavos,
      importeCentavos: venta.totalCentavos - comision.totalCentavos,
    });
    expect(Number.isSafeInteger(linea.importeCentavos)).toBe(true);
    const mios = json(await as(productor, 'GET', '/api/liquidaciones')).data;
    expect(mios.saldos).toEqual([
      expect.objectContaining({ moneda: venta.moneda, pendienteCentavos: linea.importeCentavos, lineasPendientes: 1 }),
    ]);
    expect(mios.pendientes[0]).toMatchObject({ ventaNumero: venta.numero, comisionNumero: comision.numero });
    // The buyer has no payouts; a stranger sees nothing of another's.
    expect((await as(comprador, 'GET', '/api/liquidaciones')).statusCode).toBe(403);
  });

  it('nothing goes to an account inside its 48 hours or to a producer without one', async () => {
    const res = await as(operador, 'POST', '/api/operador/remesas', { motivo: 'Pagos de la semana' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toBe(LIQUIDACION_MESSAGES.NADA_QUE_PAGAR);
    const debido = json(await as(operador, 'GET', '/api/operador/liquidaciones')).data.debido;
    const p1 = debido.find((d: { productorId: string }) => d.productorId === productor.id);
    expect(p1.retenidaHasta).not.toBeNull();
    expect(p1.listo).toBe(false);
    expect(debido.find((d: { productorId: string }) => d.productorId === productor2.id).cuenta).toBeNull();
  });

  it('generates a pain.001 whose control sums equal its lines, with valid IBAN/BIC and unique ids', async () => {
    // productor2 records a non-SEPA account: a cross-border transfer with the bank's BIC.
    expect(
      (await as(productor2, 'PUT', '/api/liquidaciones/cuenta-cobro', { ...EXTERIOR, password: productor2.password }))
        .statusCode,
    ).toBe(200);
    clock.advance(48 * HOUR + 1000);
    expect((await as(productor, 'POST', '/api/operador/remesas', { motivo: 'x' })).statusCode).toBe(403);
    const res = await as(operador, 'POST', '/api/operador/remesas', { motivo: 'Pagos de la semana' });
    expect(res.statusCode, res.body).toBe(201);
    remesaId = json(res).data.id;

    const xmlRes = await as(operador, 'GET', `/api/operador/remesas/${remesaId}/xml`);
    expect(xmlRes.headers['content-type']).toContain('application/xml');
    const xml = xmlRes.body;
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const doc = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (n) => ['PmtInf', 'CdtTrfTxInf'].includes(n),
    }).parse(xml);
    const init = doc.Document.CstmrCdtTrfInitn;
    const txs = init.PmtInf.flatMap((p: { CdtTrfTxInf: unknown[] }) => p.CdtTrfTxInf);
    const cents = (s: string) => {
      expect(s).toMatch(/^\d+\.\d{2}$/);
      return Number(s.replace('.', ''));
    };
    expect(Number(init.GrpHdr.NbOfTxs)).toBe(txs.length);
    expect(cents(init.GrpHdr.CtrlSum)).toBe(txs.reduce((a: number, t: any) => a + cents(t.Amt.InstdAmt['#text']), 0));
    for (const p of init.PmtInf) {
      expect(Number(p.NbOfTxs)).toBe(p.CdtTrfTxInf.length);
      expect(cents(p.CtrlSum)).toBe(p.CdtTrfTxInf.reduce((a: number, t: any) => a + cents(t.Amt.InstdAmt['#text']), 0));
      expect(isValidIBAN(p.DbtrAcct.Id.IBAN)).toBe(true);
      expect(isValidBIC(p.DbtrAgt.FinInstnId.BICFI)).toBe(true);
    }
    // Each transfer equals the producer's owed lines, in minor units, end to end.
    const pagos = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.remesaId, remesaId));
    expect(pagos).toHaveLength(2);
    for (const pago of pagos) {
      const lineas = await ctx.app.db
        .select({ importe: devengos.importeCentavos })
        .from(pagoDevengos)
        .innerJoin(devengos, eq(devengos.id, pagoDevengos.devengoId))
        .where(eq(pagoDevengos.pagoId, pago.id));
      const tx = txs.find((t: any) => t.PmtId.EndToEndId === pago.endToEndId);
      expect(cents(tx.Amt.InstdAmt['#text'])).toBe(pago.importeCentavos);
      expect(pago.importeCentavos).toBe(lineas.reduce((a, l) => a + l.importe, 0));
    }
    const sepa = init.PmtInf.find((p: any) => p.PmtTpInf?.SvcLvl?.Cd === 'SEPA');
    const cruzado = init.PmtInf.find((p: any) => !p.PmtTpInf);
    // The demo's orders are in USD: both transfers are cross-border (no SEPA block), with the creditor's BIC.
    expect(sepa).toBeUndefined();
    expect(cruzado.ChrgBr).toBe('SHAR');
    const porIban = txs.find((t: any) => t.CdtrAcct.Id.IBAN);
    expect(isValidIBAN(porIban.CdtrAcct.Id.IBAN)).toBe(true);
    expect(porIban.Cdtr.Nm).toBe('Cooperativa Cafe Huila Name + Cia');
    const otro = txs.find((t: any) => t.CdtrAcct.Id.Othr);
    expect(otro.CdtrAcct.Id.Othr.Id).toBe('123-456789-01');
    expect(isValidBIC(otro.CdtrAgt.FinInstnId.BICFI)).toBe(true);
    const ids = [
      init.GrpHdr.MsgId,
      ...init.PmtInf.map((p: any) => p.PmtInfId),
      ...txs.map((t: any) => t.PmtId.EndToEndId),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9/\-?:().,'+]{1,35}$/);

    // Everything due is in the batch: a second one finds nothing.
    expect((await as(operador, 'POST', '/api/operador/remesas', { motivo: 'Otra' })).statusCode).toBe(409);
    const [audit] = await ctx.app.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'remesa'), eq(auditoria.entidadId, remesaId)));
    expect(audit).toMatchObject({ accion: 'REMESA_GENERAR', motivo: 'Pagos de la semana', operadorId: operador.id });
  });

  it('marks the batch sent once (audited); the debits of a statement confirm each payout once', async () => {
    const body = { motivo: 'Enviada por banca electrónica' };
    const [a, b] = await Promise.all([
      as(operador, 'POST', `/api/operador/remesas/${remesaId}/enviada`, body),
      as(operador, 'POST', `/api/operador/remesas/${remesaId}/enviada`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);

    const pagos = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.remesaId, remesaId));
    expect(pagos.every((p) => p.estado === 'ENVIADO')).toBe(true);
    const mio = pagos.find((p) => p.productorId === productor.id)!;
    const apuntes = [
      {
        endToEndId: mio.endToEndId,
        importeCentavos: mio.importeCentavos,
        moneda: mio.moneda,
        referenciaBanco: 'BANK-1',
        fechaValor: '2026-03-05',
      },
      // Wrong amount: not this payout.
      ...pagos
        .filter((p) => p !== mio)
        .map((p) => ({
          endToEndId: p.endToEndId,
          importeCentavos: p.importeCentavos - 1,
          moneda: p.moneda,
          referenciaBanco: 'BANK-2',
          fechaValor: '2026-03-05',
        })),
      {
        endToEndId: null,
        importeCentavos: 990,
        moneda: 'EUR',
        referenciaBanco: 'COMISION-BANCO',
        fechaValor: '2026-03-05',
      },
    ];
    const r1 = await ctx.app.db.transaction((tx) => confirmarPagosDeExtracto(tx, apuntes, { now: clock.now() }));
    expect(r1.confirmados.map((c) => c.endToEndId)).toEqual([mio.endToEndId]);
    expect(r1.sinCasar).toHaveLength(2);
    const r2 = await ctx.app.db.transaction((tx) => confirmarPagosDeExtracto(tx, apuntes, { now: clock.now() }));
    expect(r2.confirmados).toHaveLength(0);
    expect(r2.yaConfirmados).toEqual([mio.endToEndId]);

    const ledger = await ctx.app.db
      .select()
      .from(movimientos)
      .where(and(eq(movimientos.cuentaId, productor.id), eq(movimientos.tipo, 'LIQUIDACION')));
    expect(ledger).toHaveLength(1);
    expect(ledger[0].importeCentavos).toBe(-mio.importeCentavos);

    const vista = json(await as(productor, 'GET', '/api/liquidaciones')).data;
    expect(vista.saldos).toEqual([]);
    expect(vista.pagos[0]).toMatchObject({ estado: 'CONFIRMADO', importeCentavos: mio.importeCentavos });
    await smtp.waitFor(
      (m) => recipientOf(m) === productor.email && (m.subject ?? '').startsWith('Cereza te ha pagado'),
    );
  });

  it('the operator imports the statement with the debit: the payout is confirmed by its EndToEndId, once', async () => {
    const [otro] = await ctx.app.db
      .select()
      .from(pagosProductor)
      .where(and(eq(pagosProductor.remesaId, remesaId), eq(pagosProductor.productorId, productor2.id)));
    expect(otro.estado).toBe('ENVIADO');
    const extracto = (ref: string) =>
      buildCamt053({
        iban: 'ES7921000813610123456789',
        currency: otro.moneda,
        messageId: `CARGO-${randomUUID()}`,
        entries: [
          {
            creditDebit: 'DBIT',
            amountMinor: BigInt(otro.importeCentavos),
            acctSvcrRef: ref,
            endToEndId: otro.endToEndId,
          },
        ],
      });
    const importFile = (xml: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/operador/cobros/extractos',
        headers: { ...bearer(operador), 'content-type': 'application/xml' },
        payload: xml,
      });
    const ref = `CARGO-${randomUUID()}`;
    const res = await importFile(extracto(ref));
    expect(res.statusCode, res.body).toBe(200);
    const [ahora] = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.id, otro.id));
    expect(ahora).toMatchObject({ estado: 'CONFIRMADO', referenciaBanco: expect.stringContaining(ref) });
    // The same statement again changes nothing; a second debit with the same id is left for the operator.
    expect((await importFile(extracto(ref))).statusCode).toBeLessThan(500);
    const otra = await importFile(extracto(`CARGO-${randomUUID()}`));
    expect(otra.statusCode, otra.body).toBe(200);
    const ledger = await ctx.app.db
      .select()
      .from(movimientos)
      .where(and(eq(movimientos.cuentaId, productor2.id), eq(movimientos.tipo, 'LIQUIDACION')));
    expect(ledger).toHaveLength(1);
    expect(ledger[0].importeCentavos).toBe(-otro.importeCentavos);
  });

  it('the payout statement lists the invoices covered and the commission netted; strangers get 404', async () => {
    const [pago] = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.productorId, productor.id));
    const res = await as(productor, 'GET', `/api/liquidaciones/pagos/${pago.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).join(' ');
    const docs = await ctx.app.db.select().from(facturas).where(eq(facturas.pedidoId, pedidoA.id));
    for (const f of docs) expect(text).toContain(f.numero);
    expect(text).toContain(pedidoA.numero);
    expect(text).toContain('Comisión de Cereza');
    expect((await as(productor2, 'GET', `/api/liquidaciones/pagos/${pago.id}/pdf`)).statusCode).toBe(404);
    expect((await as(operador, 'GET', `/api/liquidaciones/pagos/${pago.id}/pdf`)).statusCode).toBe(200);
    expect(pedidoB.id).toBeTruthy();
  });

  it('two batches generated at once never hold the same line', async () => {
    for (let i = 0; i < 4; i++) await pedidoPagado(i % 2 ? loteId : lote2Id, i % 2 ? productor : productor2, 1);
    const due = await ctx.app.db.select({ id: devengos.id, importe: devengos.importeCentavos }).from(devengos);
    const [x, y] = await Promise.all([
      as(operador, 'POST', '/api/operador/remesas', { motivo: 'A la vez 1' }),
      as(operador, 'POST', '/api/operador/remesas', { motivo: 'A la vez 2' }),
    ]);
    expect([x.statusCode, y.statusCode]).toContain(201);
    for (const r of [x, y]) expect([201, 409], r.body).toContain(r.statusCode);
    const enlaces = await ctx.app.db.select().from(pagoDevengos);
    const lineas = enlaces.map((e) => e.devengoId);
    expect(new Set(lineas).size).toBe(lineas.length);
    // Every owed line is in exactly one payout, and the payouts add up to the lines.
    expect(lineas.sort()).toEqual(due.map((d) => d.id).sort());
    const pagos = await ctx.app.db.select().from(pagosProductor);
    expect(pagos.reduce((a, p) => a + p.importeCentavos, 0)).toBe(due.reduce((a, d) => a + d.importe, 0));
    const ids = await ctx.app.db.select({ id: devengos.id }).from(devengos).where(inArray(devengos.id, lineas));
    expect(ids).toHaveLength(due.length);
  });
});

describe('a batch cancelled before it is sent, a payout the bank returns (decision 067)', () => {
  const importFile = (xml: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/operador/cobros/extractos',
      headers: { ...bearer(operador), 'content-type': 'application/xml' },
      payload: xml,
    });
  const extracto = (version: '001.02' | '001.08', entries: CamtFixtureEntry[]) =>
    buildCamt053({
      version,
      iban: 'ES7921000813610123456789',
      currency: 'USD',
      messageId: `DEV-${randomUUID()}`,
      entries,
    });
  const debido = async (u: TestUser) =>
    (json(await as(u, 'GET', '/api/liquidaciones')).data.saldos as { pendienteCentavos: number }[]).reduce(
      (a, x) => a + x.pendienteCentavos,
      0,
    );
  const liquidacionesDe = async (u: TestUser) =>
    (
      await ctx.app.db
        .select()
        .from(movimientos)
        .where(and(eq(movimientos.cuentaId, u.id), eq(movimientos.tipo, 'LIQUIDACION')))
    ).reduce((a, m) => a + m.importeCentavos, 0);
  const generate = async () => {
    const res = await as(operador, 'POST', '/api/operador/remesas', {
      motivo: 'Pagos de la semana',
      productorIds: [productor.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = json(res).data.id as string;
    const [pago] = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.remesaId, id));
    return { id, pago };
  };

  it('cancelling a generated batch (audited) makes its lines due again, once; a cancelled batch is never sent', async () => {
    await pedidoPagado(loteId, productor, 3);
    const owed = await debido(productor);
    expect(owed).toBeGreaterThan(0);
    const { id, pago } = await generate();
    expect(await debido(productor)).toBe(0);

    const motivo = { motivo: 'El fichero llevaba una fecha de ejecución equivocada' };
    expect((await as(productor, 'POST', `/api/operador/remesas/${id}/anulada`, motivo)).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      as(operador, 'POST', `/api/operador/remesas/${id}/anulada`, motivo),
      as(operador, 'POST', `/api/operador/remesas/${id}/anulada`, motivo),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const enviar = await as(operador, 'POST', `/api/operador/remesas/${id}/enviada`, { motivo: 'Enviada' });
    expect(enviar.statusCode).toBe(409);
    expect(json(enviar).error.message).toBe(LIQUIDACION_MESSAGES.REMESA_ANULADA_YA);

    const [anulado] = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.id, pago.id));
    expect(anulado.estado).toBe('ANULADO');
    // Owed again, as much as before; the cancelled payout keeps its own lines (records are permanent).
    expect(await debido(productor)).toBe(owed);
    const copias = await ctx.app.db
      .select()
      .from(devengos)
      .where(eq(devengos.productorId, productor.id))
      .then((ds) => ds.filter((d) => d.reemiteId));
    const enlaces = await ctx.app.db.select().from(pagoDevengos).where(eq(pagoDevengos.pagoId, pago.id));
    expect(copias.map((c) => c.reemiteId).sort()).toEqual(enlaces.map((e) => e.devengoId).sort());
    const [audit] = await ctx.app.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadId, id), eq(auditoria.accion, 'REMESA_ANULAR')));
    expect(audit).toMatchObject({ motivo: motivo.motivo, operadorId: operador.id });

    // The next batch pays the same amount, through the copies.
    const otra = await generate();
    expect(otra.pago.importeCentavos).toBe(pago.importeCentavos);
    expect(await debido(productor)).toBe(0);
    const nuevos = await ctx.app.db.select().from(pagoDevengos).where(eq(pagoDevengos.pagoId, otra.pago.id));
    expect(nuevos.map((e) => e.devengoId).sort()).toEqual(copias.map((c) => c.id).sort());
    // Sent, it can no longer be cancelled.
    expect((await as(operador, 'POST', `/api/operador/remesas/${otra.id}/enviada`, motivo)).statusCode).toBe(200);
    const tarde = await as(operador, 'POST', `/api/operador/remesas/${otra.id}/anulada`, motivo);
    expect(tarde.statusCode).toBe(409);
    expect(json(tarde).error.message).toBe(LIQUIDACION_MESSAGES.REMESA_NO_ANULABLE);
  });

  it('a confirmed payout the bank returns goes back to due and off the producer’s ledger, once; so does a reversed debit', async () => {
    const [pago] = await ctx.app.db
      .select()
      .from(pagosProductor)
      .where(and(eq(pagosProductor.productorId, productor.id), eq(pagosProductor.estado, 'ENVIADO')));
    const ledger0 = await liquidacionesDe(productor);
    const cargo = extracto('001.08', [
      {
        creditDebit: 'DBIT',
        amountMinor: BigInt(pago.importeCentavos),
        acctSvcrRef: `CARGO-${randomUUID()}`,
        endToEndId: pago.endToEndId,
      },
    ]);
    expect(json(await importFile(cargo)).data.resumen).toMatchObject({ conciliados: 1 });
    expect(await liquidacionesDe(productor)).toBe(ledger0 - pago.importeCentavos);

    // The producer's bank sends the transfer back: a credit with the payout's EndToEndId.
    const devolucion = extracto('001.08', [
      {
        creditDebit: 'CRDT',
        amountMinor: BigInt(pago.importeCentavos),
        acctSvcrRef: `DEVOL-${randomUUID()}`,
        endToEndId: pago.endToEndId,
        unstructured: 'RETURN AC04 CLOSED ACCOUNT',
      },
    ]);
    const res = await importFile(devolucion);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.apuntes[0]).toMatchObject({ estado: 'CONCILIADO', metodo: 'DEVOLUCION', pedidoId: null });
    const [devuelto] = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.id, pago.id));
    expect(devuelto.estado).toBe('DEVUELTO');
    expect(await liquidacionesDe(productor)).toBe(ledger0);
    expect(await debido(productor)).toBe(pago.importeCentavos);
    const [aviso] = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.tipo, 'LIQUIDACION_DEVUELTA'), eq(notificaciones.entidadId, pago.id)));
    expect(aviso.userId).toBe(productor.id);
    // The same statement again, or the same return in another file: nothing more.
    expect(json(await importFile(devolucion)).data.resumen).toMatchObject({ nuevos: 0, duplicados: 1 });
    const otraVez = await importFile(
      extracto('001.02', [
        {
          creditDebit: 'CRDT',
          amountMinor: BigInt(pago.importeCentavos),
          acctSvcrRef: `DEVOL-${randomUUID()}`,
          endToEndId: pago.endToEndId,
        },
      ]),
    );
    expect(json(otraVez).data.apuntes[0].metodo).not.toBe('DEVOLUCION');
    expect(await debido(productor)).toBe(pago.importeCentavos);
    expect(await liquidacionesDe(productor)).toBe(ledger0);

    // Paid again, sent, and this time the bank reverses its own debit (RvslInd) before confirming it.
    const nueva = await generate();
    expect(nueva.pago.importeCentavos).toBe(pago.importeCentavos);
    await as(operador, 'POST', `/api/operador/remesas/${nueva.id}/enviada`, { motivo: 'Enviada' });
    const rev = await importFile(
      extracto('001.02', [
        {
          creditDebit: 'CRDT',
          reversal: true,
          amountMinor: BigInt(nueva.pago.importeCentavos),
          acctSvcrRef: `RVSL-${randomUUID()}`,
          endToEndId: nueva.pago.endToEndId,
        },
      ]),
    );
    expect(json(rev).data.apuntes[0]).toMatchObject({ estado: 'CONCILIADO', metodo: 'DEVOLUCION' });
    const [revertido] = await ctx.app.db.select().from(pagosProductor).where(eq(pagosProductor.id, nueva.pago.id));
    expect(revertido.estado).toBe('DEVUELTO');
    // Never confirmed: the ledger had nothing to take back.
    expect(await liquidacionesDe(productor)).toBe(ledger0);
    expect(await debido(productor)).toBe(pago.importeCentavos);
  });

  it('a claim’s discount after the payout is owed back by the producer and netted from his next payout (decision 054)', async () => {
    const p = await pedidoPagado(loteId, productor, 2);
    const primera = await generate();
    await as(operador, 'POST', `/api/operador/remesas/${primera.id}/enviada`, { motivo: 'Enviada' });
    expect(await debido(productor)).toBe(0);
    // The buyer receives the coffee and claims; Cereza resolves the claim with a 50,00 discount.
    expect((await accion(comprador, p.id, { accion: 'RECIBIR' })).statusCode).toBe(200);
    const reclamo = await accion(comprador, p.id, { accion: 'ABRIR_RECLAMO', motivo: 'Humedad del 13 % al llegar.' });
    expect(reclamo.statusCode, reclamo.body).toBe(200);
    await resolverReclamo(ctx.app.db, p.numero, { resolucion: 'DESCUENTO', importe: '50,00' }, clock.now());
    const [ajuste] = await ctx.app.db
      .select()
      .from(devengos)
      .where(and(eq(devengos.pedidoId, p.id), eq(devengos.tipo, 'AJUSTE')));
    expect(ajuste.importeCentavos).toBeLessThan(0);
    expect(await debido(productor)).toBe(ajuste.importeCentavos);
    // Owing Cereza, he is left out of batches...
    const nada = await as(operador, 'POST', '/api/operador/remesas', {
      motivo: 'Pagos de la semana',
      productorIds: [productor.id],
    });
    expect(nada.statusCode).toBe(409);
    // ...until a new sale covers it: the next payout is that sale less the discount he owes.
    const q = await pedidoPagado(loteId, productor, 2);
    const [linea] = await ctx.app.db.select().from(devengos).where(eq(devengos.pedidoId, q.id));
    const siguiente = await generate();
    expect(siguiente.pago.importeCentavos).toBe(linea.importeCentavos + ajuste.importeCentavos);
  });
});
