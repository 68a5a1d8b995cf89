import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ACCIONES_PEDIDO,
  ESTADOS_PEDIDO,
  PEDIDO_MESSAGES,
  PedidoDetalleResponseSchema,
  PedidoInputSchema,
  PedidoResponseSchema,
  PedidosResponseSchema,
  type AccionPedido,
  type EstadoPedido,
} from '../../../contract/pedidos';
import type { InformacionComercial } from '../../../contract/auth';
import { DAY, HOUR, ManualClock } from '../../clock';
import { eventos } from '../../db/schema/eventos';
import { idempotencia } from '../../db/schema/idempotencia';
import { lotes } from '../../db/schema/lotes';
import { muestras } from '../../db/schema/muestras';
import { notificaciones } from '../../db/schema/notificaciones';
import { pedidoDocumentos, pedidos } from '../../db/schema/pedidos';
import { users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { deleteAccount } from '../users';
import { canonicalJson } from '../../idempotency';
import { pdfText } from '../../test/pdf-text';
import { registrarAlEmbarcar } from './al-embarcar';
import { PEDIDO_LIFECYCLE } from './lifecycle';
import { PEDIDOS_TASK } from './plazos';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let productor: TestUser;
let otroComprador: TestUser;
let otroProductor: TestUser;
let loteId: string;

const info = (razonSocial: string, taxId: string): InformacionComercial => ({
  razonSocial,
  taxId,
  direccionFacturacion: { linea1: 'Calle Mayor 12', ciudad: 'Valencia', region: '', codigoPostal: '46001', pais: 'ES' },
  emailFacturacion: 'facturas@example.com',
});

async function conInfo(u: TestUser, i: InformacionComercial | null) {
  await ctx.app.db.update(users).set({ informacionComercial: i }).where(eq(users.id, u.id));
}

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  otroComprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  otroProductor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  await conInfo(comprador, info('Tostadores del Sur S.L.', 'B12345678'));
  await conInfo(productor, info('Finca La Esperanza S.A.S.', '900123456-7'));
  loteId = (await postLote(ctx, productor, { sacosDisponibles: 5000, loteMinimoSacos: 1 })).id;
});
afterAll(() => ctx.close());

const reservar = (
  user: TestUser | null,
  body: Record<string, unknown> = {},
  key: string | null = randomUUID(),
  lote = loteId,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...(user ? bearer(user) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { loteId: lote, sacos: 2, cobro: 'DIRECTO', ...body },
  });

const accion = (user: TestUser | null, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/pedidos/${id}/acciones`,
    headers: user ? bearer(user) : {},
    payload: body,
  });

const detalle = (user: TestUser | null, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/pedidos/${id}`, headers: user ? bearer(user) : {} });

const estadoDe = async (id: string) =>
  (await ctx.app.db.select({ e: pedidos.estado }).from(pedidos).where(eq(pedidos.id, id)))[0].e;
const eventosDe = (id: string) =>
  ctx.app.db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'pedido'), eq(eventos.entidadId, id)))
    .orderBy(eventos.n);
const stock = async (id = loteId) =>
  (
    await ctx.app.db.select({ d: lotes.sacosDisponibles, r: lotes.sacosReservados }).from(lotes).where(eq(lotes.id, id))
  )[0];
const avisosDe = (userId: string, tipo: string) =>
  ctx.app.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.userId, userId), eq(notificaciones.tipo, tipo)));

async function reservado(body: Record<string, unknown> = {}, lote = loteId) {
  const res = await reservar(comprador, body, randomUUID(), lote);
  expect(res.statusCode, res.body).toBe(201);
  return PedidoResponseSchema.parse(json(res)).data.pedido;
}

const embarque = {
  accion: 'EMBARCAR',
  naviera: 'Maersk',
  contenedor: 'MSKU1234567',
  conocimientoEmbarque: 'MAEU-240011',
  etd: '2026-04-01',
  eta: '2026-04-20',
};

describe('reserving bags (RESERVAR)', () => {
  it('freezes the lot’s terms, reserves the bags, shows live availability and tells the producer', async () => {
    const antes = await stock();
    const pedido = await reservado({ sacos: 3, lugarEntrega: 'Cartagena' });
    expect(pedido).toMatchObject({
      estado: 'RESERVADO',
      estadoPago: 'PENDIENTE',
      sacos: 3,
      kg: 105,
      precioKgCentavos: 1850,
      totalCentavos: 194_250,
      moneda: 'USD',
      incoterm: 'FOB',
      lugarEntrega: 'Cartagena',
      desglosePrecio: { precioFincaCentavos: 1426, costosExportacionCentavos: 350, comisionPlataformaCentavos: 74 },
      condicionMuestra: 'SUJETO_A_APROBACION_PSS',
      rol: 'comprador',
      acciones: ['CANCELAR'],
    });
    expect(pedido.numero).toMatch(/^CZ-2026-\d{6}$/);
    expect(new Date(pedido.venceAt!).getTime()).toBe(clock.now().getTime() + 72 * HOUR);
    expect(await stock()).toEqual({ d: antes.d, r: antes.r + 3 });
    const lote = json(await ctx.app.inject({ method: 'GET', url: `/api/lotes/${loteId}` })).data.lote;
    expect(lote.sacosReservados).toBe(antes.r + 3);
    expect(await avisosDe(productor.id, 'PEDIDO_RESERVADO')).not.toEqual([]);
    const [ev] = await eventosDe(pedido.id);
    expect(ev).toMatchObject({ accion: 'RESERVAR', desde: null, hacia: 'RESERVADO', actorRol: 'comprador' });
  });

  it('answers the order exactly as its detail reads it back (the answer is built without reading it again)', async () => {
    const pedido = await reservado({ sacos: 2 });
    const leido = PedidoDetalleResponseSchema.parse(json(await detalle(comprador, pedido.id))).data.pedido;
    expect(pedido).toEqual(leido);
    expect(pedido.comprador.empresa).toBeTruthy();
    expect(pedido.productor.nombre).not.toBe('Productor');
  });

  it('refuses fewer than the minimum, more than remain, a producer, a visitor and a buyer without a profile', async () => {
    const lote = (await postLote(ctx, productor, { codigo: 'MIN-5', sacosDisponibles: 12, loteMinimoSacos: 5 })).id;
    const min = await reservar(comprador, { sacos: 4 }, randomUUID(), lote);
    expect(min.statusCode).toBe(409);
    expect(json(min).error.message).toBe(PEDIDO_MESSAGES.minimo(5));
    expect((await reservar(comprador, { sacos: 10 }, randomUUID(), lote)).statusCode).toBe(201);
    const mas = await reservar(comprador, { sacos: 5 }, randomUUID(), lote);
    expect(mas.statusCode).toBe(409);
    expect(json(mas).error.message).toBe(PEDIDO_MESSAGES.sinSacos(2));
    // Fewer than the minimum remain: the buyer may take them all, and only all.
    expect((await reservar(comprador, { sacos: 1 }, randomUUID(), lote)).statusCode).toBe(409);
    expect((await reservar(comprador, { sacos: 2 }, randomUUID(), lote)).statusCode).toBe(201);
    expect(await stock(lote)).toEqual({ d: 12, r: 12 });
    expect((await reservar(comprador, { sacos: 1.5 }, randomUUID(), lote)).statusCode).toBe(400);
    expect((await reservar(productor)).statusCode).toBe(403);
    expect((await reservar(null)).statusCode).toBe(401);
    const sinPerfil = await createUser(ctx, 'COMPRADOR');
    expect((await reservar(sinPerfil)).statusCode).toBe(403);
    expect((await reservar(comprador, { loteId: randomUUID() })).statusCode).toBe(404);
  });

  it('an available figure everywhere: the catalogue hides a lot whose bags are all reserved', async () => {
    const lote = (await postLote(ctx, productor, { codigo: 'CAT-1', nombre: 'Pacamara natural', sacosDisponibles: 2 }))
      .id;
    const enCatalogo = async () =>
      json(
        await ctx.app.inject({ method: 'GET', url: `/api/lotes?productor=${productor.id}&limit=50` }),
      ).data.lotes.map((l: { id: string }) => l.id);
    expect(await enCatalogo()).toContain(lote);
    await reservar(comprador, { sacos: 2 }, randomUUID(), lote);
    await ctx.app.events.settle();
    expect(await enCatalogo()).not.toContain(lote);
  });
});

describe('a buyer who deletes his account', () => {
  // Issue 25: the deletion used to cascade his orders away (the producer lost them); now it is refused while
  // an order is open, and the order keeps its bags (docs/decisions/046).
  it('is refused while an order is open: the order and its bags stay', async () => {
    const lote = (await postLote(ctx, productor, { codigo: 'BORRAR', sacosDisponibles: 8 })).id;
    const u = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const r = await reservar(u, { sacos: 3 }, randomUUID(), lote);
    expect(r.statusCode).toBe(201);
    expect(await stock(lote)).toEqual({ d: 8, r: 3 });
    await expect(deleteAccount(ctx.app.db, ctx.app.storage, u.id)).rejects.toMatchObject({ statusCode: 409 });
    expect(await stock(lote)).toEqual({ d: 8, r: 3 });
    const visto = await ctx.app.inject({
      method: 'GET',
      url: `/api/pedidos/${json(r).data.pedido.id}`,
      headers: bearer(productor),
    });
    expect(visto.statusCode).toBe(200);
  });
});

describe('Idempotency-Key on POST /api/pedidos (TRADE.md "Principles")', () => {
  it('replays the first answer, 422 for another body, 400 without a key, and reserves once', async () => {
    const key = randomUUID();
    const antes = await stock();
    const a = await reservar(comprador, { sacos: 2 }, key);
    const b = await reservar(comprador, { sacos: 2 }, key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(json(b).data.pedido.id).toBe(json(a).data.pedido.id);
    expect((await reservar(comprador, { sacos: 3 }, key)).statusCode).toBe(422);
    const sin = await reservar(comprador, { sacos: 2 }, null);
    expect(sin.statusCode).toBe(400);
    expect(json(sin).error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await stock()).toEqual({ d: antes.d, r: antes.r + 2 });
  });

  it('a retry while the first is still running is 409 IDEMPOTENCY_IN_PROGRESS and reserves nothing', async () => {
    const key = randomUUID();
    const body = { loteId, sacos: 1, cobro: 'DIRECTO' as const };
    // The first attempt holds the key (EN_CURSO, its lease still running), as while its transaction runs.
    const parsed = PedidoInputSchema.parse(body);
    await ctx.app.db.insert(idempotencia).values({
      userId: comprador.id,
      clave: key,
      huella: createHash('sha256')
        .update(`POST /api/pedidos\n${canonicalJson(parsed)}`)
        .digest('base64url'),
      estado: 'EN_CURSO',
      propietario: randomUUID(),
      createdAt: clock.now(),
      bloqueadaHasta: new Date(clock.now().getTime() + 60_000),
      expiraAt: new Date(clock.now().getTime() + DAY),
    });
    const antes = await stock();
    const res = await reservar(comprador, body, key);
    expect(res.statusCode).toBe(409);
    expect(json(res).error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await stock()).toEqual(antes);
  });

  it('two identical requests at the same moment: one reservation; the other is its replay or a 409', async () => {
    const key = randomUUID();
    const antes = await stock();
    const [a, b] = await Promise.all([reservar(comprador, { sacos: 1 }, key), reservar(comprador, { sacos: 1 }, key)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    if (codes[1] === 409) expect(json(a.statusCode === 409 ? a : b).error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await stock()).toEqual({ d: antes.d, r: antes.r + 1 });
  });
});

describe('stock is never oversold', () => {
  it('100 buyers reserving 1–3 bags of a 10-bag lot at once: never more than 10, the rest 409', async () => {
    const lote = (await postLote(ctx, productor, { codigo: 'DIEZ', sacosDisponibles: 10 })).id;
    const compradores = await Promise.all(
      Array.from({ length: 100 }, () => createUser(ctx, 'COMPRADOR', { perfil: true })),
    );
    const pedidosSacos = compradores.map((_, i) => 1 + (i % 3));
    const res = await Promise.all(
      compradores.map((u, i) => reservar(u, { sacos: pedidosSacos[i] }, randomUUID(), lote)),
    );
    let reservados = 0;
    for (const [i, r] of res.entries()) {
      if (r.statusCode === 201) reservados += pedidosSacos[i];
      else {
        expect(r.statusCode).toBe(409);
        expect(json(r).error.message).toMatch(/^No quedan sacos suficientes/);
      }
    }
    expect(reservados).toBeLessThanOrEqual(10);
    expect(reservados).toBeGreaterThanOrEqual(8);
    const s = await stock(lote);
    expect(s).toEqual({ d: 10, r: reservados });
    expect(s.d - s.r).toBeGreaterThanOrEqual(0);
  });

  it('cancellations racing reservations keep the sum right', async () => {
    const lote = (await postLote(ctx, productor, { codigo: 'CARRERA', sacosDisponibles: 6 })).id;
    const primeros = [];
    for (let i = 0; i < 3; i++) primeros.push(await reservado({ sacos: 2 }, lote));
    const nuevos = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx, 'COMPRADOR', { perfil: true })));
    const res = await Promise.all([
      ...primeros.map((p) => accion(comprador, p.id, { accion: 'CANCELAR', motivo: 'Cambio de planes.' })),
      ...nuevos.map((u) => reservar(u, { sacos: 2 }, randomUUID(), lote)),
    ]);
    for (const r of res.slice(0, 3)) expect(r.statusCode).toBe(200);
    const ganadores = res.slice(3).filter((r) => r.statusCode === 201).length;
    for (const r of res.slice(3)) expect([201, 409]).toContain(r.statusCode);
    const s = await stock(lote);
    expect(s.r).toBe(ganadores * 2);
    expect(s.r).toBeLessThanOrEqual(6);
  });
});

describe('a confirmation waiting on the buyer’s commercial details (issue 25 §3)', () => {
  it('the buyer is told at reservation and when the producer tries; the producer reads what is missing', async () => {
    const nuevo = await createUser(ctx, 'COMPRADOR', { perfil: true });
    // Before reserving: his account says what the contract will need (the buy form and the profile read it).
    const me = json(await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(nuevo) }));
    expect(me.dataUser.faltaInformacionComercial).toEqual([
      'la razón social',
      'el número de identificación fiscal',
      'la dirección',
    ]);
    const res = await reservar(nuevo, { sacos: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const pedido = PedidoResponseSchema.parse(json(res)).data.pedido;
    expect(pedido.faltaDatosComprador).toHaveLength(3);
    const avisos = async () =>
      (
        await ctx.app.db
          .select()
          .from(notificaciones)
          .where(and(eq(notificaciones.userId, nuevo.id), eq(notificaciones.tipo, 'PEDIDO_ESPERA_DATOS')))
      ).filter((n) => n.entidadId === pedido.id);
    const [a] = await avisos();
    expect(a.titulo).toBe(`Tu pedido ${pedido.numero} espera tu información comercial`);
    expect(a.texto).toContain('falta la razón social, el número de identificación fiscal, la dirección');
    expect(a.enlace).toBe('/Dashboard/comprador/usuario/InformacionComercial');

    // The producer's view: "esperando datos del comprador", with what is missing.
    const suyo = PedidoDetalleResponseSchema.parse(json(await detalle(productor, pedido.id))).data.pedido;
    expect(suyo.faltaDatosComprador).toEqual(['la razón social', 'el número de identificación fiscal', 'la dirección']);
    const conf = await accion(productor, pedido.id, { accion: 'CONFIRMAR', desde: 'RESERVADO' });
    expect(conf.statusCode).toBe(409);
    expect(await avisos()).toHaveLength(2);

    // He completes it: nothing waits on him any more, and the producer confirms.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/informacion-comercial',
      headers: bearer(nuevo),
      payload: info('Tostadores Nuevos S.L.', 'B87654321'),
    });
    const me2 = json(await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(nuevo) }));
    expect(me2.dataUser.faltaInformacionComercial).toEqual([]);
    expect(
      PedidoDetalleResponseSchema.parse(json(await detalle(productor, pedido.id))).data.pedido.faltaDatosComprador,
    ).toEqual([]);
    const ok = await accion(productor, pedido.id, { accion: 'CONFIRMAR', desde: 'RESERVADO' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.pedido.faltaDatosComprador).toEqual([]);
  });

  it('a buyer with complete details is not told anything', async () => {
    const pedido = await reservado({ sacos: 1 });
    expect(pedido.faltaDatosComprador).toEqual([]);
    const n = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, comprador.id), eq(notificaciones.tipo, 'PEDIDO_ESPERA_DATOS')));
    expect(n).toHaveLength(0);
  });
});

describe('the whole contract: reservation to review, with the PSS', () => {
  it('confirm (contract PDF with frozen terms), PSS, ship, receive, pay, complete, review', async () => {
    const antes = await stock();
    const pedido = await reservado({ sacos: 2, lugarEntrega: 'Buenaventura' });
    // The lot's price changes after the reservation: the order and its contract keep the old one.
    await ctx.app.db.update(lotes).set({ precioKg: 25, desglosePrecio: null }).where(eq(lotes.id, loteId));

    await conInfo(comprador, { ...info('', 'B12345678') });
    const sinInfo = await accion(productor, pedido.id, { accion: 'CONFIRMAR', desde: 'RESERVADO' });
    expect(sinInfo.statusCode).toBe(409);
    expect(json(sinInfo).error.message).toBe(PEDIDO_MESSAGES.infoComercial('comprador', ['la razón social']));
    await conInfo(comprador, info('Tostadores del Sur S.L.', 'B12345678'));

    const conf = await accion(productor, pedido.id, { accion: 'CONFIRMAR', desde: 'RESERVADO' });
    expect(conf.statusCode, conf.body).toBe(200);
    const d1 = PedidoDetalleResponseSchema.parse(json(await detalle(comprador, pedido.id))).data;
    expect(d1.pedido.estado).toBe('CONFIRMADO');
    expect(d1.pedido.precioKgCentavos).toBe(1850);
    expect(d1.pedido.terminos.partes?.comprador.taxId).toBe('B12345678');
    const contrato = d1.documentos.find((d) => d.tipo === 'CONTRATO')!;
    for (const u of [comprador, productor]) {
      const pdf = await ctx.app.inject({ method: 'GET', url: contrato.url, headers: bearer(u) });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = (await pdfText(pdf.rawPayload)).join('\n');
      expect(text).toContain(pedido.numero);
      expect(text).toContain('18,50');
      expect(text).not.toContain('25,00');
      expect(text).toContain('900123456-7');
      expect(text).toContain('Buenaventura');
    }
    for (const u of [otroComprador, otroProductor]) {
      expect((await ctx.app.inject({ method: 'GET', url: contrato.url, headers: bearer(u) })).statusCode).toBe(404);
    }

    // The PSS: sent by the producer, received and cupped by the buyer through the samples' calls, then approved.
    expect(json(await accion(productor, pedido.id, { ...embarque, desde: 'CONFIRMADO' })).error.message).toBe(
      PEDIDO_MESSAGES.PSS_REQUERIDA,
    );
    const pss = await accion(productor, pedido.id, { accion: 'ENVIAR_PSS', transportista: 'DHL', numeroGuia: 'D-1' });
    expect(pss.statusCode, pss.body).toBe(200);
    const muestraId = json(pss).data.pedido.pssMuestraId as string;
    const [m] = await ctx.app.db.select().from(muestras).where(eq(muestras.id, muestraId));
    expect(m).toMatchObject({ tipo: 'PRE_EMBARQUE', estado: 'ENVIADA', loteId });
    // The buyer's samples say whose order it is the PSS of (issue 32).
    const suyas = json(
      await ctx.app.inject({ method: 'GET', url: '/api/muestras?rol=comprador', headers: bearer(comprador) }),
    ).data.muestras as Array<{ id: string; pedido: { id: string; numero: string } | null }>;
    expect(suyas.find((x) => x.id === muestraId)?.pedido).toEqual({ id: pedido.id, numero: pedido.numero });
    const sinCata = await accion(comprador, pedido.id, { accion: 'APROBAR_PSS' });
    expect(json(sinCata).error.message).toBe(PEDIDO_MESSAGES.PSS_SIN_CATA);
    await ctx.app.db.update(muestras).set({ estado: 'CATADA' }).where(eq(muestras.id, muestraId));
    expect((await accion(comprador, pedido.id, { accion: 'APROBAR_PSS', desde: 'PSS_ENVIADA' })).statusCode).toBe(200);

    const emb = await accion(productor, pedido.id, { ...embarque, desde: 'PSS_APROBADA' });
    expect(emb.statusCode, emb.body).toBe(200);
    expect(await stock()).toEqual({ d: antes.d - 2, r: antes.r });
    expect(await avisosDe(comprador.id, 'PEDIDO_EMBARCADO')).not.toEqual([]);

    expect((await accion(comprador, pedido.id, { accion: 'RECIBIR' })).statusCode).toBe(200);
    expect((await accion(productor, pedido.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(200);
    expect((await accion(productor, pedido.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(409);

    clock.advance(28 * DAY - HOUR);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(pedido.id)).toBe('ENTREGADO');
    clock.advance(HOUR);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(pedido.id)).toBe('COMPLETADO');

    const r1 = await ctx.app.inject({
      method: 'POST',
      url: `/api/pedidos/${pedido.id}/resena`,
      headers: bearer(comprador),
      payload: { puntuacion: 5, comentario: 'Café impecable, tal como la muestra.' },
    });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(json(r1).data.resena.publicada).toBe(false);
    const publicas = () => ctx.app.inject({ method: 'GET', url: `/api/productores/${productor.id}/resenas` });
    expect(json(await publicas()).data.total).toBe(0);
    const r2 = await ctx.app.inject({
      method: 'POST',
      url: `/api/pedidos/${pedido.id}/resena`,
      headers: bearer(productor),
      payload: { puntuacion: 4 },
    });
    expect(r2.statusCode).toBe(201);
    expect(json(await publicas()).data).toMatchObject({ total: 1, promedio: 5 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/pedidos/${pedido.id}/resena`,
      headers: bearer(comprador),
      payload: { puntuacion: 1 },
    });
    expect(again.statusCode).toBe(409);

    const tl = (await eventosDe(pedido.id)).map((e) => e.accion);
    expect(tl).toEqual([
      'RESERVAR',
      'CONFIRMAR',
      'ENVIAR_PSS',
      'APROBAR_PSS',
      'EMBARCAR',
      'RECIBIR',
      'REGISTRAR_PAGO',
      'COMPLETAR',
    ]);
    await ctx.app.db.update(lotes).set({ precioKg: 18.5 }).where(eq(lotes.id, loteId));
  });

  it('a rejected PSS allows one replacement; the second rejection cancels and gives the bags back', async () => {
    const pedido = await reservado({ sacos: 1 });
    await accion(productor, pedido.id, { accion: 'CONFIRMAR' });
    const antes = await stock();
    for (let i = 0; i < 2; i++) {
      const sent = await accion(productor, pedido.id, {
        accion: 'ENVIAR_PSS',
        transportista: 'DHL',
        numeroGuia: `R-${i}`,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const mid = json(sent).data.pedido.pssMuestraId as string;
      await ctx.app.db.update(muestras).set({ estado: 'CATADA' }).where(eq(muestras.id, mid));
      const rej = await accion(comprador, pedido.id, { accion: 'RECHAZAR_PSS', motivo: 'Fenoles.' });
      expect(rej.statusCode).toBe(200);
    }
    expect(await estadoDe(pedido.id)).toBe('CANCELADO');
    expect(await stock()).toEqual({ d: antes.d, r: antes.r - 1 });
  });

  it('a confirmed order is cancelled only by agreement', async () => {
    const pedido = await reservado({ sacos: 1, condicionMuestra: 'SIN_MUESTRA' });
    await accion(productor, pedido.id, { accion: 'CONFIRMAR' });
    const solo = await accion(comprador, pedido.id, { accion: 'CANCELAR', motivo: 'Ya no lo necesito.' });
    expect(solo.statusCode).toBe(409);
    expect(json(solo).error.message).toBe(PEDIDO_MESSAGES.CANCELACION_SIN_ACUERDO);
    const pide = await accion(comprador, pedido.id, { accion: 'PEDIR_CANCELACION', motivo: 'Ya no lo necesito.' });
    expect(json(pide).data.pedido.acciones).toEqual([]);
    const prod = PedidoResponseSchema.parse(
      json(await accion(productor, pedido.id, { accion: 'CANCELAR', motivo: 'De acuerdo.' })),
    ).data.pedido;
    expect(prod.estado).toBe('CANCELADO');
  });
});

describe('the table, every state × action × actor', () => {
  const bodies: Record<AccionPedido, Record<string, unknown>> = {
    CONFIRMAR: { accion: 'CONFIRMAR' },
    CANCELAR: { accion: 'CANCELAR', motivo: 'Motivo.' },
    PEDIR_CANCELACION: { accion: 'PEDIR_CANCELACION', motivo: 'Motivo.' },
    ENVIAR_PSS: { accion: 'ENVIAR_PSS', transportista: 'DHL', numeroGuia: 'X' },
    APROBAR_PSS: { accion: 'APROBAR_PSS' },
    RECHAZAR_PSS: { accion: 'RECHAZAR_PSS', motivo: 'Motivo.' },
    EMBARCAR: embarque,
    RECIBIR: { accion: 'RECIBIR' },
    ABRIR_RECLAMO: { accion: 'ABRIR_RECLAMO', motivo: 'Humedad alta al llegar.' },
    REGISTRAR_PAGO: { accion: 'REGISTRAR_PAGO' },
  };
  const actors = { comprador: () => comprador, productor: () => productor, otro: () => otroComprador };
  /** The guards' refusals (a move the table allows from this state, refused by what must be true). */
  const guardMessages: string[] = [
    PEDIDO_MESSAGES.PSS_SIN_CATA,
    PEDIDO_MESSAGES.PSS_REQUERIDA,
    PEDIDO_MESSAGES.CANCELACION_SIN_ACUERDO,
  ];

  async function pedidoEn(estado: EstadoPedido) {
    const p = await reservado({ sacos: 1 });
    await ctx.app.db
      .update(pedidos)
      .set({ estado, reclamoHasta: new Date(clock.now().getTime() + 28 * DAY) })
      .where(eq(pedidos.id, p.id));
    return p;
  }

  for (const estado of ESTADOS_PEDIDO) {
    for (const action of ACCIONES_PEDIDO.filter((a) => a !== 'REGISTRAR_PAGO')) {
      for (const [who, user] of Object.entries(actors)) {
        const move = PEDIDO_LIFECYCLE.transitions.find(
          (t) => t.action === action && t.from.includes(estado) && (t.who as string[]).includes(who),
        );
        it(`${estado} · ${action} · ${who}: ${move ? `→ ${move.to}` : 'refused'}`, async () => {
          const p = await pedidoEn(estado);
          const n = (await eventosDe(p.id)).length;
          const res = await accion(user(), p.id, bodies[action]);
          if (move && res.statusCode === 200) {
            expect(await estadoDe(p.id)).toBe(move.to);
            expect((await eventosDe(p.id)).length).toBeGreaterThan(n);
          } else if (move) {
            expect(res.statusCode).toBe(409);
            expect(guardMessages).toContain(json(res).error.message);
            expect(await estadoDe(p.id)).toBe(estado);
          } else {
            const byRole = PEDIDO_LIFECYCLE.transitions.some(
              (t) => t.action === action && (t.who as string[]).includes(who),
            );
            const expected = who === 'otro' ? 404 : byRole ? 409 : 403;
            expect(res.statusCode).toBe(expected);
            if (expected === 409) expect(json(res).error.message).toBe(PEDIDO_MESSAGES.ESTADO[estado]);
            expect(await estadoDe(p.id)).toBe(estado);
            expect(await eventosDe(p.id)).toHaveLength(n);
          }
        });
      }
    }
  }
});

describe('two people at once', () => {
  it('the producer confirming while the buyer cancels, 10 times: one wins, the other gets 409', async () => {
    for (let i = 0; i < 10; i++) {
      const p = await reservado({ sacos: 1 });
      const antes = await stock();
      const [a, c] = await Promise.all([
        accion(productor, p.id, { accion: 'CONFIRMAR', desde: 'RESERVADO' }),
        accion(comprador, p.id, { accion: 'CANCELAR', motivo: 'Cambio.', desde: 'RESERVADO' }),
      ]);
      expect([a.statusCode, c.statusCode].sort()).toEqual([200, 409]);
      expect(await eventosDe(p.id)).toHaveLength(2);
      const ganador = a.statusCode === 200 ? 'CONFIRMADO' : 'CANCELADO';
      expect(await estadoDe(p.id)).toBe(ganador);
      expect((await stock()).r).toBe(ganador === 'CANCELADO' ? antes.r - 1 : antes.r);
    }
  });
});

describe('only the parties see an order', () => {
  it('another buyer, another producer: 404 on every call; a visitor 401', async () => {
    const p = await reservado({ sacos: 1 });
    for (const u of [otroComprador, otroProductor]) {
      expect((await detalle(u, p.id)).statusCode).toBe(404);
      expect((await accion(u, p.id, { accion: 'CANCELAR', motivo: 'x' })).statusCode).toBe(404);
      expect((await accion(u, p.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(404);
      const docs = await ctx.app.inject({
        method: 'GET',
        url: `/api/pedidos/${p.id}/documentos/${randomUUID()}`,
        headers: bearer(u),
      });
      expect(docs.statusCode).toBe(404);
      const lista = PedidosResponseSchema.parse(
        json(await ctx.app.inject({ method: 'GET', url: '/api/pedidos', headers: bearer(u) })),
      ).data;
      expect(lista.pedidos.map((x) => x.id)).not.toContain(p.id);
    }
    expect((await detalle(null, p.id)).statusCode).toBe(401);
    expect((await detalle(comprador, 'no-es-un-id')).statusCode).toBe(404);
  });
});

describe('timers (ManualClock, the scheduler’s task)', () => {
  it('a reservation not confirmed in 72 hours expires and gives the bags back; a reminder 24 h before', async () => {
    const lote = (await postLote(ctx, productor, { codigo: 'EXPIRA', sacosDisponibles: 5 })).id;
    const p = await reservado({ sacos: 2 }, lote);
    expect(await stock(lote)).toEqual({ d: 5, r: 2 });
    clock.advance(48 * HOUR);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(p.id)).toBe('RESERVADO');
    expect((await avisosDe(productor.id, 'PEDIDO_RECORDATORIO')).some((a) => a.entidadId === p.id)).toBe(true);
    clock.advance(24 * HOUR);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(p.id)).toBe('EXPIRADO');
    expect(await stock(lote)).toEqual({ d: 5, r: 0 });
    const ev = (await eventosDe(p.id)).at(-1)!;
    expect(ev).toMatchObject({ accion: 'EXPIRAR', actorRol: 'sistema', actorId: null });
  });

  it('a shipment counts as delivered ETA + 14 days; completion waits for the payment', async () => {
    const p = await reservado({ sacos: 1, condicionMuestra: 'SIN_MUESTRA' });
    await accion(productor, p.id, { accion: 'CONFIRMAR' });
    const eta = new Date(clock.now().getTime() + 10 * DAY);
    const res = await accion(productor, p.id, {
      ...embarque,
      etd: clock.now().toISOString(),
      eta: eta.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    clock.advance(24 * DAY - HOUR);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(p.id)).toBe('EMBARCADO');
    clock.advance(HOUR);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(p.id)).toBe('ENTREGADO');
    clock.advance(29 * DAY);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(p.id)).toBe('ENTREGADO');
    const [row] = await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, p.id));
    expect(row.estadoPago).toBe('VENCIDO');
    expect((await accion(comprador, p.id, { accion: 'ABRIR_RECLAMO', motivo: 'Demasiado tarde.' })).statusCode).toBe(
      409,
    );
    expect((await accion(productor, p.id, { accion: 'REGISTRAR_PAGO' })).statusCode).toBe(200);
    await ctx.app.scheduler.runTask(PEDIDOS_TASK);
    expect(await estadoDe(p.id)).toBe('COMPLETADO');
  });
});

describe('the EMBARCAR hook (invoices register here)', () => {
  it('runs inside the move: an effect that throws rolls the shipment back', async () => {
    const p = await reservado({ sacos: 1, condicionMuestra: 'SIN_MUESTRA' });
    await accion(productor, p.id, { accion: 'CONFIRMAR' });
    const vistos: string[] = [];
    const remove = registrarAlEmbarcar(async ({ pedido }) => {
      vistos.push(pedido.estado);
      throw new Error('factura imposible');
    });
    const antes = await stock();
    const res = await accion(productor, p.id, embarque);
    remove();
    expect(res.statusCode).toBe(500);
    expect(vistos).toEqual(['EMBARCADO']);
    expect(await estadoDe(p.id)).toBe('CONFIRMADO');
    expect(await stock()).toEqual(antes);
    expect(await ctx.app.db.select().from(pedidoDocumentos).where(eq(pedidoDocumentos.pedidoId, p.id))).toHaveLength(1);
    expect((await accion(productor, p.id, embarque)).statusCode).toBe(200);
  });
});

describe('strangers first', () => {
  it('another producer deleting a lot that has orders gets 404, not the owner’s 409', async () => {
    await reservado({ sacos: 1 });
    const ajeno = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/lotes/${loteId}`,
      headers: bearer(otroProductor),
    });
    expect(ajeno.statusCode).toBe(404);
    expect(json(ajeno).error.message).toBe('Lote no encontrado.');
    expect(await ctx.app.db.select({ id: lotes.id }).from(lotes).where(eq(lotes.id, loteId))).toHaveLength(1);
  });
});

describe('shipping dates', () => {
  it('an ETD or ETA outside the calendar is a 400 in Spanish (year 0 reached PostgreSQL)', async () => {
    const p = await reservado({ sacos: 1, condicionMuestra: 'SIN_MUESTRA' });
    await accion(productor, p.id, { accion: 'CONFIRMAR' });
    for (const fechas of [
      { etd: '0000-01-01', eta: '2026-04-20' },
      { etd: '0000-01-01T00:00:00Z', eta: '2026-04-20' },
      { etd: '2026-04-01', eta: '3000-01-01' },
    ]) {
      const res = await accion(productor, p.id, { ...embarque, ...fechas });
      expect(res.statusCode, JSON.stringify(fechas)).toBe(400);
      expect(Object.values(json(res).error.fields)).toContain('La fecha debe estar entre el año 1900 y el 2999.');
    }
    expect(await estadoDe(p.id)).toBe('CONFIRMADO');
  });
});
