import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CAJA_MESSAGES,
  CajaResponseSchema,
  CajasMuestrasResponseSchema,
  MUESTRA_MESSAGES,
  type CajaMuestras,
} from '../../../contract/muestras';
import { DAY, ManualClock } from '../../clock';
import { PAGINAS } from '../../../contract/paginas';
import { eventos } from '../../db/schema/eventos';
import { cajasMuestras, muestras } from '../../db/schema/muestras';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { bearer, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { createTestAppWithSmtp, linkIn, recipientOf, type TestSmtp } from '../../test/mail';
import { postLote } from '../lotes/test-fixtures';

/* Sample boxes (issue 32, docs/decisions/070). */

let ctx: TestContext & { smtp: TestSmtp };
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let comprador: TestUser;
let productorA: TestUser;
let productorB: TestUser;
let extrano: TestUser;
let a1: string;
let a2: string;
let b1: string;
let sinMuestra: string;

const direccion = {
  nombre: 'Martín Ferrer',
  empresa: 'Tostadores del Sur',
  linea1: 'Calle Mayor 12',
  ciudad: 'Valencia',
  codigoPostal: '46001',
  pais: 'ES',
  telefono: '',
};

beforeAll(async () => {
  ctx = await createTestAppWithSmtp({ clock });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  extrano = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productorA = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'La Esperanza' });
  productorB = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'El Mirador' });
  a1 = (await postLote(ctx, productorA, { codigo: 'A-1', nombre: 'Geisha A1' })).id;
  a2 = (
    await postLote(ctx, productorA, { codigo: 'A-2', nombre: 'Caturra A2', muestra: { disponible: true, gramos: 100 } })
  ).id;
  b1 = (await postLote(ctx, productorB, { codigo: 'B-1', nombre: 'Bourbon B1' })).id;
  sinMuestra = (await postLote(ctx, productorB, { codigo: 'B-2', muestra: { disponible: false } })).id;
});
afterAll(() => ctx.close());

const req = (
  user: TestUser | null,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
  headers = {},
) => ctx.app.inject({ method, url, headers: { ...(user ? bearer(user) : {}), ...headers }, payload });
const anadir = (user: TestUser, loteId: string) => req(user, 'PUT', `/api/caja-muestras/lotes/${loteId}`);
const enviar = (user: TestUser, loteIds: string[], key = randomUUID()) =>
  req(
    user,
    'POST',
    '/api/caja-muestras/enviar',
    { loteIds, direccionEnvio: direccion, mensaje: 'Para la mesa del jueves.' },
    { 'idempotency-key': key },
  );
const envio = (user: TestUser, id: string) =>
  req(user, 'POST', `/api/cajas-muestras/${id}/envio`, { transportista: 'DHL', numeroGuia: '123456' });
const accion = (user: TestUser, id: string, body: object) => req(user, 'POST', `/api/muestras/${id}/acciones`, body);

describe('the box being filled', () => {
  it('adds lots with grams and price, keeps one of each, removes, refuses a lot without samples, and is the buyer’s only', async () => {
    const r1 = await anadir(comprador, a1);
    expect(r1.statusCode).toBe(200);
    expect(json(r1).message).toBe(CAJA_MESSAGES.ADDED);
    await anadir(comprador, a1);
    clock.advance(1000);
    const r2 = await anadir(comprador, a2);
    const { lotes } = CajaResponseSchema.parse(json(r2)).data;
    expect(lotes.map((l) => [l.nombre, l.gramos, l.precioCentavos, l.productor])).toEqual([
      ['Geisha A1', 250, 1500, 'Finca La Esperanza'],
      ['Caturra A2', 100, 0, 'Finca La Esperanza'],
    ]);
    expect((await anadir(comprador, sinMuestra)).statusCode).toBe(409);
    expect(json(await anadir(comprador, sinMuestra)).error.message).toBe(MUESTRA_MESSAGES.SIN_MUESTRA);
    expect((await anadir(comprador, randomUUID())).statusCode).toBe(404);
    // Another buyer's box is his own: empty.
    expect(json(await req(extrano, 'GET', '/api/caja-muestras')).data.lotes).toEqual([]);
    // A producer and a visitor have no box.
    expect((await anadir(productorA, a1)).statusCode).toBe(403);
    expect((await req(null, 'GET', '/api/caja-muestras')).statusCode).toBe(401);
    const quitado = await req(comprador, 'DELETE', `/api/caja-muestras/lotes/${a2}`);
    expect(json(quitado).data.lotes.map((l: { id: string }) => l.id)).toEqual([a1]);
    expect((await req(comprador, 'DELETE', `/api/caja-muestras/lotes/${a2}`)).statusCode).toBe(404);
  });

  it('takes in the visitor’s box at sign-in, leaving out what cannot be asked', async () => {
    const r = await req(comprador, 'POST', '/api/caja-muestras/fusionar', {
      loteIds: [a2, b1, sinMuestra, randomUUID(), a1],
    });
    expect(r.statusCode).toBe(200);
    expect(
      json(r)
        .data.lotes.map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual([a1, a2, b1].sort());
  });
});

describe('sending the box', () => {
  let cajas: CajaMuestras[];

  it('refuses a lot that is not in the box, with the field named', async () => {
    const r = await enviar(comprador, [a1, sinMuestra]);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.fields).toEqual({ 'loteIds.1': CAJA_MESSAGES.NO_EN_CAJA });
  });

  it('makes one request per producer, each with its lots, through the samples’ own creation', async () => {
    const r = await enviar(comprador, [a1, b1, a2]);
    expect(r.statusCode).toBe(201);
    cajas = CajasMuestrasResponseSchema.parse(json(r)).data.cajas;
    expect(json(r).message).toBe(CAJA_MESSAGES.enviada(2));
    expect(cajas.map((c) => [c.productor, c.muestras.map((m) => m.lote.nombre)])).toEqual([
      ['Finca La Esperanza', ['Caturra A2', 'Geisha A1']],
      ['Finca El Mirador', ['Bourbon B1']],
    ]);
    for (const c of cajas) {
      for (const m of c.muestras) {
        expect(m).toMatchObject({ estado: 'SOLICITADA', cajaId: c.id, tipo: 'OFERTA', direccionEnvio: direccion });
        // The same creation as a single request: its SOLICITAR event.
        const evs = await ctx.app.db
          .select()
          .from(eventos)
          .where(and(eq(eventos.entidad, 'muestra'), eq(eventos.entidadId, m.id)));
        expect(evs.map((e) => e.accion)).toEqual(['SOLICITAR']);
      }
    }
    // The producer is told once per request (below), not once per lot.
    expect(await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.tipo, 'MUESTRA_SOLICITADA'))).toEqual(
      [],
    );
    expect(cajas[0].muestras.map((m) => m.gramos)).toEqual([100, 250]);
    // The box is emptied of what was sent.
    expect(json(await req(comprador, 'GET', '/api/caja-muestras')).data.lotes).toEqual([]);
  });

  it('tells each producer once per box, naming his lots, in the app and by e-mail', async () => {
    const quien = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const tres = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Los Naranjos' });
    const uno = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'La Cumbre' });
    const deTres = [];
    for (const [codigo, nombre] of [
      ['N-1', 'Geisha lavado'],
      ['N-2', 'Pacamara natural'],
      ['N-3', 'Caturra honey'],
    ]) {
      deTres.push((await postLote(ctx, tres, { codigo, nombre })).id);
    }
    const deUno = (await postLote(ctx, uno, { codigo: 'C-1', nombre: 'Bourbon rosado' })).id;
    for (const id of [deTres[0], deUno, deTres[1], deTres[2]]) await anadir(quien, id);

    const r = await enviar(quien, [deTres[0], deUno, deTres[1], deTres[2]]);
    expect(r.statusCode).toBe(201);
    const [cajaTres, cajaUno] = json(r).data.cajas as CajaMuestras[];
    const avisosDe = (userId: string) =>
      ctx.app.db.select().from(notificaciones).where(eq(notificaciones.userId, userId));

    const [aviso] = await avisosDe(tres.id);
    expect(await avisosDe(tres.id)).toHaveLength(1);
    expect(aviso).toMatchObject({
      tipo: 'CAJA_MUESTRAS_SOLICITADA',
      titulo: 'Tostadores del Sur pide muestras de 3 lotes: «Geisha lavado», «Pacamara natural» y «Caturra honey»',
      enlace: PAGINAS.productor.pedidosMuestras(),
      entidad: 'caja_muestras',
      entidadId: cajaTres.id,
    });
    expect(aviso.texto).toContain('Tienes 7 días para aceptar o rechazar cada lote');
    const [avisoUno] = await avisosDe(uno.id);
    expect(await avisosDe(uno.id)).toHaveLength(1);
    expect(avisoUno).toMatchObject({
      tipo: 'CAJA_MUESTRAS_SOLICITADA',
      titulo: 'Tostadores del Sur pide una muestra de «Bourbon rosado» en su caja de muestras',
      entidadId: cajaUno.id,
    });

    // One e-mail each (the kind's default), with the lots named and the button to his samples' page.
    const mail = await ctx.smtp.waitFor((m) => recipientOf(m) === tres.email);
    expect(mail.subject).toBe(aviso.titulo);
    expect(mail.text).toContain('«Pacamara natural»');
    expect(linkIn(mail, PAGINAS.productor.pedidosMuestras()).pathname).toBe(PAGINAS.productor.pedidosMuestras());
    await ctx.smtp.waitFor((m) => recipientOf(m) === uno.email);
    await ctx.app.scheduler.idle();
    for (const p of [tres, uno]) {
      expect(await ctx.app.db.select().from(correos).where(eq(correos.userId, p.id))).toHaveLength(1);
      expect(ctx.smtp.messages.filter((m) => recipientOf(m) === p.email)).toHaveLength(1);
    }
  });

  it('enforces the single request’s rules: one sample of a lot in progress (naming the lot), all or nothing', async () => {
    await anadir(comprador, a1);
    const r = await enviar(comprador, [a1]);
    expect(r.statusCode).toBe(409);
    expect(json(r).error.message).toBe(CAJA_MESSAGES.lote('Geisha A1', MUESTRA_MESSAGES.YA_SOLICITADA));
    expect(
      await ctx.app.db.select().from(cajasMuestras).where(eq(cajasMuestras.compradorId, comprador.id)),
    ).toHaveLength(2);
    await req(comprador, 'DELETE', `/api/caja-muestras/lotes/${a1}`);
  });

  it('enforces the feedback debt and the complete profile', async () => {
    const deudor = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const hace20 = new Date(clock.now().getTime() - 20 * DAY);
    for (const loteId of [a1, a2, b1]) {
      await ctx.app.db.insert(muestras).values({
        loteId,
        compradorId: deudor.id,
        productorId: loteId === b1 ? productorB.id : productorA.id,
        gramos: 250,
        direccionEnvio: direccion,
        estado: 'ENTREGADA',
        entregadaAt: hace20,
      });
    }
    const otro = (await postLote(ctx, productorB, { codigo: 'B-3', nombre: 'Pacamara B3' })).id;
    await anadir(deudor, otro);
    const r = await enviar(deudor, [otro]);
    expect(r.statusCode).toBe(409);
    expect(json(r).error.message).toContain('«Pacamara B3»: Tienes 3 muestras recibidas');

    const sinPerfil = await createUser(ctx, 'COMPRADOR', { perfil: false });
    await anadir(sinPerfil, otro);
    const r2 = await enviar(sinPerfil, [otro]);
    expect(r2.statusCode).toBe(403);
    expect(json(r2).error.message).toBe(MUESTRA_MESSAGES.PERFIL_REQUERIDO);
  });

  it('shows each box to its two parties only: a stranger gets 404', async () => {
    const [cajaA] = cajas;
    expect((await req(extrano, 'GET', `/api/cajas-muestras/${cajaA.id}`)).statusCode).toBe(404);
    expect((await req(productorB, 'GET', `/api/cajas-muestras/${cajaA.id}`)).statusCode).toBe(404);
    expect((await envio(productorB, cajaA.id)).statusCode).toBe(404);
    expect((await envio(extrano, cajaA.id)).statusCode).toBe(404);
    expect((await req(productorA, 'GET', `/api/cajas-muestras/${cajaA.id}`)).statusCode).toBe(200);
    const deA = json(await req(productorA, 'GET', '/api/cajas-muestras')).data.cajas as CajaMuestras[];
    expect(deA.map((c) => c.id)).toEqual([cajaA.id]);
    expect(deA[0]).toMatchObject({ rol: 'productor', comprador: 'Tostadores del Sur', puedeEnviar: false });
    // Neither a stranger nor the other producer moves a lot of the box.
    expect((await accion(productorB, cajaA.muestras[0].id, { accion: 'ACEPTAR' })).statusCode).toBe(404);
  });
});

describe('the producer answers each lot and ships once', () => {
  it('accepts one lot, refuses the other, cannot ship a lot alone, ships the box once', async () => {
    const [cajaA] = CajasMuestrasResponseSchema.parse(json(await req(productorA, 'GET', '/api/cajas-muestras'))).data
      .cajas;
    const [caturra, geisha] = cajaA.muestras;
    expect(json(await envio(productorA, cajaA.id)).error.message).toBe(CAJA_MESSAGES.POR_RESPONDER);

    const aceptada = json(await accion(productorA, geisha.id, { accion: 'ACEPTAR', desde: 'SOLICITADA' })).data.muestra;
    expect(aceptada.estado).toBe('ACEPTADA');
    // Shipping one lot of a box alone is not offered and refused.
    expect(aceptada.acciones).not.toContain('ENVIAR');
    const sola = await accion(productorA, geisha.id, { accion: 'ENVIAR', transportista: 'DHL', numeroGuia: '1' });
    expect(sola.statusCode).toBe(409);
    expect(json(sola).error.message).toBe(CAJA_MESSAGES.EN_CAJA);
    // Still one lot unanswered.
    expect((await envio(productorA, cajaA.id)).statusCode).toBe(409);

    const r = await accion(productorA, caturra.id, { accion: 'RECHAZAR', motivo: 'No queda muestra de este lote.' });
    expect(json(r).data.muestra.estado).toBe('RECHAZADA');
    // The buyer cannot ship his own box.
    expect((await envio(comprador, cajaA.id)).statusCode).toBe(403);

    const enviada = await envio(productorA, cajaA.id);
    expect(enviada.statusCode).toBe(200);
    const caja = json(enviada).data.caja as CajaMuestras;
    expect(caja.transportista).toBe('DHL');
    expect(caja.enviadaAt).not.toBeNull();
    expect(caja.muestras.map((m) => m.estado)).toEqual(['RECHAZADA', 'ENVIADA']);
    expect(caja.muestras[1]).toMatchObject({ transportista: 'DHL', numeroGuia: '123456' });
    const again = await envio(productorA, cajaA.id);
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(CAJA_MESSAGES.YA_ENVIADA);
    // The buyer sees the same box and receives his lot as any sample.
    const delComprador = json(await req(comprador, 'GET', `/api/cajas-muestras/${cajaA.id}`)).data.caja;
    expect(delComprador.muestras[1].acciones).toEqual(['RECIBIR']);
  });

  it('a box with no lot accepted has nothing to ship', async () => {
    const cajaB = CajasMuestrasResponseSchema.parse(
      json(await req(comprador, 'GET', '/api/cajas-muestras')),
    ).data.cajas.find((c) => c.productor === 'Finca El Mirador')!;
    await accion(productorB, cajaB.muestras[0].id, { accion: 'RECHAZAR', motivo: 'Sin existencias.' });
    const r = await envio(productorB, cajaB.id);
    expect(r.statusCode).toBe(409);
    expect(json(r).error.message).toBe(CAJA_MESSAGES.SIN_ACEPTADAS);
  });

  it('two shipments of one box at once: one wins, the other gets 409, each sample moves once', async () => {
    const lote = (await postLote(ctx, productorA, { codigo: 'A-9', nombre: 'Sidra A9' })).id;
    const lote2 = (await postLote(ctx, productorA, { codigo: 'A-10', nombre: 'Typica A10' })).id;
    await anadir(extrano, lote);
    await anadir(extrano, lote2);
    const [caja] = json(await enviar(extrano, [lote, lote2])).data.cajas as CajaMuestras[];
    for (const m of caja.muestras) await accion(productorA, m.id, { accion: 'ACEPTAR' });
    const results = await Promise.all([envio(productorA, caja.id), envio(productorA, caja.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (const m of caja.muestras) {
      const evs = await ctx.app.db
        .select()
        .from(eventos)
        .where(and(eq(eventos.entidad, 'muestra'), eq(eventos.entidadId, m.id), eq(eventos.accion, 'ENVIAR')));
      expect(evs).toHaveLength(1);
    }
  });

  it('the same Idempotency-Key sends the box once', async () => {
    const lote = (await postLote(ctx, productorB, { codigo: 'B-11', nombre: 'Maragogipe B11' })).id;
    await anadir(extrano, lote);
    const key = randomUUID();
    const [r1, r2] = [await enviar(extrano, [lote], key), await enviar(extrano, [lote], key)];
    expect(r1.statusCode).toBe(201);
    expect(r2.statusCode).toBe(201);
    expect(json(r2).data.cajas[0].id).toBe(json(r1).data.cajas[0].id);
    const rows = await ctx.app.db.select().from(muestras).where(eq(muestras.loteId, lote));
    expect(rows).toHaveLength(1);
  });
});
