import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  SOLICITUD_MESSAGES,
  RespuestaResponseSchema,
  SolicitudDetalleResponseSchema,
  SolicitudResponseSchema,
  SolicitudesResponseSchema,
  motivosCoincidencia,
} from '../../../contract/solicitudes';
import { PLAZOS_MUESTRA } from '../../../contract/muestras';
import { DAY, ManualClock } from '../../clock';
import { respuestas, solicitudes } from '../../db/schema/abastecimiento';
import { eventos } from '../../db/schema/eventos';
import { lotes } from '../../db/schema/lotes';
import { muestras } from '../../db/schema/muestras';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { pedidos } from '../../db/schema/pedidos';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { RESUMEN_TASK, SOLICITUDES_TASK } from './plazos';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let otroComprador: TestUser;
let productor: TestUser;
let productor2: TestUser;
let lejano: TestUser;
let loteId: string;
let lote2Id: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  otroComprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'La Esperanza' });
  productor2 = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'El Roble' });
  lejano = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Sidamo' });
  loteId = (await postLote(ctx, productor)).id; // CO, LAVADO, 87.5, 20 × 35 kg
  lote2Id = (await postLote(ctx, productor2, { codigo: 'RB-1' })).id;
  await postLote(ctx, lejano, { codigo: 'ET-1', pais: 'ET', region: 'Sidamo', proceso: 'NATURAL' });
});
afterAll(() => ctx.close());

const base = (over: Record<string, unknown> = {}) => ({
  titulo: 'Colombia lavado para espresso',
  descripcion: 'Buscamos un lavado dulce para nuestra mezcla.',
  origenes: ['CO'],
  procesos: ['LAVADO'],
  puntajeMin: 85,
  puntajeMax: 89,
  sacos: 10,
  pesoSacoKg: 35,
  precioMin: 15,
  precioMax: 19,
  moneda: 'USD',
  incoterm: 'FOB',
  lugarEntrega: 'Valencia',
  entregaDesde: '2026-06',
  entregaHasta: '2026-08',
  cierre: '2026-03-20',
  ...over,
});

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(user ? bearer(user) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

async function create(over: Record<string, unknown> = {}, user = comprador) {
  const res = await call(user, 'POST', '/api/solicitudes', base(over), randomUUID());
  expect(res.statusCode).toBe(201);
  return SolicitudResponseSchema.parse(json(res)).data.solicitud;
}
async function publicada(over: Record<string, unknown> = {}) {
  const s = await create(over);
  const res = await call(comprador, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion: 'PUBLICAR' });
  expect(res.statusCode).toBe(200);
  return s;
}
const respuesta = (over: Record<string, unknown> = {}) => ({
  loteId,
  precioKg: 18.5,
  sacos: 10,
  ventanaEmbarque: 'Junio 2026',
  gramosMuestra: 300,
  mensaje: 'Lote de la parte alta.',
  ...over,
});
async function responder(user: TestUser, solicitudId: string, over: Record<string, unknown> = {}) {
  const res = await call(user, 'POST', `/api/solicitudes/${solicitudId}/respuestas`, respuesta(over), randomUUID());
  expect(res.statusCode, res.body).toBe(201);
  return RespuestaResponseSchema.parse(json(res)).data.respuesta;
}
/** ACEPTAR creates an order: it carries an Idempotency-Key (a new one unless given; `null` for none). */
const accionR = (
  user: TestUser,
  id: string,
  body: { accion: string } & Record<string, unknown>,
  key: string | null = randomUUID(),
) => call(user, 'POST', `/api/respuestas/${id}/acciones`, body, body.accion === 'ACEPTAR' && key ? key : undefined);
const avisos = (userId: string, tipo: string) =>
  ctx.app.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.userId, userId), eq(notificaciones.tipo, tipo)));

const direccion = {
  nombre: 'Martín Ferrer',
  empresa: 'Tostadores del Sur',
  linea1: 'Calle Mayor 12',
  ciudad: 'Valencia',
  codigoPostal: '46001',
  pais: 'ES',
  telefono: '+34 600 000 000',
};

describe('a request from draft to published', () => {
  it('creates a draft (Idempotency-Key), edits it, publishes it; then it cannot be edited', async () => {
    const key = randomUUID();
    const first = await call(comprador, 'POST', '/api/solicitudes', base(), key);
    const again = await call(comprador, 'POST', '/api/solicitudes', base(), key);
    expect(first.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const s = SolicitudResponseSchema.parse(json(first)).data.solicitud;
    expect(s).toMatchObject({
      estado: 'BORRADOR',
      precioMinCentavos: 1500,
      precioMaxCentavos: 1900,
      acciones: ['PUBLICAR', 'CANCELAR'],
    });
    expect((await call(comprador, 'POST', '/api/solicitudes', base())).statusCode).toBe(400);

    const put = await call(comprador, 'PUT', `/api/solicitudes/${s.id}`, base({ sacos: 12 }));
    expect(json(put).data.solicitud.sacos).toBe(12);
    expect((await call(otroComprador, 'PUT', `/api/solicitudes/${s.id}`, base())).statusCode).toBe(404);

    const pub = await call(comprador, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion: 'PUBLICAR' });
    expect(json(pub).data.solicitud).toMatchObject({ estado: 'ABIERTA', acciones: ['CERRAR', 'CANCELAR'] });
    const late = await call(comprador, 'PUT', `/api/solicitudes/${s.id}`, base());
    expect(late.statusCode).toBe(409);
    expect(json(late).error.message).toBe(SOLICITUD_MESSAGES.SOLO_BORRADOR);
  });

  it('refuses bad bodies per field in Spanish, producers (403) and visitors (401)', async () => {
    const res = await call(
      comprador,
      'POST',
      '/api/solicitudes',
      base({ titulo: '', origenes: [], puntajeMin: 90, puntajeMax: 85, pesoSacoKg: 33, cierre: 'mañana' }),
      randomUUID(),
    );
    expect(res.statusCode).toBe(400);
    const f = json(res).error.fields;
    expect(f.origenes).toBe('Indica al menos un origen.');
    expect(f.pesoSacoKg).toBe('El peso por saco debe ser 30, 35, 46, 60, 69 o 70 kg.');
    expect(f.cierre).toBe('La fecha de cierre debe tener el formato AAAA-MM-DD.');
    expect(f.titulo).toBeTruthy();
    const order = await call(
      comprador,
      'POST',
      '/api/solicitudes',
      base({ precioMin: 20, precioMax: 10 }),
      randomUUID(),
    );
    expect(json(order).error.fields.precioMax).toBe('El precio máximo no puede ser menor que el mínimo.');
    expect((await call(productor, 'POST', '/api/solicitudes', base(), randomUUID())).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/solicitudes', base(), randomUUID())).statusCode).toBe(401);
  });

  it('a closing date already past cannot be published (409)', async () => {
    const s = await create({ cierre: '2026-03-01' });
    const res = await call(comprador, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion: 'PUBLICAR' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toBe(SOLICITUD_MESSAGES.CIERRE_PASADO);
  });
});

describe("creating a request (the table's creating move, decision 075)", () => {
  it('writes its CREAR event from nothing to BORRADOR; a buyer without a profile is refused before any row', async () => {
    const s = await create({ titulo: 'Creada por la tabla' });
    const ev = await ctx.app.db
      .select()
      .from(eventos)
      .where(and(eq(eventos.entidad, 'solicitud'), eq(eventos.entidadId, s.id)));
    expect(ev.map((e) => [e.accion, e.desde, e.hacia, e.actorRol, e.actorId])).toEqual([
      ['CREAR', null, 'BORRADOR', 'comprador', comprador.id],
    ]);
    const sinPerfil = await createUser(ctx, 'COMPRADOR');
    const res = await call(sinPerfil, 'POST', '/api/solicitudes', base(), randomUUID());
    expect(res.statusCode).toBe(403);
    expect(json(res).error).toMatchObject({ code: 'PROFILE_REQUIRED', message: SOLICITUD_MESSAGES.PERFIL_REQUERIDO });
    const suyas = await ctx.app.db.select().from(solicitudes).where(eq(solicitudes.compradorId, sinPerfil.id));
    expect(suyas).toEqual([]);
  });
});

describe('the request table, by actor', () => {
  const cases: [string, string, 'comprador' | 'productor' | 'otro', number, string?][] = [
    ['BORRADOR', 'PUBLICAR', 'comprador', 200, 'ABIERTA'],
    ['BORRADOR', 'CERRAR', 'comprador', 409],
    ['BORRADOR', 'CANCELAR', 'comprador', 200, 'CANCELADA'],
    ['BORRADOR', 'PUBLICAR', 'productor', 404],
    ['ABIERTA', 'PUBLICAR', 'comprador', 409],
    ['ABIERTA', 'CERRAR', 'comprador', 200, 'CERRADA'],
    ['ABIERTA', 'CANCELAR', 'comprador', 200, 'CANCELADA'],
    ['ABIERTA', 'CERRAR', 'productor', 404],
    ['ABIERTA', 'CERRAR', 'otro', 404],
    ['CERRADA', 'CANCELAR', 'comprador', 409],
    ['CANCELADA', 'PUBLICAR', 'comprador', 409],
    ['EXPIRADA', 'CERRAR', 'comprador', 409],
  ];
  for (const [estado, accion, who, status, to] of cases) {
    it(`${estado} · ${accion} · ${who} → ${status}${to ? ` ${to}` : ''}`, async () => {
      const s = await create();
      await ctx.app.db
        .update(solicitudes)
        .set({ estado: estado as never })
        .where(eq(solicitudes.id, s.id));
      const user = who === 'comprador' ? comprador : who === 'productor' ? productor : otroComprador;
      const res = await call(user, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion });
      expect(res.statusCode).toBe(status);
      const [row] = await ctx.app.db.select().from(solicitudes).where(eq(solicitudes.id, s.id));
      expect(row.estado).toBe(to ?? estado);
    });
  }
});

describe('who sees a request', () => {
  it('a draft is its buyer’s; an open one producers see too, each with only his own answer', async () => {
    const s = await create();
    for (const u of [productor, otroComprador]) {
      expect((await call(u, 'GET', `/api/solicitudes/${s.id}`)).statusCode).toBe(404);
    }
    await call(comprador, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion: 'PUBLICAR' });
    expect((await call(otroComprador, 'GET', `/api/solicitudes/${s.id}`)).statusCode).toBe(404);
    const a = await responder(productor, s.id);
    await responder(productor2, s.id, { loteId: lote2Id, precioKg: 21 });

    const mine = SolicitudDetalleResponseSchema.parse(
      json(await call(productor, 'GET', `/api/solicitudes/${s.id}`)),
    ).data;
    expect(mine.respuestas.map((r) => r.id)).toEqual([a.id]);
    expect(mine.solicitud.miRespuesta?.id).toBe(a.id);
    expect(mine.eventos).toEqual([]);
    const buyer = SolicitudDetalleResponseSchema.parse(
      json(await call(comprador, 'GET', `/api/solicitudes/${s.id}`)),
    ).data;
    expect(buyer.respuestas).toHaveLength(2);
    // Side by side, cheapest first, with the distance from the target price range.
    expect(buyer.respuestas.map((r) => [r.precioKgCentavos, r.distanciaPrecioCentavos])).toEqual([
      [1850, 0],
      [2100, 200],
    ]);
    // Another producer's answer is a 404 to him.
    expect((await accionR(productor2, a.id, { accion: 'RETIRAR' })).statusCode).toBe(404);

    // Closed: producers who answered still see the outcome; the others no longer see it.
    await call(comprador, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion: 'CERRAR' });
    expect((await call(productor, 'GET', `/api/solicitudes/${s.id}`)).statusCode).toBe(200);
    expect((await call(lejano, 'GET', `/api/solicitudes/${s.id}`)).statusCode).toBe(404);
  });

  it('a producer’s list puts requests matching his lots first, with why', async () => {
    const etiopia = await publicada({
      titulo: 'Etiopía natural',
      origenes: ['ET'],
      procesos: ['NATURAL'],
      puntajeMin: null,
      puntajeMax: null,
    });
    const colombia = await publicada({ titulo: 'Colombia lavado 86+' });
    const res = SolicitudesResponseSchema.parse(json(await call(lejano, 'GET', '/api/solicitudes?limit=50'))).data;
    const abiertas = res.solicitudes.filter((s) => s.estado === 'ABIERTA');
    expect(abiertas[0].id).toBe(etiopia.id);
    expect(abiertas[0].coincidencias?.[0].motivos).toEqual([
      'Origen: Etiopía',
      'Proceso: natural',
      'Volumen suficiente',
    ]);
    expect(abiertas.find((s) => s.id === colombia.id)?.coincidencias).toEqual([]);
    // A buyer's list holds only his own.
    const other = SolicitudesResponseSchema.parse(json(await call(otroComprador, 'GET', '/api/solicitudes'))).data;
    expect(other.solicitudes).toEqual([]);
  });

  it('matching: origin, process, score range and volume', () => {
    const s = { origenes: ['CO'], procesos: ['LAVADO'], puntajeMin: 85, puntajeMax: 88, sacos: 10, pesoSacoKg: 35 };
    const l = { pais: 'CO', proceso: 'LAVADO', puntaje: 86, sacosDisponibles: 10, pesoSacoKg: 35 };
    const name = (c: string) => c;
    expect(motivosCoincidencia(s, l, name)).toEqual([
      'Origen: CO',
      'Proceso: lavado',
      'Puntaje 86 dentro del rango',
      'Volumen suficiente',
    ]);
    expect(motivosCoincidencia(s, { ...l, pais: 'PE' }, name)).toBeNull();
    expect(motivosCoincidencia(s, { ...l, proceso: 'NATURAL' }, name)).toBeNull();
    expect(motivosCoincidencia(s, { ...l, puntaje: 89 }, name)).toBeNull();
    expect(motivosCoincidencia(s, { ...l, puntaje: null }, name)).toBeNull();
    expect(motivosCoincidencia(s, { ...l, sacosDisponibles: 4 }, name)).toBeNull();
    expect(motivosCoincidencia(s, { ...l, sacosDisponibles: 5 }, name)?.at(-1)).toBe('Cubre parte del volumen');
  });
});

describe('answers', () => {
  it('a producer answers with a lot or a proposal, edits until shortlisted, and withdraws', async () => {
    const s = await publicada();
    const a = await responder(productor, s.id);
    expect(a).toMatchObject({
      estado: 'ENVIADA',
      lote: { id: loteId },
      pesoSacoKg: 35,
      pais: 'CO',
      acciones: ['RETIRAR', 'EDITAR'],
    });
    const [aviso] = await avisos(comprador.id, 'SOLICITUD_RESPONDIDA');
    expect(aviso.titulo).toContain('respondió');
    const dup = await call(productor, 'POST', `/api/solicitudes/${s.id}/respuestas`, respuesta(), randomUUID());
    expect(dup.statusCode).toBe(409);
    expect(json(dup).error.message).toBe(SOLICITUD_MESSAGES.YA_RESPONDIDA);
    // More bags than the lot has, another's lot, a proposal without its origin: 400 by field.
    const mas = await call(
      productor2,
      'POST',
      `/api/solicitudes/${s.id}/respuestas`,
      respuesta({ loteId: lote2Id, sacos: 21 }),
      randomUUID(),
    );
    expect(json(mas).error.fields.sacos).toBe('Este lote tiene 20 sacos libres; no puedes ofrecer más.');
    const ajeno = await call(productor2, 'POST', `/api/solicitudes/${s.id}/respuestas`, respuesta(), randomUUID());
    expect(json(ajeno).error.fields.loteId).toBe(SOLICITUD_MESSAGES.LOTE_NOT_FOUND);
    const sin = await call(
      productor2,
      'POST',
      `/api/solicitudes/${s.id}/respuestas`,
      respuesta({ loteId: undefined }),
      randomUUID(),
    );
    expect(json(sin).error.fields.pais).toBe('Indica el origen de tu propuesta.');
    const propuesta = await responder(productor2, s.id, {
      loteId: undefined,
      pais: 'CO',
      proceso: 'HONEY',
      pesoSacoKg: 70,
      puntaje: 86,
    });
    expect(propuesta).toMatchObject({ lote: null, proceso: 'HONEY', pesoSacoKg: 70 });

    const edit = await call(productor, 'PUT', `/api/respuestas/${a.id}`, respuesta({ precioKg: 17.9 }));
    expect(json(edit).data.respuesta.precioKgCentavos).toBe(1790);
    expect((await call(productor2, 'PUT', `/api/respuestas/${a.id}`, respuesta())).statusCode).toBe(404);

    const pre = await accionR(comprador, a.id, { accion: 'PRESELECCIONAR' });
    expect(json(pre).data.respuesta.estado).toBe('PRESELECCIONADA');
    expect(await avisos(productor.id, 'RESPUESTA_PRESELECCIONADA')).toHaveLength(1);
    const late = await call(productor, 'PUT', `/api/respuestas/${a.id}`, respuesta());
    expect(late.statusCode).toBe(409);
    expect(json(late).error.message).toBe(SOLICITUD_MESSAGES.NO_EDITABLE);
    expect((await accionR(productor, a.id, { accion: 'RETIRAR' })).statusCode).toBe(409);
    // The producer cannot shortlist; the buyer cannot withdraw.
    expect((await accionR(productor2, propuesta.id, { accion: 'PRESELECCIONAR' })).statusCode).toBe(403);
    expect((await accionR(comprador, propuesta.id, { accion: 'RETIRAR' })).statusCode).toBe(403);
    const ret = await accionR(productor2, propuesta.id, { accion: 'RETIRAR' });
    expect(json(ret).data.respuesta.estado).toBe('RETIRADA');
    // Withdrawn, he may answer again.
    await responder(productor2, s.id, { loteId: lote2Id, sacos: 5 });
  });

  it('the buyer asks a sample of a shortlisted answer (linked to it) and accepts it: the request closes, the rest are not chosen', async () => {
    const s = await publicada();
    const a = await responder(productor, s.id);
    const b = await responder(productor2, s.id, { loteId: lote2Id });
    expect((await accionR(comprador, a.id, { accion: 'PEDIR_MUESTRA', direccionEnvio: direccion })).statusCode).toBe(
      409,
    );
    await accionR(comprador, a.id, { accion: 'PRESELECCIONAR' });
    const sinDir = await accionR(comprador, a.id, { accion: 'PEDIR_MUESTRA' });
    expect(json(sinDir).error.fields.direccionEnvio).toBe(SOLICITUD_MESSAGES.DIRECCION_REQUERIDA);
    const m = await accionR(comprador, a.id, { accion: 'PEDIR_MUESTRA', direccionEnvio: direccion });
    expect(m.statusCode, m.body).toBe(200);
    const muestraId = json(m).data.respuesta.muestraId as string;
    const [muestra] = await ctx.app.db.select().from(muestras).where(eq(muestras.id, muestraId));
    expect(muestra).toMatchObject({ loteId, compradorId: comprador.id, gramos: 300, estado: 'SOLICITADA' });
    expect((await accionR(comprador, a.id, { accion: 'PEDIR_MUESTRA', direccionEnvio: direccion })).statusCode).toBe(
      409,
    );

    const key = randomUUID();
    const ok = await accionR(comprador, a.id, { accion: 'ACEPTAR' }, key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.respuesta.estado).toBe('ACEPTADA');
    // A retry with the same key answers the same; no second order.
    expect((await accionR(comprador, a.id, { accion: 'ACEPTAR' }, key)).body).toBe(ok.body);
    expect((await accionR(comprador, a.id, { accion: 'ACEPTAR' }, null)).statusCode).toBe(400);
    const pedidoId = json(ok).data.respuesta.pedidoId as string;
    const ps = await ctx.app.db.select().from(pedidos).where(eq(pedidos.solicitudId, s.id));
    expect(ps).toHaveLength(1);
    // On the answered terms (its bags, its price, its window), the lot's stock reserved.
    expect(ps[0]).toMatchObject({
      id: pedidoId,
      estado: 'RESERVADO',
      loteId,
      compradorId: comprador.id,
      productorId: productor.id,
      sacos: 10,
      kg: 350,
      precioKgCentavos: 1850,
      totalCentavos: 1850 * 350,
      ventanaEmbarque: 'Junio 2026',
    });
    const [l] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, loteId));
    expect(l.sacosReservados).toBe(10);
    // The order is there for both parties.
    expect((await call(comprador, 'GET', `/api/pedidos/${pedidoId}`)).statusCode).toBe(200);
    expect((await call(productor, 'GET', `/api/pedidos/${pedidoId}`)).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(solicitudes).where(eq(solicitudes.id, s.id));
    expect(row).toMatchObject({ estado: 'CERRADA', adjudicada: true });
    const [other] = await ctx.app.db.select().from(respuestas).where(eq(respuestas.id, b.id));
    expect(other.estado).toBe('NO_ELEGIDA');
    expect(await avisos(productor.id, 'RESPUESTA_ACEPTADA')).toHaveLength(1);
    expect((await avisos(productor2.id, 'RESPUESTA_NO_ELEGIDA')).length).toBeGreaterThan(0);
    const mine = SolicitudDetalleResponseSchema.parse(
      json(await call(productor2, 'GET', `/api/solicitudes/${s.id}`)),
    ).data;
    expect(mine.solicitud.miRespuesta?.estado).toBe('NO_ELEGIDA');
  });

  it('two answers accepted at once, 10 times: one wins, the other gets 409, one order, stock reserved once', async () => {
    const grandeA = (await postLote(ctx, productor, { codigo: 'GR-A', sacosDisponibles: 500 })).id;
    const grandeB = (await postLote(ctx, productor2, { codigo: 'GR-B', sacosDisponibles: 500 })).id;
    for (let i = 0; i < 10; i++) {
      const s = await publicada();
      const a = await responder(productor, s.id, { loteId: grandeA });
      const b = await responder(productor2, s.id, { loteId: grandeB });
      const [ra, rb] = await Promise.all([
        accionR(comprador, a.id, { accion: 'ACEPTAR' }),
        accionR(comprador, b.id, { accion: 'ACEPTAR' }),
      ]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
      const rs = await ctx.app.db.select().from(respuestas).where(eq(respuestas.solicitudId, s.id));
      expect(rs.filter((r) => r.estado === 'ACEPTADA')).toHaveLength(1);
      expect(rs.filter((r) => r.estado === 'NO_ELEGIDA')).toHaveLength(1);
      expect(await ctx.app.db.select().from(pedidos).where(eq(pedidos.solicitudId, s.id))).toHaveLength(1);
    }
    const reservados = await ctx.app.db
      .select({ r: lotes.sacosReservados })
      .from(lotes)
      .where(inArray(lotes.id, [grandeA, grandeB]));
    expect(reservados.reduce((t, x) => t + x.r, 0)).toBe(100);
  });

  it('the same answer accepted twice at once: one order', async () => {
    const s = await publicada();
    const grande = (await postLote(ctx, productor, { codigo: 'GR-C', sacosDisponibles: 100 })).id;
    const a = await responder(productor, s.id, { loteId: grande });
    const res = await Promise.all([
      accionR(comprador, a.id, { accion: 'ACEPTAR' }),
      accionR(comprador, a.id, { accion: 'ACEPTAR' }),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.app.db.select().from(pedidos).where(eq(pedidos.solicitudId, s.id))).toHaveLength(1);
  });

  it('accepting more bags than remain is refused (409) and changes nothing', async () => {
    const s = await publicada({ sacos: 5 });
    const poco = (await postLote(ctx, productor, { codigo: 'PC-1', sacosDisponibles: 6 })).id;
    const a = await responder(productor, s.id, { loteId: poco, sacos: 6 });
    await ctx.app.db.update(lotes).set({ sacosReservados: 2 }).where(eq(lotes.id, poco));
    const res = await accionR(comprador, a.id, { accion: 'ACEPTAR' });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.app.db.select().from(solicitudes).where(eq(solicitudes.id, s.id));
    expect(row.estado).toBe('ABIERTA');
    expect((await ctx.app.db.select().from(respuestas).where(eq(respuestas.id, a.id)))[0].estado).toBe('ENVIADA');
  });

  it('an answer offers only the lot’s free bags: 14 bags with 10 reserved take an answer of 4, not 5 (issue 25 §3)', async () => {
    const s = await publicada({ sacos: 14 });
    const catorce = (await postLote(ctx, productor, { codigo: 'CAT-14', sacosDisponibles: 14 })).id;
    await ctx.app.db.update(lotes).set({ sacosReservados: 10 }).where(eq(lotes.id, catorce));
    const mas = await call(
      productor,
      'POST',
      `/api/solicitudes/${s.id}/respuestas`,
      respuesta({ loteId: catorce, sacos: 5 }),
      randomUUID(),
    );
    expect(mas.statusCode).toBe(400);
    expect(json(mas).error.fields.sacos).toBe('Este lote tiene 4 sacos libres; no puedes ofrecer más.');
    const a = await responder(productor, s.id, { loteId: catorce, sacos: 4 });
    const edit = await call(productor, 'PUT', `/api/respuestas/${a.id}`, respuesta({ loteId: catorce, sacos: 14 }));
    expect(edit.statusCode).toBe(400);
    expect(json(edit).error.message).toBe('Este lote tiene 4 sacos libres; no puedes ofrecer más.');
    // What it offers can be accepted.
    const ok = await accionR(comprador, a.id, { accion: 'ACEPTAR' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('accepting an answer reserves on its price from the start: the RESERVAR event records the real total', async () => {
    const s = await publicada();
    const a = await responder(productor, s.id, { precioKg: 16.4, sacos: 3 });
    const ok = await accionR(comprador, a.id, { accion: 'ACEPTAR' });
    expect(ok.statusCode, ok.body).toBe(200);
    const pedidoId = json(ok).data.respuesta.pedidoId as string;
    const [p] = await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    // 3 × 35 kg at 16,40 (the lot is published at another price).
    expect(p).toMatchObject({ precioKgCentavos: 1640, totalCentavos: 1640 * 105, solicitudId: s.id });
    const [ev] = await ctx.app.db
      .select()
      .from(eventos)
      .where(and(eq(eventos.entidad, 'pedido'), eq(eventos.entidadId, pedidoId), eq(eventos.accion, 'RESERVAR')));
    expect(ev.datos).toMatchObject({ sacos: 3, totalCentavos: 1640 * 105 });
  });

  it('a proposal without a published lot is edited, sampled and accepted on its terms, from a private lot (issue 25 §3)', async () => {
    const s = await publicada({ sacos: 8, pesoSacoKg: 70, lugarEntrega: 'Valencia' });
    const p = await responder(productor2, s.id, {
      loteId: undefined,
      pais: 'CO',
      proceso: 'HONEY',
      pesoSacoKg: 70,
      puntaje: 86.5,
      precioKg: 17.25,
      sacos: 8,
      ventanaEmbarque: 'Julio 2026',
      gramosMuestra: 200,
    });
    // Changed while it waits (it has no lot to check bags against).
    const edit = await call(
      productor2,
      'PUT',
      `/api/respuestas/${p.id}`,
      respuesta({
        loteId: undefined,
        pais: 'CO',
        proceso: 'HONEY',
        pesoSacoKg: 70,
        puntaje: 86.5,
        precioKg: 17.5,
        sacos: 6,
        ventanaEmbarque: 'Julio 2026',
        gramosMuestra: 200,
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(json(edit).data.respuesta).toMatchObject({ precioKgCentavos: 1750, sacos: 6, lote: null });
    await accionR(comprador, p.id, { accion: 'PRESELECCIONAR' });

    const m = await accionR(comprador, p.id, { accion: 'PEDIR_MUESTRA', direccionEnvio: direccion });
    expect(m.statusCode, m.body).toBe(200);
    const muestraId = json(m).data.respuesta.muestraId as string;
    const [muestra] = await ctx.app.db.select().from(muestras).where(eq(muestras.id, muestraId));
    expect(muestra).toMatchObject({ productorId: productor2.id, gramos: 200, estado: 'SOLICITADA', precioCentavos: 0 });
    const [privado] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, muestra.loteId));
    expect(privado).toMatchObject({
      productorId: productor2.id,
      ocultar: true,
      pais: 'CO',
      proceso: 'HONEY',
      puntaje: 86.5,
      sacosDisponibles: 6,
      pesoSacoKg: 70,
      precioKg: 17.5,
      moneda: 'USD',
    });
    // The private lot is nobody else's business: not in the catalogue, 404 to a stranger.
    const ajeno = await ctx.app.inject({
      method: 'GET',
      url: `/api/lotes/${privado.id}`,
      headers: bearer(otroComprador),
    });
    expect(ajeno.statusCode).toBe(404);
    // The producer sees the sample request among his own.
    const pm = await call(productor2, 'GET', `/api/muestras/${muestraId}`);
    expect(pm.statusCode).toBe(200);

    const ok = await accionR(comprador, p.id, { accion: 'ACEPTAR' });
    expect(ok.statusCode, ok.body).toBe(200);
    const pedidoId = json(ok).data.respuesta.pedidoId as string;
    const [pedido] = await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    expect(pedido).toMatchObject({
      loteId: privado.id,
      productorId: productor2.id,
      compradorId: comprador.id,
      estado: 'RESERVADO',
      sacos: 6,
      kg: 420,
      precioKgCentavos: 1750,
      totalCentavos: 1750 * 420,
      ventanaEmbarque: 'Julio 2026',
      lugarEntrega: 'Valencia',
      solicitudId: s.id,
    });
    const [l] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, privado.id));
    expect(l.sacosReservados).toBe(6);
    expect((await call(comprador, 'GET', `/api/pedidos/${pedidoId}`)).statusCode).toBe(200);
    expect((await call(productor2, 'GET', `/api/pedidos/${pedidoId}`)).statusCode).toBe(200);
    // Nobody else can buy from the private lot.
    const otro = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { ...bearer(otroComprador), 'idempotency-key': randomUUID() },
      payload: { loteId: privado.id, sacos: 1 },
    });
    expect(otro.statusCode).toBe(404);
  });

  it('a closed request takes no answers (409)', async () => {
    const s = await publicada();
    await call(comprador, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion: 'CANCELAR' });
    const res = await call(productor, 'POST', `/api/solicitudes/${s.id}/respuestas`, respuesta(), randomUUID());
    expect(res.statusCode).toBe(404);
  });
});

describe('timers', () => {
  it('an open request expires after its closing date and its buyer is told', async () => {
    const s = await publicada({ cierre: '2026-03-05' });
    await ctx.app.scheduler.runTask(SOLICITUDES_TASK);
    expect((await ctx.app.db.select().from(solicitudes).where(eq(solicitudes.id, s.id)))[0].estado).toBe('ABIERTA');
    clock.advance(4 * DAY);
    await ctx.app.scheduler.runTask(SOLICITUDES_TASK);
    expect((await ctx.app.db.select().from(solicitudes).where(eq(solicitudes.id, s.id)))[0].estado).toBe('EXPIRADA');
    expect((await avisos(comprador.id, 'SOLICITUD_EXPIRADA')).length).toBeGreaterThan(0);
  });

  it('three new matching requests in a day → one digest per matching producer, none to the others', async () => {
    // Earlier tests published requests: a first digest takes them, then a day passes.
    await ctx.app.scheduler.runTask(RESUMEN_TASK);
    clock.advance(DAY);
    const antes = async (u: TestUser) => (await avisos(u.id, 'SOLICITUDES_RESUMEN')).length;
    const [p1, p2, p3] = [await antes(productor), await antes(productor2), await antes(lejano)];
    for (let i = 1; i <= 3; i++) await publicada({ titulo: `Colombia ${i}`, cierre: '2026-04-30' });
    await ctx.app.scheduler.runTask(RESUMEN_TASK);
    await ctx.app.scheduler.runTask(RESUMEN_TASK);
    expect(await antes(productor)).toBe(p1 + 1);
    expect(await antes(productor2)).toBe(p2 + 1);
    expect(await antes(lejano)).toBe(p3);
    const [ultimo] = (await avisos(productor.id, 'SOLICITUDES_RESUMEN')).sort((a, b) => +b.createdAt - +a.createdAt);
    expect(ultimo.titulo).toBe('3 solicitudes nuevas encajan con tus lotes');
    expect(ultimo.texto).toContain('Colombia 2');
    const mails = await ctx.app.db.select().from(correos).where(eq(correos.notificacionId, ultimo.id));
    expect(mails).toHaveLength(1);
  });
});

describe('a sample asked from a sourcing answer obeys the buyer’s rules (decision 075)', () => {
  it('a buyer with samples received and never cupped is refused (409) as from the catalogue, and nothing is created', async () => {
    const deudor = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const s = await create({}, deudor);
    expect((await call(deudor, 'POST', `/api/solicitudes/${s.id}/acciones`, { accion: 'PUBLICAR' })).statusCode).toBe(
      200,
    );
    // One bag: earlier tests in this file reserved most of the shared lot.
    const a = await responder(productor, s.id, { sacos: 1 });
    expect((await accionR(deudor, a.id, { accion: 'PRESELECCIONAR' })).statusCode).toBe(200);
    // The feedback debt: samples delivered longer ago than the limit and never cupped.
    const hace = new Date(clock.now().getTime() - (PLAZOS_MUESTRA.deudaDias + 1) * DAY);
    for (let i = 0; i < PLAZOS_MUESTRA.deudaMaxima; i++) {
      await ctx.app.db.insert(muestras).values({
        loteId: lote2Id,
        compradorId: deudor.id,
        productorId: productor2.id,
        tipo: 'PRE_EMBARQUE',
        gramos: 250,
        direccionEnvio: direccion,
        estado: 'ENTREGADA',
        entregadaAt: hace,
      });
    }
    const res = await accionR(deudor, a.id, { accion: 'PEDIR_MUESTRA', direccionEnvio: direccion });
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res).error.message).toContain('sin catar');
    const pedidas = await ctx.app.db
      .select()
      .from(muestras)
      .where(and(eq(muestras.compradorId, deudor.id), eq(muestras.loteId, loteId)));
    expect(pedidas).toEqual([]);
  });
});
