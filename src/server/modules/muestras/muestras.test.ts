import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ACCIONES_MUESTRA,
  ESTADOS_MUESTRA,
  MUESTRA_MESSAGES,
  CataResponseSchema,
  MuestraDetalleResponseSchema,
  MuestraResponseSchema,
  MuestrasResponseSchema,
  puntajeSca,
  type AccionMuestra,
  type EstadoMuestra,
  type HojaCataInput,
  type PuntajeInput,
} from '../../../contract/muestras';
import { DAY, ManualClock } from '../../clock';
import { eventos } from '../../db/schema/eventos';
import { muestras } from '../../db/schema/muestras';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { MUESTRAS_TASK } from './plazos';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let productor: TestUser;
let otro: TestUser;
let loteId: string;
let loteSinMuestra: string;

const direccion = {
  nombre: 'Martín Ferrer',
  empresa: 'Tostadores del Sur',
  linea1: 'Calle Mayor 12',
  ciudad: 'Valencia',
  codigoPostal: '46001',
  pais: 'ES',
  telefono: '+34 600 000 000',
};

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  otro = await createUser(ctx, 'COMPRADOR', { perfil: true });
  loteId = (await postLote(ctx, productor)).id;
  loteSinMuestra = (await postLote(ctx, productor, { codigo: 'SIN-MUESTRA', muestra: { disponible: false } })).id;
});
afterAll(() => ctx.close());

const solicitar = (user: TestUser, body: Record<string, unknown> = {}, key: string | null = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/muestras',
    headers: { ...bearer(user), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { loteId, direccionEnvio: direccion, mensaje: 'Para catar el jueves.', ...body },
  });

const accion = (user: TestUser, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/muestras/${id}/acciones`, headers: bearer(user), payload: body });

const detalle = (user: TestUser, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/muestras/${id}`, headers: bearer(user) });

/** A full sheet: all 8.00 except where overridden, all cups ticked, no defects, interested. */
function hoja(over: Partial<HojaCataInput> = {}): HojaCataInput {
  const cinco = [true, true, true, true, true];
  return {
    atributos: {
      fragranciaAroma: 8,
      sabor: 8,
      regusto: 8,
      acidez: 8,
      cuerpo: 8,
      balance: 8,
      puntajeCatador: 8,
    },
    tazas: { uniformidad: cinco, tazaLimpia: cinco, dulzor: cinco },
    defectos: { tazas: 0, intensidad: 'MANCHA' },
    notasCata: ['panela', 'mandarina'],
    comentarios: { acidez: 'Cítrica y brillante.' },
    decision: 'INTERESADO',
    motivo: 'Encaja en nuestro espresso de temporada.',
    ...over,
  };
}

const catar = (user: TestUser, id: string, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/muestras/${id}/cata`, headers: bearer(user), payload: body as object });

/** A sample put straight into a state (the matrix and the timers start from any state). */
async function muestraEn(estado: EstadoMuestra, extra: Partial<typeof muestras.$inferInsert> = {}) {
  const [row] = await ctx.app.db
    .insert(muestras)
    .values({
      loteId,
      compradorId: comprador.id,
      productorId: productor.id,
      tipo: 'PRE_EMBARQUE', // outside the one-in-progress-per-lot rule, so many can exist at once
      gramos: 250,
      direccionEnvio: direccion,
      estado,
      ...extra,
    })
    .returning();
  return row;
}

const estadoDe = async (id: string) =>
  (await ctx.app.db.select({ e: muestras.estado }).from(muestras).where(eq(muestras.id, id)))[0].e;

const eventosDe = (id: string) =>
  ctx.app.db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'muestra'), eq(eventos.entidadId, id)));

const avisosDe = (userId: string, tipo: string) =>
  ctx.app.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.userId, userId), eq(notificaciones.tipo, tipo)));

describe('POST /api/muestras', () => {
  it('asks the sample with the lot’s grams and price, records the event and tells the producer', async () => {
    const res = await solicitar(comprador);
    expect(res.statusCode).toBe(201);
    const { muestra } = MuestraResponseSchema.parse(json(res)).data;
    expect(muestra).toMatchObject({
      estado: 'SOLICITADA',
      gramos: 250,
      precioCentavos: 1500,
      moneda: 'USD',
      rol: 'comprador',
      acciones: ['CANCELAR'],
      comprador: { empresa: 'Tostadores del Sur' },
    });
    expect(muestra.venceAt).toBe(new Date(clock.now().getTime() + 7 * DAY).toISOString());
    expect((await eventosDe(muestra.id)).map((e) => [e.accion, e.desde, e.hacia])).toEqual([
      ['SOLICITAR', null, 'SOLICITADA'],
    ]);
    const [aviso] = await avisosDe(productor.id, 'MUESTRA_SOLICITADA');
    expect(aviso.titulo).toContain('Tostadores del Sur');
    // A second request of the same lot while the first is in progress: 409 with where to find it.
    const again = await solicitar(comprador);
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(MUESTRA_MESSAGES.YA_SOLICITADA);
    await accion(comprador, muestra.id, { accion: 'CANCELAR' });
  });

  it('the same Idempotency-Key twice gives one sample and the same answer; another body is 422; none is 400', async () => {
    const key = randomUUID();
    const first = await solicitar(comprador, {}, key);
    const second = await solicitar(comprador, {}, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    const other = await solicitar(comprador, { mensaje: 'Otro mensaje' }, key);
    expect(other.statusCode).toBe(422);
    expect((await solicitar(comprador, {}, null)).statusCode).toBe(400);
    const rows = await ctx.app.db
      .select()
      .from(muestras)
      .where(
        and(eq(muestras.compradorId, comprador.id), eq(muestras.estado, 'SOLICITADA'), eq(muestras.tipo, 'OFERTA')),
      );
    expect(rows).toHaveLength(1);
    await accion(comprador, rows[0].id, { accion: 'CANCELAR' });
  });

  it('refuses visitors (401), producers (403), lots without samples (409) and bad addresses (400 by field)', async () => {
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/muestras', payload: {} });
    expect(visitor.statusCode).toBe(401);
    expect((await solicitar(productor)).statusCode).toBe(403);
    const sin = await solicitar(comprador, { loteId: loteSinMuestra });
    expect(sin.statusCode).toBe(409);
    expect(json(sin).error.message).toBe(MUESTRA_MESSAGES.SIN_MUESTRA);
    const bad = await solicitar(comprador, { direccionEnvio: { ...direccion, linea1: '', pais: 'España' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).error.fields)).toEqual(
      expect.arrayContaining(['direccionEnvio.linea1', 'direccionEnvio.pais']),
    );
  });
});

describe('a sample from request to cupping', () => {
  it('walks the table, each step visible to both parties and notified, and hidden from everyone else', async () => {
    const { muestra } = MuestraResponseSchema.parse(json(await solicitar(comprador))).data;
    const id = muestra.id;
    expect((await detalle(otro, id)).statusCode).toBe(404);
    expect((await accion(otro, id, { accion: 'CANCELAR' })).statusCode).toBe(404);

    const fueraDeCereza = await accion(productor, id, {
      accion: 'ENVIAR',
      transportista: 'DHL',
      numeroGuia: '1',
      imagen: 'https://example.com/x.jpg',
    });
    expect(fueraDeCereza.statusCode).toBe(400);
    expect(Object.keys(json(fueraDeCereza).error.fields)).toEqual(['imagen']);
    const aceptada = json(await accion(productor, id, { accion: 'ACEPTAR', desde: 'SOLICITADA' }));
    expect(aceptada.data.muestra).toMatchObject({ estado: 'ACEPTADA', rol: 'productor', acciones: ['ENVIAR'] });
    const enviada = json(
      await accion(productor, id, {
        accion: 'ENVIAR',
        transportista: 'DHL',
        numeroGuia: '1234567890',
        imagen: '/uploads/demo/t/bolsa-lg.webp',
      }),
    );
    expect(enviada.data.muestra.seguimiento).toContain('1234567890');
    expect(json(await accion(comprador, id, { accion: 'RECIBIR' })).data.muestra.acciones).toEqual(['CATAR']);

    const res = await catar(comprador, id, hoja({ atributos: { ...hoja().atributos, acidez: 8.75 } }));
    expect(res.statusCode).toBe(201);
    const { cata, muestra: catada } = CataResponseSchema.parse(json(res)).data;
    expect(cata.puntajeTotal).toBe(86.75);
    expect(catada).toMatchObject({ estado: 'CATADA', puntajeTotal: 86.75, acciones: [] });

    const seen = MuestraDetalleResponseSchema.parse(json(await detalle(productor, id))).data;
    expect(seen.eventos.map((e) => e.accion)).toEqual(['SOLICITAR', 'ACEPTAR', 'ENVIAR', 'RECIBIR', 'CATAR']);
    expect(seen.eventos[2].datos).toMatchObject({
      transportista: 'DHL',
      numeroGuia: '1234567890',
      imagen: '/uploads/demo/t/bolsa-lg.webp',
    });
    expect(seen.cata?.hoja.notasCata).toEqual(['panela', 'mandarina']);

    for (const tipo of ['MUESTRA_ACEPTADA', 'MUESTRA_ENVIADA'])
      expect(await avisosDe(comprador.id, tipo)).not.toEqual([]);
    for (const tipo of ['MUESTRA_ENTREGADA', 'MUESTRA_CATADA'])
      expect(await avisosDe(productor.id, tipo)).not.toEqual([]);
    const [catadaAviso] = await avisosDe(productor.id, 'MUESTRA_CATADA');
    expect(catadaAviso.titulo).toContain('86,75');
    // The kinds whose e-mail is on by default queue their mail in the same transaction (the outbox).
    for (const [userId, tipo] of [
      [productor.id, 'MUESTRA_SOLICITADA'],
      [comprador.id, 'MUESTRA_ENVIADA'],
      [productor.id, 'MUESTRA_CATADA'],
    ] as const) {
      const avisos = (await avisosDe(userId, tipo)).filter((a) => a.entidadId === id);
      expect(avisos).toHaveLength(1);
      const mails = await ctx.app.db.select().from(correos).where(eq(correos.notificacionId, avisos[0].id));
      expect(mails).toHaveLength(1);
    }

    const recibidas = json(
      await ctx.app.inject({ method: 'GET', url: `/api/productor/catas?loteId=${loteId}`, headers: bearer(productor) }),
    );
    expect(recibidas.data.puntajes).toContain(86.75);
    expect(recibidas.data.promedios.acidez).toBeGreaterThan(8);
    const ajeno = await ctx.app.inject({
      method: 'GET',
      url: `/api/productor/catas?loteId=${loteId}`,
      headers: bearer(await createUser(ctx, 'PRODUCTOR', { perfil: true })),
    });
    expect(ajeno.statusCode).toBe(404);

    const lista = MuestrasResponseSchema.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/muestras?estado=CATADA', headers: bearer(comprador) })),
    ).data;
    expect(lista.muestras.map((m) => m.id)).toContain(id);
    const deOtro = json(await ctx.app.inject({ method: 'GET', url: '/api/muestras', headers: bearer(otro) })).data;
    expect(deOtro.muestras).toEqual([]);
  });
});

describe('the table, every state × action × actor', () => {
  type Accion = AccionMuestra | 'CATAR';
  const bodies: Record<Accion, Record<string, unknown>> = {
    ACEPTAR: { accion: 'ACEPTAR' },
    RECHAZAR: { accion: 'RECHAZAR', motivo: 'Sin existencias para muestras.' },
    CANCELAR: { accion: 'CANCELAR' },
    ENVIAR: { accion: 'ENVIAR', transportista: 'FedEx', numeroGuia: 'FX-1' },
    RECIBIR: { accion: 'RECIBIR' },
    CATAR: hoja(),
  };
  // Written out by hand from docs/product.md §10, not read from MUESTRA_LIFECYCLE, so that a wrong row of the
  // table fails here. Who may take each action (the other party gets 403, a stranger 404)...
  const QUIEN: Record<Accion, 'comprador' | 'productor'> = {
    ACEPTAR: 'productor',
    RECHAZAR: 'productor',
    CANCELAR: 'comprador',
    ENVIAR: 'productor',
    RECIBIR: 'comprador',
    CATAR: 'comprador',
  };
  // ...and, per state, where each allowed action leads; an action missing from a state's row is a 409.
  const DESTINO: Record<EstadoMuestra, Partial<Record<Accion, EstadoMuestra>>> = {
    SOLICITADA: { ACEPTAR: 'ACEPTADA', RECHAZAR: 'RECHAZADA', CANCELAR: 'CANCELADA' },
    ACEPTADA: { CANCELAR: 'CANCELADA', ENVIAR: 'ENVIADA' },
    RECHAZADA: {},
    CANCELADA: {},
    EXPIRADA: {},
    ENVIADA: { RECIBIR: 'ENTREGADA' },
    ENTREGADA: { CATAR: 'CATADA' },
    CATADA: {},
    CERRADA_SIN_CATA: { CATAR: 'CATADA' },
  };
  const actors = { comprador: () => comprador, productor: () => productor, otro: () => otro };

  it('covers every state and every action of the contract', () => {
    expect(Object.keys(DESTINO).sort()).toEqual([...ESTADOS_MUESTRA].sort());
    expect(Object.keys(QUIEN).sort()).toEqual([...ACCIONES_MUESTRA, 'CATAR'].sort());
  });

  for (const estado of ESTADOS_MUESTRA) {
    for (const action of [...ACCIONES_MUESTRA, 'CATAR' as const]) {
      for (const [who, user] of Object.entries(actors)) {
        const to = who === QUIEN[action] ? DESTINO[estado][action] : undefined;
        const expected = to ? 200 : who === 'otro' ? 404 : who === QUIEN[action] ? 409 : 403;
        it(`${estado} · ${action} · ${who}: ${to ? `→ ${to}` : expected}`, async () => {
          const m = await muestraEn(estado);
          const res =
            action === 'CATAR' ? await catar(user(), m.id, bodies.CATAR) : await accion(user(), m.id, bodies[action]);
          if (to) {
            expect([200, 201]).toContain(res.statusCode);
            expect(await estadoDe(m.id)).toBe(to);
            expect(await eventosDe(m.id)).toHaveLength(1);
          } else {
            expect(res.statusCode).toBe(expected);
            if (expected === 409) expect(json(res).error.message).toBe(MUESTRA_MESSAGES.ESTADO[estado]);
            expect(await estadoDe(m.id)).toBe(estado);
            expect(await eventosDe(m.id)).toHaveLength(0);
          }
        });
      }
    }
  }
});

describe('two people at once', () => {
  it('the producer accepting while the buyer cancels, 20 times: one wins, the other gets 409, one event', async () => {
    for (let i = 0; i < 20; i++) {
      const m = await muestraEn('SOLICITADA');
      const [a, c] = await Promise.all([
        accion(productor, m.id, { accion: 'ACEPTAR', desde: 'SOLICITADA' }),
        accion(comprador, m.id, { accion: 'CANCELAR', desde: 'SOLICITADA' }),
      ]);
      expect([a.statusCode, c.statusCode].sort()).toEqual([200, 409]);
      const evs = await eventosDe(m.id);
      expect(evs).toHaveLength(1);
      expect(await estadoDe(m.id)).toBe(a.statusCode === 200 ? 'ACEPTADA' : 'CANCELADA');
    }
  });
});

describe('timers (ManualClock, the scheduler’s task)', () => {
  it('expires an unanswered request after 7 days and tells both', async () => {
    const { muestra } = json(await solicitar(comprador)).data;
    clock.advance(7 * DAY - 60_000);
    await ctx.app.scheduler.runTask(MUESTRAS_TASK);
    expect(await estadoDe(muestra.id)).toBe('SOLICITADA');
    clock.advance(60_000);
    await ctx.app.scheduler.runTask(MUESTRAS_TASK);
    expect(await estadoDe(muestra.id)).toBe('EXPIRADA');
    const [e] = (await eventosDe(muestra.id)).filter((x) => x.accion === 'EXPIRAR');
    expect(e).toMatchObject({ actorId: null, actorRol: 'sistema' });
    expect(await avisosDe(comprador.id, 'MUESTRA_EXPIRADA')).toHaveLength(1);
  });

  it('delivers 21 days after dispatch, reminds at +7 and +14, closes without cupping at +30', async () => {
    const m = await muestraEn('ACEPTADA');
    await accion(productor, m.id, { accion: 'ENVIAR', transportista: 'UPS', numeroGuia: '1Z999' });
    const recordatorios = async () =>
      (await avisosDe(comprador.id, 'MUESTRA_RECORDATORIO')).filter((a) => a.entidadId === m.id).length;
    clock.advance(21 * DAY);
    await ctx.app.scheduler.runTask(MUESTRAS_TASK);
    expect(await estadoDe(m.id)).toBe('ENTREGADA');
    clock.advance(7 * DAY);
    await ctx.app.scheduler.runTask(MUESTRAS_TASK);
    await ctx.app.scheduler.runTask(MUESTRAS_TASK);
    expect(await recordatorios()).toBe(1);
    clock.advance(7 * DAY);
    await ctx.app.scheduler.runTask(MUESTRAS_TASK);
    expect(await recordatorios()).toBe(2);
    clock.advance(16 * DAY);
    await ctx.app.scheduler.runTask(MUESTRAS_TASK);
    expect(await estadoDe(m.id)).toBe('CERRADA_SIN_CATA');
    expect(await recordatorios()).toBe(2);
    expect((await eventosDe(m.id)).map((e) => e.accion)).toEqual(['ENVIAR', 'ENTREGAR', 'CERRAR']);
  });
});

describe('feedback debt', () => {
  it('three samples delivered over 14 days ago and not cupped block a new request, naming them', async () => {
    const deudor = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const hace = new Date(clock.now().getTime() - 15 * DAY);
    for (let i = 0; i < 3; i++) {
      await muestraEn('ENTREGADA', {
        compradorId: deudor.id,
        entregadaAt: hace,
        venceAt: new Date(hace.getTime() + 30 * DAY),
      });
    }
    const res = await solicitar(deudor);
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toContain('3 muestras recibidas hace más de 14 días sin catar');
    const lista = json(await ctx.app.inject({ method: 'GET', url: '/api/muestras', headers: bearer(deudor) })).data;
    expect(lista.pendientesDeCata).toHaveLength(3);
  });
});

describe('feedback debt of samples closed without cupping (issue 25 §3)', () => {
  it('samples the timer closed uncupped count like delivered ones, and cupping one late lifts the block', async () => {
    const deudor = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const hace = new Date(clock.now().getTime() - 40 * DAY);
    const cerradas = [];
    for (let i = 0; i < 3; i++) {
      cerradas.push(
        await muestraEn(i === 0 ? 'ENTREGADA' : 'CERRADA_SIN_CATA', { compradorId: deudor.id, entregadaAt: hace }),
      );
    }
    const res = await solicitar(deudor);
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toContain('3 muestras recibidas hace más de 14 días sin catar');
    const lista = json(await ctx.app.inject({ method: 'GET', url: '/api/muestras', headers: bearer(deudor) })).data;
    expect(lista.pendientesDeCata).toHaveLength(3);

    const cerrada = cerradas[1];
    const d = json(await detalle(deudor, cerrada.id)).data.muestra;
    expect(d.acciones).toContain('CATAR');
    const c = await catar(deudor, cerrada.id, hoja({ decision: null, motivo: undefined }));
    expect(c.statusCode).toBe(201);
    expect(await estadoDe(cerrada.id)).toBe('CATADA');
    const ok = await solicitar(deudor);
    expect(ok.statusCode).toBe(201);
  });
});

describe('the decision belongs to offer samples only (issue 25 §3)', () => {
  it('a pre-shipment sample is cupped without "interesado / no interesado"; an offer sample still needs it', async () => {
    const pss = await muestraEn('ENTREGADA', { entregadaAt: clock.now() });
    const sinDecision = hoja({ decision: null, motivo: undefined });
    const r = await catar(comprador, pss.id, sinDecision);
    expect(r.statusCode).toBe(201);
    expect(json(r).data.cata.hoja.decision).toBeNull();
    expect(await estadoDe(pss.id)).toBe('CATADA');
    // A decision sent for a PSS is not stored: the order's APROBAR_PSS / RECHAZAR_PSS is the buyer's answer.
    const pss2 = await muestraEn('ENTREGADA', { entregadaAt: clock.now() });
    const r2 = await catar(comprador, pss2.id, hoja({ decision: 'NO_INTERESADO' }));
    expect(json(r2).data.cata.hoja.decision).toBeNull();

    const catador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const oferta = await muestraEn('ENTREGADA', { tipo: 'OFERTA', compradorId: catador.id, entregadaAt: clock.now() });
    const sin = await catar(catador, oferta.id, sinDecision);
    expect(sin.statusCode).toBe(400);
    expect(json(sin).error).toMatchObject({ message: 'Elige si te interesa el lote.' });
    expect(await estadoDe(oferta.id)).toBe('ENTREGADA');
    expect((await catar(catador, oferta.id, hoja())).statusCode).toBe(201);
  });
});

describe('the cupping sheet', () => {
  const base: PuntajeInput = {
    atributos: { fragranciaAroma: 8, sabor: 8, regusto: 8, acidez: 8, cuerpo: 8, balance: 8, puntajeCatador: 8 },
    tazas: {
      uniformidad: [true, true, true, true, true],
      tazaLimpia: [true, true, true, true, true],
      dulzor: [true, true, true, true, true],
    },
    defectos: { tazas: 0, intensidad: 'MANCHA' },
  };

  it('totals hand-computed sheets', () => {
    expect(puntajeSca(base)).toBe(86); // 7 × 8 + 30
    // 7.5 + 7.75 + 7.25 + 8 + 7.5 + 7.75 + 7.5 = 53.25; uniformity 4 cups (8) + clean 3 (6) + sweet 5 (10) = 24;
    // one cup with a fault: −4 → 73.25
    expect(
      puntajeSca({
        atributos: {
          fragranciaAroma: 7.5,
          sabor: 7.75,
          regusto: 7.25,
          acidez: 8,
          cuerpo: 7.5,
          balance: 7.75,
          puntajeCatador: 7.5,
        },
        tazas: {
          uniformidad: [true, true, false, true, true],
          tazaLimpia: [true, false, true, false, true],
          dulzor: [true, true, true, true, true],
        },
        defectos: { tazas: 1, intensidad: 'FALLA' },
      }),
    ).toBe(73.25);
    expect(puntajeSca({ ...base, defectos: { tazas: 2, intensidad: 'MANCHA' } })).toBe(82);
  });

  it('any valid sheet totals within 0–100', () => {
    const punto = fc.integer({ min: 24, max: 40 }).map((q) => q / 4);
    const cinco = fc.array(fc.boolean(), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(
        fc.array(punto, { minLength: 7, maxLength: 7 }),
        cinco,
        cinco,
        cinco,
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('MANCHA' as const, 'FALLA' as const),
        (ps, u, l, d, tazas, intensidad) => {
          const [fragranciaAroma, sabor, regusto, acidez, cuerpo, balance, puntajeCatador] = ps;
          const total = puntajeSca({
            atributos: { fragranciaAroma, sabor, regusto, acidez, cuerpo, balance, puntajeCatador },
            tazas: { uniformidad: u, tazaLimpia: l, dulzor: d },
            defectos: { tazas, intensidad },
          });
          return total >= 0 && total <= 100 && Number.isInteger(total * 4);
        },
      ),
    );
  });

  it('refuses out-of-range and off-step values with field messages, never a 5xx', async () => {
    const m = await muestraEn('ENTREGADA');
    const off = await catar(comprador, m.id, hoja({ atributos: { ...hoja().atributos, sabor: 8.1, acidez: 11 } }));
    expect(off.statusCode).toBe(400);
    expect(json(off).error.fields).toMatchObject({
      'atributos.sabor': 'Sabor: va en pasos de 0,25.',
      'atributos.acidez': 'Acidez: el máximo es 10.',
    });
    const cups = await catar(comprador, m.id, hoja({ tazas: { ...hoja().tazas, dulzor: [true] } }));
    expect(cups.statusCode).toBe(400);
    expect(json(cups).error.fields['tazas.dulzor']).toBe('Dulzor: son 5 tazas.');
    // The decision is asked of offer samples (a PSS is cupped without it: issue 25 §3).
    const catador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const oferta = await muestraEn('ENTREGADA', { tipo: 'OFERTA', compradorId: catador.id });
    const noDecision = await catar(catador, oferta.id, hoja({ decision: null }));
    expect(json(noDecision).error.fields.decision).toBe('Elige si te interesa el lote.');

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.double(), fc.string()),
        fc.constantFrom('atributos', 'tazas', 'defectos', 'notasCata', 'comentarios'),
        async (junk, key) => {
          const res = await catar(comprador, m.id, { ...hoja(), [key]: junk });
          // A mutation can still be a valid sheet ([] descriptors, {} comments): then 201, and 409 afterwards.
          expect([201, 400, 409]).toContain(res.statusCode);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('GET /api/muestras pages the lists', () => {
  /** A sample of the shared buyer to `vendedor`'s lot, written directly in `estado`, a minute after the last one. */
  async function insertMuestra(vendedor: TestUser, loteId: string, estado: EstadoMuestra): Promise<string> {
    clock.advance(60_000);
    const [row] = await ctx.app.db
      .insert(muestras)
      .values({
        loteId,
        compradorId: comprador.id,
        productorId: vendedor.id,
        tipo: 'PRE_EMBARQUE',
        gramos: 250,
        direccionEnvio: direccion,
        estado,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    return row.id;
  }

  it('answers one page at a time, newest moves first, with the pagination block the Pager reads', async () => {
    const vendedor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const loteDelVendedor = (await postLote(ctx, vendedor, { codigo: 'PAGINAS' })).id;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertMuestra(vendedor, loteDelVendedor, 'SOLICITADA'));
    const pagina = async (page: number) =>
      MuestrasResponseSchema.parse(
        json(
          await ctx.app.inject({
            method: 'GET',
            url: `/api/muestras?rol=productor&limit=2&page=${page}`,
            headers: bearer(vendedor),
          }),
        ),
      ).data;
    const [p1, p2, p3, p4] = [await pagina(1), await pagina(2), await pagina(3), await pagina(4)];
    expect(p1.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect([...p1.muestras, ...p2.muestras, ...p3.muestras].map((m) => m.id)).toEqual([...ids].reverse());
    expect(p3.muestras).toHaveLength(1);
    expect(p4.muestras).toHaveLength(0);
    const fuera = await ctx.app.inject({
      method: 'GET',
      url: '/api/muestras?rol=productor&page=0',
      headers: bearer(vendedor),
    });
    expect(fuera.statusCode).toBe(400);
  });

  it('gives the producer his most urgent requests first and the count of each state over every page', async () => {
    const vendedor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const loteDelVendedor = (await postLote(ctx, vendedor, { codigo: 'GRUPOS' })).id;
    // Inserted oldest first in the reverse of the urgency order, so "newest first" alone would invert it.
    const estados: EstadoMuestra[] = ['CANCELADA', 'CATADA', 'ENTREGADA', 'ENVIADA', 'ACEPTADA', 'SOLICITADA'];
    const idDe = new Map<string, EstadoMuestra>();
    for (const estado of [...estados, 'SOLICITADA' as const])
      idDe.set(await insertMuestra(vendedor, loteDelVendedor, estado), estado);
    const lista = async (qs: string) =>
      MuestrasResponseSchema.parse(
        json(await ctx.app.inject({ method: 'GET', url: `/api/muestras?${qs}`, headers: bearer(vendedor) })),
      ).data;
    const p1 = await lista('rol=productor&limit=3');
    const p2 = await lista('rol=productor&limit=3&page=2');
    const p3 = await lista('rol=productor&limit=3&page=3');
    expect([...p1.muestras, ...p2.muestras, ...p3.muestras].map((m) => m.estado)).toEqual([
      'SOLICITADA',
      'SOLICITADA',
      'ACEPTADA',
      'ENVIADA',
      'ENTREGADA',
      'CATADA',
      'CANCELADA',
    ]);
    expect(p1.muestras.every((m) => idDe.get(m.id) === m.estado)).toBe(true);
    // Within a group, the newest move first.
    expect(p1.muestras[0].createdAt > p1.muestras[1].createdAt).toBe(true);
    for (const p of [p1, p2, p3]) {
      expect(p.conteos).toEqual({
        SOLICITADA: 2,
        ACEPTADA: 1,
        RECHAZADA: 0,
        CANCELADA: 1,
        EXPIRADA: 0,
        ENVIADA: 1,
        ENTREGADA: 1,
        CATADA: 1,
        CERRADA_SIN_CATA: 0,
      });
    }
    // A state filter narrows the list and its total, not the counts.
    const aceptadas = await lista('rol=productor&estado=ACEPTADA');
    expect(aceptadas.muestras.map((m) => m.estado)).toEqual(['ACEPTADA']);
    expect(aceptadas.pagination.total).toBe(1);
    expect(aceptadas.conteos.SOLICITADA).toBe(2);
    // The buyer's counts are his own: none of this producer's other buyers' samples.
    const delComprador = MuestrasResponseSchema.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/muestras?rol=comprador', headers: bearer(comprador) })),
    ).data;
    expect(Object.values(delComprador.conteos).reduce((a, b) => a + b, 0)).toBe(delComprador.pagination.total);
  });
});
