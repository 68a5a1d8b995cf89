import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PEDIDO_MESSAGES,
  PedidoDetalleResponseSchema,
  PedidoResponseSchema,
  importeACentavos,
  type Pedido,
} from '../../../contract/pedidos';
import type { InformacionComercial } from '../../../contract/auth';
import { DAY, ManualClock } from '../../clock';
import { eventos } from '../../db/schema/eventos';
import { facturas } from '../../db/schema/facturas';
import { lotes } from '../../db/schema/lotes';
import { notificaciones } from '../../db/schema/notificaciones';
import { pedidos } from '../../db/schema/pedidos';
import { reclamoAportes } from '../../db/schema/reclamos';
import { users } from '../../db/schema/users';
import { HttpError } from '../../errors';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote, uploadPhoto } from '../lotes/test-fixtures';
import { PEDIDOS_TASK } from './plazos';
import { cancelarPorOperador, listReclamos, resolverReclamo } from './reclamos';
import { runReclamos } from './reclamos-cli';
import { postDocumento } from '../uploads/test-fixtures';
import { applyAcciones, movesToReclamo, postPedido } from './test-fixtures';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
let comprador: TestUser;
let productor: TestUser;
let loteId: string;

const info = (razonSocial: string, taxId: string): InformacionComercial => ({
  razonSocial,
  taxId,
  direccionFacturacion: { linea1: 'Calle Mayor 12', ciudad: 'Valencia', region: '', codigoPostal: '46001', pais: 'ES' },
  emailFacturacion: 'facturas@example.com',
});

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  await ctx.app.db
    .update(users)
    .set({ informacionComercial: info('Tostadores del Sur S.L.', 'B12345678') })
    .where(eq(users.id, comprador.id));
  await ctx.app.db
    .update(users)
    .set({ informacionComercial: info('Finca La Esperanza S.A.S.', '900123456-7') })
    .where(eq(users.id, productor.id));
  loteId = (await postLote(ctx, productor, { sacosDisponibles: 5000, loteMinimoSacos: 1 })).id;
});
afterAll(() => ctx.close());

const accion = async (user: TestUser, id: string, body: Record<string, unknown>) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/pedidos/${id}/acciones`,
    headers: bearer(user),
    payload: body,
  });
  return res;
};
const detalle = async (user: TestUser, id: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${id}`, headers: bearer(user) });
  expect(res.statusCode, res.body).toBe(200);
  return PedidoDetalleResponseSchema.parse(json(res)).data;
};
const fila = async (id: string) => (await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, id)))[0];
const eventosDe = (id: string) =>
  ctx.app.db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'pedido'), eq(eventos.entidadId, id)))
    .orderBy(eventos.n);
const avisos = (userId: string, pedidoId: string, tipo: string) =>
  ctx.app.db
    .select()
    .from(notificaciones)
    .where(
      and(eq(notificaciones.userId, userId), eq(notificaciones.entidadId, pedidoId), eq(notificaciones.tipo, tipo)),
    );
/** The order's rectifying invoices (decision 032): [the invoice it rectifies, its base]. */
const rectificativas = async (pedidoId: string) =>
  (
    await ctx.app.db
      .select()
      .from(facturas)
      .where(and(eq(facturas.pedidoId, pedidoId), eq(facturas.tipo, 'RECTIFICATIVA')))
  ).map((f) => [f.rectificaNumero, f.baseCentavos]);
const ventaDe = async (pedidoId: string) =>
  (
    await ctx.app.db
      .select()
      .from(facturas)
      .where(and(eq(facturas.pedidoId, pedidoId), eq(facturas.tipo, 'VENTA')))
  )[0];
const stock = async () =>
  (
    await ctx.app.db
      .select({ d: lotes.sacosDisponibles, r: lotes.sacosReservados })
      .from(lotes)
      .where(eq(lotes.id, loteId))
  )[0];

async function reservado(sacos = 1): Promise<Pedido> {
  const res = await postPedido(ctx, comprador, { loteId, sacos, condicionMuestra: 'SIN_MUESTRA', cobro: 'DIRECTO' });
  expect(res.statusCode, res.body).toBe(201);
  return PedidoResponseSchema.parse(json(res)).data.pedido;
}

/** An order walked by its parties to a claim: confirmed, shipped, received, claimed. */
async function enReclamo(motivo = 'Humedad del 12,8 % al llegar, por encima del 11 % pactado.'): Promise<Pedido> {
  const p = await reservado();
  await applyAcciones(ctx, p.id, movesToReclamo({ productor, comprador }, clock.now(), motivo));
  expect((await fila(p.id)).estado).toBe('EN_RECLAMO');
  return p;
}

async function rechazo(p: Promise<unknown>): Promise<HttpError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('a claim with evidence and the producer’s answer (issue 25 §3)', () => {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
  async function uploadPdf(u: TestUser, filename: string): Promise<string> {
    const res = await postDocumento(ctx, u, filename, pdf);
    expect(res.statusCode, res.body).toBe(201);
    return json(res).data.id as string;
  }
  const cinco = [true, true, true, true, true];
  const hoja = {
    atributos: { fragranciaAroma: 7, sabor: 7, regusto: 7, acidez: 7, cuerpo: 7, balance: 7, puntajeCatador: 7 },
    tazas: { uniformidad: cinco, tazaLimpia: cinco, dulzor: cinco },
    defectos: { tazas: 2, intensidad: 'FALLA' },
    notasCata: ['fermento'],
  };
  const responder = (u: TestUser, id: string, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/api/pedidos/${id}/reclamo/respuesta`, headers: bearer(u), payload: body });

  /** An order walked to delivery, then claimed with `extra` in the ABRIR_RECLAMO body. */
  async function reclamado(extra: Record<string, unknown>) {
    const p = await reservado();
    for (const [u, body] of [
      [productor, { accion: 'CONFIRMAR' }],
      [
        productor,
        {
          accion: 'EMBARCAR',
          naviera: 'Maersk',
          contenedor: 'MSKU7654321',
          conocimientoEmbarque: 'MAEU-240099',
          etd: clock.now().toISOString(),
          eta: new Date(clock.now().getTime() + 20 * DAY).toISOString(),
        },
      ],
      [comprador, { accion: 'RECIBIR' }],
    ] as const) {
      expect((await accion(u, p.id, body)).statusCode).toBe(200);
    }
    const res = await accion(comprador, p.id, { accion: 'ABRIR_RECLAMO', motivo: 'Taza con fermento.', ...extra });
    return { p, res };
  }

  it('the buyer’s evidence and arrival cupping, then the producer contests with his own; both read it, the operator decides', async () => {
    const informe = await uploadPdf(comprador, 'Informe de llegada.pdf');
    const { p, res } = await reclamado({ evidencias: [{ documentoId: informe }], cataLlegada: hoja });
    expect(res.statusCode, res.body).toBe(200);
    const d = await detalle(comprador, p.id);
    expect(d.reclamo?.reclamo).toMatchObject({
      rol: 'comprador',
      postura: 'RECLAMO',
      texto: 'Taza con fermento.',
      adjuntos: [{ tipo: 'pdf', nombre: 'Informe de llegada.pdf' }],
      puntajeCata: 71,
    });
    expect(d.reclamo?.puedeResponder).toBe(false);
    const suyo = await detalle(productor, p.id);
    expect(suyo.reclamo?.puedeResponder).toBe(true);
    expect(suyo.reclamo?.reclamo?.cata?.notasCata).toEqual(['fermento']);

    // The buyer cannot answer his own claim; a stranger gets 404.
    expect((await responder(comprador, p.id, { postura: 'IMPUGNA', texto: 'No aplica.' })).statusCode).toBe(403);
    const otro = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    expect((await responder(otro, p.id, { postura: 'IMPUGNA', texto: 'Ajeno del todo.' })).statusCode).toBe(404);
    // Another's upload is not his evidence.
    const ajeno = await responder(productor, p.id, {
      postura: 'IMPUGNA',
      texto: 'El café salió con 10,5 % de humedad.',
      evidencias: [{ documentoId: informe }],
    });
    expect(ajeno.statusCode).toBe(400);

    const propio = await uploadPdf(productor, 'Certificado de humedad.pdf');
    const ok = await responder(productor, p.id, {
      postura: 'IMPUGNA',
      texto: 'El café salió con 10,5 % de humedad.',
      evidencias: [{ documentoId: propio }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.reclamo.respuesta).toMatchObject({
      postura: 'IMPUGNA',
      adjuntos: [{ nombre: 'Certificado de humedad.pdf' }],
    });
    expect((await avisos(comprador.id, p.id, 'PEDIDO_RECLAMO_RESPONDIDO')).length).toBe(1);
    const again = await responder(productor, p.id, { postura: 'ACEPTA_DESCUENTO', descuentoCentavos: 100 });
    expect(again.statusCode).toBe(409);
    expect((await detalle(comprador, p.id)).reclamo?.respuesta?.postura).toBe('IMPUGNA');
    expect((await eventosDe(p.id)).map((e) => e.accion)).toContain('RESPONDER_RECLAMO');

    // The operator still decides with the command's resolution; the claim stays readable.
    await resolverReclamo(ctx.app.db, p.numero, { resolucion: 'SIN_CAMBIO' }, clock.now());
    expect((await fila(p.id)).estado).toBe('ENTREGADO');
    expect((await detalle(productor, p.id)).reclamo?.respuesta?.texto).toBe('El café salió con 10,5 % de humedad.');
    expect((await responder(productor, p.id, { postura: 'IMPUGNA', texto: 'Tarde ya.' })).statusCode).toBe(409);
  });

  it('the producer accepts a discount up to the total; more is a Spanish 400', async () => {
    const { p } = await reclamado({});
    const mucho = await responder(productor, p.id, {
      postura: 'ACEPTA_DESCUENTO',
      descuentoCentavos: p.totalCentavos + 1,
    });
    expect(mucho.statusCode).toBe(400);
    expect(json(mucho).error.message).toContain('El descuento no puede superar el total del pedido');
    const ok = await responder(productor, p.id, { postura: 'ACEPTA_DESCUENTO', descuentoCentavos: 5000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.reclamo.respuesta).toMatchObject({ postura: 'ACEPTA_DESCUENTO', descuentoCentavos: 5000 });
    await resolverReclamo(ctx.app.db, p.numero, { resolucion: 'DESCUENTO', importe: '50,00' }, clock.now());
    expect((await fila(p.id)).estado).toBe('ENTREGADO');
  });

  it('photo evidence is private: signed links for the parties and the operator, 404 for a stranger, never /uploads', async () => {
    const foto = await uploadPhoto(ctx, comprador, 640, 480);
    const { p, res } = await reclamado({ evidencias: [{ imagenId: foto.id }] });
    expect(res.statusCode, res.body).toBe(200);
    const read = async (u: TestUser) => {
      const r = await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${p.id}/reclamo`, headers: bearer(u) });
      return r;
    };
    const suyo = json(await read(comprador)).data.reclamo.reclamo.adjuntos[0] as { url: string; thumb: string };
    for (const u of [suyo.url, suyo.thumb]) {
      expect(u).toMatch(/^\/api\/archivos\/.+\?exp=\d+&sig=/);
    }
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });
    const img = await get(suyo.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('private, no-store');
    // The producer and the operator read it too, each with a link signed for his answer.
    const delProductor = json(await read(productor)).data.reclamo.reclamo.adjuntos[0].url as string;
    expect((await get(delProductor)).statusCode).toBe(200);
    const operador = await createUser(ctx, 'OPERADOR');
    const op = await ctx.app.inject({
      method: 'GET',
      url: `/api/operador/reclamos/${p.id}`,
      headers: bearer(operador),
    });
    expect(op.statusCode, op.body).toBe(200);
    expect((await get(json(op).data.reclamo.adjuntos[0].url)).statusCode).toBe(200);
    // A stranger: no claim, and the file's address without a valid signature is not there.
    const extrano = await createUser(ctx, 'COMPRADOR', { perfil: true });
    expect((await read(extrano)).statusCode).toBe(404);
    const sinFirma = suyo.url.split('?')[0];
    expect((await get(sinFirma)).statusCode).toBe(404);
    expect((await get(suyo.url.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);
    expect((await get(`/uploads/${sinFirma.replace('/api/archivos/', 'privado/')}`)).statusCode).toBe(404);
    // What the claim keeps is the private copy's address, never the upload's public one.
    const [guardado] = await ctx.app.db.select().from(reclamoAportes).where(eq(reclamoAportes.pedidoId, p.id));
    expect(JSON.stringify(guardado.adjuntos)).not.toContain('/uploads/');

    // The producer's contesting picture is private the same way.
    const suya = await uploadPhoto(ctx, productor, 320, 240);
    const r = await responder(productor, p.id, {
      postura: 'IMPUGNA',
      texto: 'Los sacos salieron sellados.',
      evidencias: [{ imagenId: suya.id }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const respuesta = json(r).data.reclamo.respuesta.adjuntos[0].url as string;
    expect(respuesta).toMatch(/^\/api\/archivos\//);
    expect((await get(respuesta)).statusCode).toBe(200);
    expect((await get(respuesta.split('?')[0])).statusCode).toBe(404);
  });

  it('a claim with someone else’s upload is refused and nothing moves', async () => {
    const ajeno = await uploadPdf(productor, 'De otro.pdf');
    const { p, res } = await reclamado({ evidencias: [{ documentoId: ajeno }] });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toContain('No encontramos uno de los archivos adjuntos');
    expect((await fila(p.id)).estado).toBe('ENTREGADO');
  });
});

describe('listing the open claims', () => {
  it('shows each order EN_RECLAMO with its number, parties, reason and the days it has been open', async () => {
    const p = await enReclamo('Sacos rotos y café húmedo.');
    clock.advance(3 * DAY + 3600_000);
    const lista = await listReclamos(ctx.app.db, clock.now());
    const r = lista.find((x) => x.numero === p.numero);
    expect(r).toMatchObject({
      comprador: 'Tostadores del Sur S.L.',
      productor: 'Finca La Esperanza S.A.S.',
      motivo: 'Sacos rotos y café húmedo.',
      diasAbierto: 3,
    });
    await resolverReclamo(ctx.app.db, p.numero, { resolucion: 'SIN_CAMBIO' }, clock.now());
    expect((await listReclamos(ctx.app.db, clock.now())).map((x) => x.numero)).not.toContain(p.numero);
  });
});

describe('resolving a claim', () => {
  it('sin-cambio: back to ENTREGADO with the window closed, both told; completes once paid', async () => {
    const p = await enReclamo();
    const n = (await eventosDe(p.id)).length;
    const antes = await stock();
    await resolverReclamo(
      ctx.app.db,
      p.numero,
      { resolucion: 'SIN_CAMBIO', motivo: 'La humedad medida es 11,2 %.' },
      clock.now(),
    );
    const row = await fila(p.id);
    expect(row.estado).toBe('ENTREGADO');
    expect(row.reclamoHasta!.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect(row.terminos.resolucionReclamo).toMatchObject({ resolucion: 'SIN_CAMBIO', descuentoCentavos: 0 });
    const evs = await eventosDe(p.id);
    expect(evs).toHaveLength(n + 1);
    expect(evs.at(-1)).toMatchObject({
      accion: 'RESOLVER_RECLAMO',
      desde: 'EN_RECLAMO',
      hacia: 'ENTREGADO',
      actorRol: 'operador',
      actorId: null,
      datos: { resolucion: 'SIN_CAMBIO', descuentoCentavos: 0, motivo: 'La humedad medida es 11,2 %.' },
    });
    expect(await avisos(comprador.id, p.id, 'PEDIDO_RECLAMO_RESUELTO')).toHaveLength(1);
    expect(await avisos(productor.id, p.id, 'PEDIDO_RECLAMO_RESUELTO')).toHaveLength(1);
    expect(await stock()).toEqual(antes);
    expect(await rectificativas(p.id)).toEqual([]);
    // A resolved claim is not opened again.
    const otra = await accion(comprador, p.id, { accion: 'ABRIR_RECLAMO', motivo: 'Sigo sin estar de acuerdo.' });
    expect(otra.statusCode).toBe(409);
    expect(json(otra).error.message).toBe(PEDIDO_MESSAGES.RECLAMO_CERRADO);
    // Both parties read the resolution on the order's page, with the operator in the timeline.
    for (const u of [comprador, productor]) {
      const d = await detalle(u, p.id);
      expect(d.pedido.terminos.resolucionReclamo?.resolucion).toBe('SIN_CAMBIO');
      expect(d.eventos.at(-1)).toMatchObject({ accion: 'RESOLVER_RECLAMO', actor: 'operador' });
    }
    // The completion path of ENTREGADO: due now, it waits for the payment.
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect((await fila(p.id)).estado).toBe('ENTREGADO');
    expect((await accion(productor, p.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(200);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect((await fila(p.id)).estado).toBe('COMPLETADO');
  });

  it('descuento: the amount (minor units or "123,45") is recorded on the order, which goes on to completion', async () => {
    const p = await enReclamo();
    await resolverReclamo(ctx.app.db, p.numero, { resolucion: 'DESCUENTO', importe: '123,45' }, clock.now());
    const row = await fila(p.id);
    expect(row.estado).toBe('ENTREGADO');
    expect(row.totalCentavos).toBe(p.totalCentavos);
    expect(row.terminos.resolucionReclamo).toMatchObject({ resolucion: 'DESCUENTO', descuentoCentavos: 12_345 });
    expect((await eventosDe(p.id)).at(-1)?.datos).toMatchObject({ resolucion: 'DESCUENTO', descuentoCentavos: 12_345 });
    const [aviso] = await avisos(comprador.id, p.id, 'PEDIDO_RECLAMO_RESUELTO');
    expect(aviso.texto).toContain('123,45');
    const d = await detalle(productor, p.id);
    expect(d.pedido.terminos.resolucionReclamo?.descuentoCentavos).toBe(12_345);
    // The rectifying invoice of the sale, issued in the resolution's transaction (and Cereza's commission's).
    const venta = await ventaDe(p.id);
    const rects = await rectificativas(p.id);
    expect(rects[0]).toEqual([venta.numero, -12_345]);
    expect(rects).toHaveLength(2);

    const q = await enReclamo();
    await resolverReclamo(
      ctx.app.db,
      q.numero,
      { resolucion: 'DESCUENTO', importe: String(q.totalCentavos) },
      clock.now(),
    );
    expect((await fila(q.id)).terminos.resolucionReclamo?.descuentoCentavos).toBe(q.totalCentavos);
  });

  it('cancelar: CANCELADO, both told; the bags stay sold since the coffee was delivered', async () => {
    const p = await enReclamo();
    const antes = await stock();
    await resolverReclamo(ctx.app.db, p.numero, { resolucion: 'CANCELACION', motivo: 'Café con moho.' }, clock.now());
    const row = await fila(p.id);
    expect(row.estado).toBe('CANCELADO');
    expect(row.motivoCancelacion).toBe('Café con moho.');
    expect(row.terminos.resolucionReclamo).toMatchObject({ resolucion: 'CANCELACION', motivo: 'Café con moho.' });
    expect(await stock()).toEqual(antes);
    expect(await rectificativas(p.id)).toEqual([]);
    expect((await eventosDe(p.id)).at(-1)).toMatchObject({
      accion: 'CANCELAR',
      desde: 'EN_RECLAMO',
      hacia: 'CANCELADO',
      actorRol: 'operador',
    });
    expect(await avisos(comprador.id, p.id, 'PEDIDO_RECLAMO_RESUELTO')).toHaveLength(1);
    expect(await avisos(productor.id, p.id, 'PEDIDO_RECLAMO_RESUELTO')).toHaveLength(1);
  });

  it('refuses what is not an open claim, a bad amount, an amount over the total; nothing changes', async () => {
    const entregado = await reservado();
    await accion(productor, entregado.id, { accion: 'CONFIRMAR' });
    const e1 = await rechazo(resolverReclamo(ctx.app.db, entregado.numero, { resolucion: 'SIN_CAMBIO' }, clock.now()));
    expect(e1.statusCode).toBe(409);
    expect(e1.message).toBe(PEDIDO_MESSAGES.reclamoNoAbierto(entregado.numero, 'Confirmado'));

    const p = await enReclamo();
    const n = (await eventosDe(p.id)).length;
    for (const importe of ['12.3.4', 'doce', '-5', '1,234', '']) {
      const e = await rechazo(resolverReclamo(ctx.app.db, p.numero, { resolucion: 'DESCUENTO', importe }, clock.now()));
      expect(e.statusCode, importe).toBe(400);
      expect(e.message).toMatch(/^Importe no válido/);
    }
    const cero = await rechazo(
      resolverReclamo(ctx.app.db, p.numero, { resolucion: 'DESCUENTO', importe: '0' }, clock.now()),
    );
    expect(cero.statusCode).toBe(400);
    expect(cero.message).toBe('El descuento debe ser mayor que cero.');
    const mas = await rechazo(
      resolverReclamo(
        ctx.app.db,
        p.numero,
        { resolucion: 'DESCUENTO', importe: String(p.totalCentavos + 1) },
        clock.now(),
      ),
    );
    expect(mas.statusCode).toBe(409);
    expect(mas.message).toMatch(/^El descuento \(.+\) no puede superar el total del pedido \(.+\)\.$/);
    const nadie = await rechazo(
      resolverReclamo(ctx.app.db, 'CZ-1999-000001', { resolucion: 'SIN_CAMBIO' }, clock.now()),
    );
    expect(nadie.statusCode).toBe(404);
    expect((await fila(p.id)).estado).toBe('EN_RECLAMO');
    expect(await eventosDe(p.id)).toHaveLength(n);
    expect(await rectificativas(p.id)).toEqual([]);
    expect(await avisos(comprador.id, p.id, 'PEDIDO_RECLAMO_RESUELTO')).toHaveLength(0);
  });

  it('two resolutions at once, 8 times: one wins, the other gets the Spanish 409', async () => {
    for (let i = 0; i < 8; i++) {
      const p = await enReclamo();
      const res = await Promise.allSettled([
        resolverReclamo(ctx.app.db, p.numero, { resolucion: 'DESCUENTO', importe: '500' }, clock.now()),
        resolverReclamo(ctx.app.db, p.numero, { resolucion: 'CANCELACION', motivo: 'Otro operador.' }, clock.now()),
      ]);
      const ok = res.filter((r) => r.status === 'fulfilled');
      const ko = res.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(ko).toHaveLength(1);
      const ganador = res[0].status === 'fulfilled' ? 'ENTREGADO' : 'CANCELADO';
      expect(ko[0].reason).toBeInstanceOf(HttpError);
      expect((ko[0].reason as HttpError).statusCode).toBe(409);
      expect((ko[0].reason as HttpError).message).toBe(
        PEDIDO_MESSAGES.reclamoNoAbierto(p.numero, ganador === 'ENTREGADO' ? 'Entregado' : 'Cancelado'),
      );
      expect((await fila(p.id)).estado).toBe(ganador);
      expect((await eventosDe(p.id)).filter((e) => e.actorRol === 'operador')).toHaveLength(1);
      expect(await avisos(comprador.id, p.id, 'PEDIDO_RECLAMO_RESUELTO')).toHaveLength(1);
      // The discount's rectifying invoices exist only when the discount won, once.
      expect((await rectificativas(p.id)).length).toBe(ganador === 'ENTREGADO' ? 2 : 0);
    }
  });
});

describe('the operator’s CANCELAR outside a claim', () => {
  it('cancels a reserved or confirmed order without the other party’s agreement, bags back; not a shipped one', async () => {
    const antes = await stock();
    const r = await reservado(2);
    const c = await reservado(1);
    await accion(productor, c.id, { accion: 'CONFIRMAR' });
    expect((await stock()).r).toBe(antes.r + 3);
    await cancelarPorOperador(ctx.app.db, r.numero, 'Comprador no localizable.', clock.now());
    await cancelarPorOperador(ctx.app.db, c.numero.toLowerCase(), 'Fraude en el pago.', clock.now());
    expect(await stock()).toEqual(antes);
    for (const p of [r, c]) {
      const row = await fila(p.id);
      expect(row.estado).toBe('CANCELADO');
      expect((await eventosDe(p.id)).at(-1)).toMatchObject({ accion: 'CANCELAR', actorRol: 'operador', actorId: null });
      expect(await avisos(comprador.id, p.id, 'PEDIDO_CANCELADO')).toHaveLength(1);
      expect(await avisos(productor.id, p.id, 'PEDIDO_CANCELADO')).toHaveLength(1);
    }
    expect((await rechazo(cancelarPorOperador(ctx.app.db, r.numero, 'Otra vez.', clock.now()))).statusCode).toBe(409);
    const sinMotivo = await rechazo(cancelarPorOperador(ctx.app.db, (await reservado()).numero, '  ', clock.now()));
    expect(sinMotivo.statusCode).toBe(400);

    const embarcado = await enReclamo();
    await resolverReclamo(ctx.app.db, embarcado.numero, { resolucion: 'SIN_CAMBIO' }, clock.now());
    const e = await rechazo(cancelarPorOperador(ctx.app.db, embarcado.numero, 'Tarde.', clock.now()));
    expect(e.statusCode).toBe(409);
    expect(e.message).toBe(PEDIDO_MESSAGES.noCancelable(embarcado.numero, 'Entregado'));
  });
});

describe('amounts as the operator types them', () => {
  it('reads minor units and the decimal comma', () => {
    expect(importeACentavos('12345')).toBe(12_345);
    expect(importeACentavos('123,45')).toBe(12_345);
    expect(importeACentavos('123,5')).toBe(12_350);
    expect(importeACentavos('1.234,56')).toBe(123_456);
    expect(importeACentavos('123.45')).toBeNull();
    expect(importeACentavos('1,2,3')).toBeNull();
  });
});

describe('npm run reclamos (the command)', () => {
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runReclamos(args, {
      db: ctx.app.db,
      now: () => clock.now(),
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('lists, resolves, refuses a second resolution with exit code 1 and bad usage with 2', async () => {
    const p = await enReclamo('Tueste desigual por humedad.');
    const lista = await run('listar');
    expect(lista.code).toBe(0);
    expect(lista.out).toContain(p.numero);
    expect(lista.out).toContain('Tueste desigual por humedad.');
    expect(lista.out).toContain('Tostadores del Sur S.L.');

    const ok = await run('resolver', p.numero, 'descuento', '150,00', '--motivo', 'Humedad alta');
    expect(ok).toMatchObject({ code: 0, err: '' });
    expect(ok.out).toContain(`Reclamo del pedido ${p.numero} resuelto.`);
    expect((await fila(p.id)).terminos.resolucionReclamo?.descuentoCentavos).toBe(15_000);
    expect((await rectificativas(p.id))[0]).toEqual([(await ventaDe(p.id)).numero, -15_000]);

    const otra = await run('resolver', p.numero, 'cancelar');
    expect(otra.code).toBe(1);
    expect(otra.err).toBe(`Error 409: ${PEDIDO_MESSAGES.reclamoNoAbierto(p.numero, 'Entregado')}`);
    expect((await fila(p.id)).estado).toBe('ENTREGADO');

    // Two operators at once: one resolves, the other is told why not and exits with 1.
    const q = await enReclamo();
    const ambos = await Promise.all([
      run('resolver', q.numero, 'sin-cambio'),
      run('resolver', q.numero, 'cancelar', '--motivo', 'Café con moho.'),
    ]);
    expect(ambos.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(ambos.find((r) => r.code === 1)!.err).toMatch(
      new RegExp(`^Error 409: El pedido ${q.numero} no tiene un reclamo abierto \\((está entregado|está cancelado)\\)`),
    );

    expect((await run('resolver', p.numero, 'descuento')).code).toBe(2);
    expect((await run('resolver', p.numero, 'regalar')).code).toBe(2);
    expect((await run('borrar')).code).toBe(2);
    expect((await run('listar', '--sin-opcion')).code).toBe(2);
  });

  it('runs as a process on a data directory: migrates, answers in Spanish and exits with ≠ 0 on a refusal', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cereza-reclamos-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    try {
      const tsx = path.resolve('node_modules/.bin/tsx');
      const res = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          tsx,
          ['scripts/reclamos.ts', 'resolver', 'cz-2026-999999', 'descuento', '12,50'],
          { env, timeout: 90_000 },
          (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
        );
      });
      expect(res.stderr.trim()).toBe(`Error 404: ${PEDIDO_MESSAGES.pedidoNoEncontrado('CZ-2026-999999')}`);
      expect(res.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
