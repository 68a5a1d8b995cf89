import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MUESTRA_MESSAGES, PLAZOS_MUESTRA } from '../../../contract/muestras';
import { SOLICITUD_MESSAGES } from '../../../contract/solicitudes';
import { DAY, ManualClock } from '../../clock';
import { eventos } from '../../db/schema/eventos';
import { muestras } from '../../db/schema/muestras';
import { notificaciones } from '../../db/schema/notificaciones';
import { HttpError } from '../../errors';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { enviarMuestraPss, solicitarMuestraDeRespuesta } from '.';

/*
 * Every sample is born through one of the sample table's creating moves (docs/decisions/075): a buyer's request,
 * a sourcing answer's sample, a PSS. Each writes its event and starts the timer of its first state, and the buyer's
 * rules hold at both buyer doors.
 */
let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let productor: TestUser;
let loteId: string;

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
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  loteId = (await postLote(ctx, productor)).id;
});
afterAll(() => ctx.close());

const comprador = () => createUser(ctx, 'COMPRADOR', { perfil: true });

/** The catalogue's door, through the API. */
const pedirDelCatalogo = (user: TestUser) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/muestras',
    headers: { ...bearer(user), 'idempotency-key': randomUUID() },
    payload: { loteId, direccionEnvio: direccion },
  });

/** A sourcing answer's door (what PEDIR_MUESTRA calls), in a transaction of its own. */
const pedirDeRespuesta = (user: TestUser) =>
  ctx.app.db.transaction((tx) =>
    solicitarMuestraDeRespuesta(
      tx,
      user.id,
      {
        loteId,
        productorId: productor.id,
        gramos: 300,
        moneda: 'USD',
        direccionEnvio: direccion,
        solicitudId: randomUUID(),
        solicitudTitulo: 'Colombia lavado',
        respuestaId: randomUUID(),
      },
      clock.now(),
    ),
  );

/** An order's PSS door (what ENVIAR_PSS calls). */
const enviarPss = (user: TestUser) =>
  ctx.app.db.transaction((tx) =>
    enviarMuestraPss(
      tx,
      {
        pedido: {
          id: randomUUID(),
          numero: 'P-0001',
          loteId,
          compradorId: user.id,
          productorId: productor.id,
          moneda: 'USD',
        },
        direccionEnvio: direccion,
        transportista: 'DHL',
        numeroGuia: 'G-1',
      },
      clock.now(),
    ),
  );

const muestra = async (id: string) => (await ctx.app.db.select().from(muestras).where(eq(muestras.id, id)))[0];
const eventosDe = (id: string) =>
  ctx.app.db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'muestra'), eq(eventos.entidadId, id)));
const enDias = (n: number) => new Date(clock.now().getTime() + n * DAY);

/** Three samples delivered over 14 days ago and never cupped: the feedback debt that blocks a buyer's request. */
async function endeudar(user: TestUser) {
  const hace = new Date(clock.now().getTime() - 15 * DAY);
  for (let i = 0; i < PLAZOS_MUESTRA.deudaMaxima; i++) {
    await ctx.app.db.insert(muestras).values({
      loteId,
      compradorId: user.id,
      productorId: productor.id,
      tipo: 'PRE_EMBARQUE',
      gramos: 250,
      direccionEnvio: direccion,
      estado: 'ENTREGADA',
      entregadaAt: hace,
    });
  }
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
};

describe('each creating move writes its event and starts its timer', () => {
  it('a buyer’s request: SOLICITAR — → SOLICITADA by the buyer, expiring in 7 days', async () => {
    const c = await comprador();
    const res = await pedirDelCatalogo(c);
    expect(res.statusCode, res.body).toBe(201);
    const id = json(res).data.muestra.id as string;
    expect(await eventosDe(id)).toMatchObject([
      { accion: 'SOLICITAR', desde: null, hacia: 'SOLICITADA', actorId: c.id, actorRol: 'comprador' },
    ]);
    expect((await muestra(id)).venceAt).toEqual(enDias(PLAZOS_MUESTRA.respuesta));
  });

  it('a sourcing answer’s sample: SOLICITAR — → SOLICITADA by the buyer, free, expiring in 7 days, producer told', async () => {
    const c = await comprador();
    const id = await pedirDeRespuesta(c);
    const [e] = await eventosDe(id);
    expect(e).toMatchObject({ accion: 'SOLICITAR', desde: null, hacia: 'SOLICITADA', actorRol: 'comprador' });
    expect(e.datos).toHaveProperty('respuestaId');
    expect(await muestra(id)).toMatchObject({
      estado: 'SOLICITADA',
      tipo: 'OFERTA',
      gramos: 300,
      precioCentavos: 0,
      venceAt: enDias(PLAZOS_MUESTRA.respuesta),
    });
    const avisos = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.entidadId, id), eq(notificaciones.tipo, 'MUESTRA_SOLICITADA')));
    expect(avisos.map((a) => a.userId)).toEqual([productor.id]);
  });

  it('a PSS: ENVIAR — → ENVIADA by the producer, delivered by the sample table’s own timer', async () => {
    const c = await comprador();
    const id = await enviarPss(c);
    expect(await eventosDe(id)).toMatchObject([
      { accion: 'ENVIAR', desde: null, hacia: 'ENVIADA', actorId: productor.id, actorRol: 'productor' },
    ]);
    expect(await muestra(id)).toMatchObject({
      estado: 'ENVIADA',
      tipo: 'PRE_EMBARQUE',
      transportista: 'DHL',
      enviadaAt: clock.now(),
      venceAt: enDias(PLAZOS_MUESTRA.entrega),
    });
  });
});

describe('the buyer’s rules hold at both buyer doors, not at the PSS', () => {
  it('feedback debt: refused from the catalogue and from a sourcing answer; a PSS still ships', async () => {
    const c = await comprador();
    await endeudar(c);
    const delCatalogo = await pedirDelCatalogo(c);
    expect(delCatalogo.statusCode).toBe(409);
    const deRespuesta = await refusal(pedirDeRespuesta(c));
    expect(deRespuesta.statusCode).toBe(409);
    expect(deRespuesta.message).toBe(json(delCatalogo).error.message);
    expect(deRespuesta.message).toContain('sin catar');
    expect((await muestra(await enviarPss(c))).estado).toBe('ENVIADA');
  });

  it('a buyer without a profile is refused at both doors (403)', async () => {
    const c = await createUser(ctx, 'COMPRADOR', { perfil: false });
    expect((await pedirDelCatalogo(c)).statusCode).toBe(403);
    expect((await refusal(pedirDeRespuesta(c))).statusCode).toBe(403);
  });

  it('one sample of a lot in progress, whichever door asked it; a PSS is not counted', async () => {
    const c = await comprador();
    await enviarPss(c);
    expect((await pedirDelCatalogo(c)).statusCode).toBe(201);
    const otra = await refusal(pedirDeRespuesta(c));
    expect([otra.statusCode, otra.message]).toEqual([409, SOLICITUD_MESSAGES.MUESTRA_EN_CURSO]);

    const d = await comprador();
    await pedirDeRespuesta(d);
    const res = await pedirDelCatalogo(d);
    expect([res.statusCode, json(res).error.message]).toEqual([409, MUESTRA_MESSAGES.YA_SOLICITADA]);
  });
});
