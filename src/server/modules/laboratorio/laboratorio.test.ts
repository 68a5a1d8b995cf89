import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CataLaboratorioResponseSchema,
  CataPublicaResponseSchema,
  LABORATORIO_MESSAGES,
  LoteLaboratorioDetalleResponseSchema,
  LoteLaboratorioResponseSchema,
  LotesLaboratorioResponseSchema,
} from '../../../contract/laboratorio';
import type { HojaCataInput } from '../../../contract/muestras';
import type { LoteStatus } from '../../../contract/lotes';
import { ManualClock } from '../../clock';
import { eventos } from '../../db/schema/eventos';
import { lotes } from '../../db/schema/lotes';
import { catas } from '../../db/schema/muestras';
import { notificaciones } from '../../db/schema/notificaciones';
import { users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { createCuentaLaboratorio, CuentaLaboratorioError } from './cuentas';
import { enrolSecondFactor } from '../../test/segundo-factor';
import { LOTE_LIFECYCLE } from './lifecycle';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let productor: TestUser;
let otroProductor: TestUser;
let comprador: TestUser;
let lab: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  otroProductor = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Otra' });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  lab = await createUser(ctx, 'LABORATORIO');
});
afterAll(() => ctx.close());

/** A sheet: every attribute at `nota`, all cups ticked, no defects (7 × nota + 30). */
function hoja(nota: number, over: Partial<HojaCataInput> = {}): HojaCataInput {
  const cinco = [true, true, true, true, true];
  const a = (v: number) => ({
    fragranciaAroma: v,
    sabor: v,
    regusto: v,
    acidez: v,
    cuerpo: v,
    balance: v,
    puntajeCatador: v,
  });
  return {
    atributos: a(nota),
    tazas: { uniformidad: cinco, tazaLimpia: cinco, dulzor: cinco },
    defectos: { tazas: 0, intensidad: 'MANCHA' },
    notasCata: ['panela', 'mandarina'],
    comentarios: {},
    ...over,
  };
}
/** 7 × 8 + 30 = 86: verifies. */
const HOJA_ALTA = hoja(8);
/** 7 × 7 + 30 = 79: rejects. */
const HOJA_BAJA = hoja(7, { motivo: 'Fermento en dos tazas.' });

const accion = (user: TestUser, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/laboratorio/lotes/${id}/acciones`,
    headers: bearer(user),
    payload: body,
  });
const catar = (user: TestUser, id: string, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/laboratorio/lotes/${id}/cata`,
    headers: bearer(user),
    payload: body as object,
  });
const cola = (user: TestUser, bandeja = 'POR_RECIBIR') =>
  ctx.app.inject({ method: 'GET', url: `/api/laboratorio/lotes?bandeja=${bandeja}`, headers: bearer(user) });
const ENVIO = { accion: 'ENVIAR', transportista: 'DHL', numeroGuia: 'JD0146' };

/** A lot of `productor` put straight into a state, its sample sent to the lab (or not). */
async function loteEn(status: LoteStatus, enviado = true) {
  const { id } = await postLote(ctx, productor, { codigo: `LAB-${Math.random().toString(36).slice(2, 10)}` });
  await ctx.app.db
    .update(lotes)
    .set({
      status,
      envioLaboratorio: enviado
        ? { transportista: 'DHL', numeroGuia: 'JD0146', imagen: null, enviadaAt: clock.now().toISOString() }
        : null,
    })
    .where(eq(lotes.id, id));
  return id;
}

const statusDe = async (id: string) =>
  (await ctx.app.db.select({ s: lotes.status }).from(lotes).where(eq(lotes.id, id)))[0].s;
const eventosDe = (id: string) =>
  ctx.app.db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'lote'), eq(eventos.entidadId, id)));
const avisosDe = (userId: string, tipo: string) =>
  ctx.app.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.userId, userId), eq(notificaciones.tipo, tipo)));

describe('the LABORATORIO role', () => {
  it('signs in on the normal login, enrols its second factor and is answered as a lab account without a profile', async () => {
    const cuenta = await createCuentaLaboratorio(ctx.app.db, { email: 'Catadora@Cereza.Example', nombre: 'Ana' });
    expect(cuenta.resultado).toBe('creada');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'catadora@cereza.example', password: cuenta.password },
    });
    expect(res.statusCode).toBe(200);
    // The password alone is no session (decision 045).
    expect(json(res).token).toBeUndefined();
    expect(json(res).segundoFactor.paso).toBe('ALTA');
    const session = await enrolSecondFactor(ctx, json(res).segundoFactor.desafio);
    expect(session.dataUser).toMatchObject({ tipoUser: 'LABORATORIO', perfil: null, nombre: 'Ana' });
  });

  it('cannot be registered: the API accepts only producer and buyer accounts', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'falso-lab@example.com',
        password: 'una frase larga de contraseña',
        nombre: 'Lab',
        apellido: 'Falso',
        tipoUser: 'LABORATORIO',
      },
    });
    expect(res.statusCode).toBe(400);
    const [u] = await ctx.app.db.select().from(users).where(eq(users.email, 'falso-lab@example.com'));
    expect(u).toBeUndefined();
  });

  it('the operator command promotes an account without a profile and refuses a trader with one', async () => {
    const sinPerfil = await createUser(ctx, 'COMPRADOR');
    const promovida = await createCuentaLaboratorio(ctx.app.db, { email: sinPerfil.email });
    expect(promovida.resultado).toBe('promovida');
    // The promoted account's older sessions end.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(sinPerfil) });
    expect(me.statusCode).toBe(401);
    await expect(createCuentaLaboratorio(ctx.app.db, { email: productor.email })).rejects.toBeInstanceOf(
      CuentaLaboratorioError,
    );
    const [p] = await ctx.app.db.select().from(users).where(eq(users.id, productor.id));
    expect(p.tipoUser).toBe('PRODUCTOR');
    const again = await createCuentaLaboratorio(ctx.app.db, { email: promovida.email });
    expect(again.resultado).toBe('renovada');
  });

  it('a lab account gets 403 from the buyers’ and producers’ calls', async () => {
    const loteId = (await postLote(ctx, productor, { codigo: 'LAB-403' })).id;
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', '/api/muestras'],
      ['GET', '/api/pedidos'],
      ['POST', '/api/muestras', { loteId }],
      ['GET', '/api/productor/catas'],
      ['GET', '/api/productor/lotes'],
      ['POST', '/api/lotes', {}],
      ['PUT', `/api/lotes/${loteId}`, { precioKg: 1 }],
      ['GET', '/api/favoritos'],
      ['POST', '/api/favoritos', { loteId }],
      ['GET', '/api/productor/perfil'],
      ['GET', '/api/comprador/perfil'],
      ['POST', '/api/conversaciones', { productorId: productor.id, texto: 'Hola' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { ...bearer(lab), 'idempotency-key': crypto.randomUUID() },
        ...(payload ? { payload } : {}),
      });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
    }
  });

  it('producers and buyers get 403 from the lab’s calls, and 404 for a lot that is not theirs', async () => {
    const id = await loteEn('EN_REVISION');
    for (const u of [productor, comprador]) {
      expect((await cola(u)).statusCode).toBe(403);
      expect((await catar(u, id, HOJA_ALTA)).statusCode).toBe(403);
    }
    for (const u of [otroProductor, comprador]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/laboratorio/lotes/${id}`, headers: bearer(u) });
      expect(res.statusCode).toBe(404);
      expect((await accion(u, id, ENVIO)).statusCode).toBe(404);
    }
    expect(await statusDe(id)).toBe('EN_REVISION');
    expect(await eventosDe(id)).toHaveLength(0);
  });

  it('the lab does not see a lot whose sample was never sent to it (404)', async () => {
    const id = await loteEn('POR_ENVIAR', false);
    expect((await accion(lab, id, { accion: 'RECIBIR' })).statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/laboratorio/lotes/${id}`, headers: bearer(lab) });
    expect(res.statusCode).toBe(404);
  });
});

describe('a lot through the lab', () => {
  it('sent by the producer, received, cupped at 86: VERIFICADO with the lab’s score, notified, in the catalogue', async () => {
    const { id } = await postLote(ctx, productor, { codigo: 'LAB-OK', puntaje: 90 });
    const env = await accion(productor, id, { ...ENVIO, desde: 'POR_ENVIAR' });
    expect(env.statusCode).toBe(200);
    expect(LoteLaboratorioResponseSchema.parse(json(env)).data.lote).toMatchObject({
      status: 'POR_ENVIAR',
      envio: { transportista: 'DHL', numeroGuia: 'JD0146' },
      acciones: ['ENVIAR'],
    });
    expect(await avisosDe(lab.id, 'LOTE_MUESTRA_ENVIADA')).not.toHaveLength(0);

    const porRecibir = LotesLaboratorioResponseSchema.parse(json(await cola(lab))).data;
    expect(porRecibir.lotes.map((l) => l.id)).toContain(id);
    expect(porRecibir.lotes.find((l) => l.id === id)!.acciones).toEqual(['RECIBIR']);

    expect((await accion(lab, id, { accion: 'RECIBIR', desde: 'POR_ENVIAR' })).statusCode).toBe(200);
    expect(await statusDe(id)).toBe('EN_REVISION');
    expect(await avisosDe(productor.id, 'LOTE_EN_REVISION')).toHaveLength(1);
    const enRevision = LotesLaboratorioResponseSchema.parse(json(await cola(lab, 'EN_REVISION'))).data;
    expect(enRevision.lotes.find((l) => l.id === id)!.acciones).toEqual(['CATAR']);

    const res = await catar(lab, id, HOJA_ALTA);
    expect(res.statusCode).toBe(201);
    const data = CataLaboratorioResponseSchema.parse(json(res)).data;
    expect(data.cata.puntajeTotal).toBe(86);
    expect(data.lote).toMatchObject({ status: 'VERIFICADO', puntaje: 86 });
    expect(json(res).message).toBe(LABORATORIO_MESSAGES.VERIFICADO('86,00'));
    const [aviso] = await avisosDe(productor.id, 'LOTE_VERIFICADO');
    expect(aviso.titulo).toContain('86,00');

    // Everyone sees the new state and the lab's score: the lot, the catalogue (its cache heard lotesChanged).
    const lote = json(await ctx.app.inject({ method: 'GET', url: `/api/lotes/${id}` })).data.lote;
    expect(lote).toMatchObject({ status: 'VERIFICADO', puntaje: 86 });
    const catalogo = json(await ctx.app.inject({ method: 'GET', url: '/api/lotes?status=VERIFICADO&limit=50' })).data;
    expect(catalogo.lotes.find((l: { id: string }) => l.id === id)).toMatchObject({ puntaje: 86 });
    const publica = CataPublicaResponseSchema.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/lotes/${id}/cata-laboratorio` })),
    ).data;
    expect(publica.cata?.puntajeTotal).toBe(86);

    const detalle = LoteLaboratorioDetalleResponseSchema.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/laboratorio/lotes/${id}`, headers: bearer(productor) })),
    ).data;
    expect(detalle.eventos.map((e) => [e.accion, e.actor, e.hacia])).toEqual([
      ['ENVIAR', 'productor', 'POR_ENVIAR'],
      ['RECIBIR', 'laboratorio', 'EN_REVISION'],
      ['VERIFICAR', 'laboratorio', 'VERIFICADO'],
    ]);
    const historial = LotesLaboratorioResponseSchema.parse(json(await cola(lab, 'HISTORIAL'))).data;
    expect(historial.lotes.map((l) => l.id)).toContain(id);
  });

  it('80 points exactly verify; 79 reject with the sheet as the reason, and the producer may send again', async () => {
    const ochenta = await loteEn('EN_REVISION');
    const res80 = await catar(lab, ochenta, hoja(7, { atributos: { ...hoja(7).atributos, sabor: 8 } }));
    expect(json(res80).data.lote.status).toBe('VERIFICADO');

    const id = await loteEn('EN_REVISION');
    const res = await catar(lab, id, HOJA_BAJA);
    expect(res.statusCode).toBe(201);
    expect(json(res).data.cata.puntajeTotal).toBe(79);
    const [row] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, id));
    expect(row.status).toBe('RECHAZADO');
    expect(row.motivoRechazo).toBe(LABORATORIO_MESSAGES.motivo('79,00', 'Fermento en dos tazas.'));
    expect(row.puntaje).toBe(87.5); // a rejected lot does not publish the lab's score
    const [aviso] = await avisosDe(productor.id, 'LOTE_RECHAZADO');
    expect(aviso.texto).toContain('Fermento en dos tazas.');
    // The e-mail says where the new sample goes: the lab's address, an operator setting (issue 25 §3).
    expect(aviso.texto).toContain(
      'Puedes enviar una nueva muestra a Laboratorio de calidad de Cereza, Calle de la Cata 7',
    );
    // Only the owner reads the reason; the public sheet is only a verified lot's.
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/lotes/${id}` })).data.lote.motivoRechazo).toBeNull();
    expect(
      json(await ctx.app.inject({ method: 'GET', url: `/api/lotes/${id}/cata-laboratorio` })).data.cata,
    ).toBeNull();

    expect((await accion(productor, id, { ...ENVIO, numeroGuia: 'NUEVA-2' })).statusCode).toBe(200);
    expect(await statusDe(id)).toBe('POR_ENVIAR');
  });

  it('refuses a sheet out of range or off the quarter steps with field messages, never a 5xx', async () => {
    const id = await loteEn('EN_REVISION');
    const res = await catar(lab, id, hoja(8, { atributos: { ...hoja(8).atributos, sabor: 8.1, acidez: 11 } }));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res).error)).toContain('pasos de 0,25');
    expect(await statusDe(id)).toBe('EN_REVISION');
    const [c] = await ctx.app.db
      .select()
      .from(catas)
      .where(and(eq(catas.loteId, id), isNull(catas.muestraId)));
    expect(c).toBeUndefined();
  });

  it('editing the coffee of a verified lot sends it back to POR_ENVIAR; price and stock do not', async () => {
    const id = await loteEn('VERIFICADO');
    const put = (body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/lotes/${id}`, headers: bearer(productor), payload: body });
    expect(
      (await put({ precioKg: 19.5, desglosePrecio: { precioFinca: 15.22, costosExportacion: 3.5 } })).statusCode,
    ).toBe(200);
    expect((await put({ sacosDisponibles: 12, proceso: 'LAVADO', cosecha: '2024-11' })).statusCode).toBe(200);
    expect(await statusDe(id)).toBe('VERIFICADO');
    expect((await put({ proceso: 'NATURAL' })).statusCode).toBe(200);
    expect(await statusDe(id)).toBe('POR_ENVIAR');
    const [e] = await eventosDe(id);
    expect(e).toMatchObject({ accion: 'REABRIR', actorRol: 'productor', desde: 'VERIFICADO', hacia: 'POR_ENVIAR' });
    const [row] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, id));
    expect(row.envioLaboratorio).toBeNull();
  });

  it('a producer cannot verify his lot by any call', async () => {
    const id = await loteEn('EN_REVISION');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${id}`,
      headers: bearer(productor),
      payload: { status: 'VERIFICADO', puntaje: 95 },
    });
    expect([200, 400]).toContain(put.statusCode);
    expect(await statusDe(id)).toBe('EN_REVISION');
    expect((await catar(productor, id, HOJA_ALTA)).statusCode).toBe(403);
    for (const a of ['VERIFICAR', 'RECHAZAR', 'REABRIR', 'RECIBIR']) {
      const res = await accion(productor, id, { accion: a });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await statusDe(id)).toBe('EN_REVISION');
  });
});

describe('the lot’s table, every (state × move × actor)', () => {
  const estados: LoteStatus[] = ['POR_ENVIAR', 'EN_REVISION', 'VERIFICADO', 'RECHAZADO'];
  // Moves people make through the API: ENVIAR and RECIBIR by /acciones, the lab's verdicts by /cata.
  const moves = ['ENVIAR', 'RECIBIR', 'VERIFICAR', 'RECHAZAR'] as const;
  const actores = ['productor', 'laboratorio', 'otro'] as const;
  const userOf = (a: (typeof actores)[number]) => ({ productor, laboratorio: lab, otro: otroProductor })[a];

  for (const estado of estados) {
    for (const move of moves) {
      for (const actor of actores) {
        const t = LOTE_LIFECYCLE.transitions.find(
          (x) => x.action === move && x.from.includes(estado) && (x.who as string[]).includes(actor),
        );
        const byRole = LOTE_LIFECYCLE.transitions.some((x) => x.action === move && (x.who as string[]).includes(actor));
        it(`${estado} · ${move} · ${actor} → ${t ? t.to : 'refused'}`, async () => {
          const id = await loteEn(estado);
          const user = userOf(actor);
          const res =
            move === 'VERIFICAR' || move === 'RECHAZAR'
              ? await catar(user, id, move === 'VERIFICAR' ? HOJA_ALTA : HOJA_BAJA)
              : await accion(user, id, move === 'ENVIAR' ? ENVIO : { accion: move });
          if (t) {
            expect(res.statusCode).toBeLessThan(300);
            expect(await statusDe(id)).toBe(t.to);
            expect(await eventosDe(id)).toHaveLength(1);
            return;
          }
          const isCata = move === 'VERIFICAR' || move === 'RECHAZAR';
          const expected = isCata && actor !== 'laboratorio' ? 403 : actor === 'otro' ? 404 : byRole ? 409 : 403;
          expect(res.statusCode).toBe(expected);
          if (expected === 409) expect(json(res).error.message).toBe(LABORATORIO_MESSAGES.ESTADO[estado]);
          expect(await statusDe(id)).toBe(estado);
          expect(await eventosDe(id)).toHaveLength(0);
        });
      }
    }
  }
});

describe('two moves at once', () => {
  it('the lab receiving twice, 20 times: one 200, one 409, one event', async () => {
    for (let i = 0; i < 20; i++) {
      const id = await loteEn('POR_ENVIAR');
      const [a, b] = await Promise.all([
        accion(lab, id, { accion: 'RECIBIR', desde: 'POR_ENVIAR' }),
        accion(lab, id, { accion: 'RECIBIR', desde: 'POR_ENVIAR' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await eventosDe(id)).toHaveLength(1);
      expect(
        await avisosDe(productor.id, 'LOTE_EN_REVISION').then((r) => r.filter((n) => n.entidadId === id)),
      ).toHaveLength(1);
    }
  });

  it('two sheets for one lot in review, 20 times: one 201, one 409, one sheet, one verdict', async () => {
    for (let i = 0; i < 20; i++) {
      const id = await loteEn('EN_REVISION');
      const [a, b] = await Promise.all([catar(lab, id, HOJA_ALTA), catar(lab, id, HOJA_BAJA)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect(await eventosDe(id)).toHaveLength(1);
      const sheets = await ctx.app.db.select().from(catas).where(eq(catas.loteId, id));
      expect(sheets).toHaveLength(1);
      expect(await statusDe(id)).toBe(a.statusCode === 201 ? 'VERIFICADO' : 'RECHAZADO');
    }
  });
});

describe('the lab’s lists', () => {
  it('page on the server, oldest first in the queue, and count what waits in each tray', async () => {
    const nuevos = [await loteEn('EN_REVISION'), await loteEn('EN_REVISION'), await loteEn('EN_REVISION')];
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/laboratorio/lotes?bandeja=EN_REVISION&limit=2&page=1',
      headers: bearer(lab),
    });
    const data = LotesLaboratorioResponseSchema.parse(json(res)).data;
    expect(data.pagination.limit).toBe(2);
    expect(data.pagination.totalPages).toBe(Math.ceil(data.pendientes.EN_REVISION / 2));
    expect(data.lotes).toHaveLength(2);
    const todos: string[] = [];
    for (let p = 1; p <= data.pagination.totalPages; p++) {
      const page = json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/laboratorio/lotes?bandeja=EN_REVISION&limit=2&page=${p}`,
          headers: bearer(lab),
        }),
      ).data;
      todos.push(...page.lotes.map((l: { id: string }) => l.id));
    }
    expect(todos).toEqual(expect.arrayContaining(nuevos));
    expect(new Set(todos).size).toBe(data.pendientes.EN_REVISION);
    const mala = await ctx.app.inject({
      method: 'GET',
      url: '/api/laboratorio/lotes?bandeja=OTRA',
      headers: bearer(lab),
    });
    expect(mala.statusCode).toBe(400);
  });
});
