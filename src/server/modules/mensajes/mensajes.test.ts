import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MINUTE, ManualClock } from '../../clock';
import { conversacionEstados, reportesConversacion } from '../../db/schema/mensajes';
import { muestras } from '../../db/schema/muestras';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { OUTBOX_TASK } from '../../mail/outbox';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { linkIn, recipientOf, startTestSmtp, type TestSmtp } from '../../test/mail';
import { postLote, uploadPhoto } from '../lotes/test-fixtures';
import { DocumentoResponseSchema } from '../../../contract/lotes';
import {
  CUENTA_ELIMINADA,
  ConversacionCreatedResponseSchema,
  ConversacionesResponseSchema,
  ConversacionResponseSchema,
  MENSAJE_LIMITS,
  MensajeResponseSchema,
  MensajesResponseSchema,
} from '../../../contract/mensajes';
import { MENSAJES_CORREO_TASK } from './routes';
import { MENSAJES_SIN_LEER_MAIL } from './service';
import { postDocumento } from '../uploads/test-fixtures';

let ctx: TestContext;
let smtp: TestSmtp;
const clock = new ManualClock();

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestApp({ mail: { smtpUrl: smtp.url } }, { clock });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const key = () => ({ 'idempotency-key': randomUUID() });

async function start(
  u: TestUser,
  body: Record<string, unknown>,
  headers: Record<string, string> = key(),
): Promise<ReturnType<typeof ctx.app.inject>> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/conversaciones',
    headers: { ...bearer(u), ...headers },
    payload: body,
  });
}

const send = (u: TestUser, id: string, texto: string, headers: Record<string, string> = key()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/conversaciones/${id}/mensajes`,
    headers: { ...bearer(u), ...headers },
    payload: { texto },
  });

const mensajesOf = (u: TestUser, id: string, qs = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/conversaciones/${id}/mensajes${qs}`, headers: bearer(u) });

const inbox = (u: TestUser, qs = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/conversaciones${qs}`, headers: bearer(u) });

/** A producer with a lot, a buyer, and the buyer's first message about the lot. */
async function pair() {
  const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  const lote = await postLote(ctx, productor);
  clock.advance(1000);
  const res = await start(comprador, { productorId: productor.id, loteId: lote.id, texto: '¿Tenéis 40 sacos?' });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = ConversacionCreatedResponseSchema.parse(json(res));
  return { productor, comprador, lote, conversacion: data.conversacion };
}

describe('starting a conversation', () => {
  it('a buyer writes about a lot; writing again about it opens the same conversation', async () => {
    const { productor, comprador, lote, conversacion } = await pair();
    expect(conversacion.asunto).toMatchObject({ tipo: 'lote', id: lote.id, enlace: `/lote/${lote.id}` });
    expect(conversacion.contraparte).toMatchObject({
      id: productor.id,
      nombre: 'Finca La Esperanza',
      tipoUser: 'PRODUCTOR',
    });

    const again = await start(comprador, { productorId: productor.id, loteId: lote.id, texto: 'Y el secado?' });
    expect(again.statusCode).toBe(200);
    const { data } = ConversacionCreatedResponseSchema.parse(json(again));
    expect(data).toMatchObject({ creada: false, conversacion: { id: conversacion.id } });
    expect(data.mensaje.numero).toBe(2);

    const porLote = ConversacionesResponseSchema.parse(json(await inbox(comprador, `?loteId=${lote.id}`)));
    expect(porLote.data.conversaciones.map((c) => c.id)).toEqual([conversacion.id]);

    // Another subject (none) is another conversation.
    const general = await start(comprador, { productorId: productor.id, texto: 'Hola' });
    expect(general.statusCode).toBe(201);
    expect(ConversacionCreatedResponseSchema.parse(json(general)).data.conversacion.id).not.toBe(conversacion.id);
  });

  it('the producer sees it in the inbox with its unread count; reading clears it', async () => {
    const { productor, conversacion } = await pair();
    const { data } = ConversacionesResponseSchema.parse(json(await inbox(productor)));
    expect(data.noLeidas).toBe(1);
    expect(data.conversaciones[0]).toMatchObject({
      id: conversacion.id,
      noLeidos: 1,
      contraparte: { nombre: 'Tostadores del Sur', tipoUser: 'COMPRADOR' },
      ultimoMensaje: { extracto: '¿Tenéis 40 sacos?', mio: false },
    });
    const notif = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, productor.id), eq(notificaciones.entidadId, conversacion.id)));
    expect(notif).toHaveLength(1);
    expect(notif[0]).toMatchObject({
      tipo: 'MENSAJE_NUEVO',
      enlace: `/Dashboard/productor/mensajes/${conversacion.id}`,
    });

    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conversacion.id}/leida`,
      headers: bearer(productor),
    });
    expect(ConversacionResponseSchema.parse(json(read)).data.conversacion.noLeidos).toBe(0);
    expect(ConversacionesResponseSchema.parse(json(await inbox(productor))).data.noLeidas).toBe(0);
    const [n] = await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.id, notif[0].id));
    expect(n.leidaAt).not.toBeNull();
  });

  it('a producer cannot write first to a buyer who never wrote to him, but can answer one who did', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const extrano = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const cold = await start(productor, { compradorId: extrano.id, texto: 'Tengo un lote para ti' });
    expect(cold.statusCode).toBe(403);

    const { productor: p2, comprador } = await pair();
    const warm = await start(p2, { compradorId: comprador.id, texto: 'Te cuento de otro lote' });
    expect(warm.statusCode, warm.body).toBe(201);
  });

  it('refuses a lot of another producer, and a buyer without a profile', async () => {
    const { productor, comprador } = await pair();
    const otro = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const ajeno = await postLote(ctx, otro);
    expect((await start(comprador, { productorId: productor.id, loteId: ajeno.id, texto: 'x' })).statusCode).toBe(404);
    const sinPerfil = await createUser(ctx, 'COMPRADOR');
    expect((await start(sinPerfil, { productorId: productor.id, texto: 'Hola' })).statusCode).toBe(403);
    expect((await start(comprador, { productorId: comprador.id, texto: 'Hola' })).statusCode).toBe(404);
  });
});

describe('privacy', () => {
  it('a third buyer, a third producer and a visitor get 404 (visitor 401) on every conversation call', async () => {
    const { conversacion } = await pair();
    const tercerComprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const tercerProductor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const id = conversacion.id;
    const calls = [
      { method: 'GET' as const, url: `/api/conversaciones/${id}/mensajes` },
      { method: 'POST' as const, url: `/api/conversaciones/${id}/mensajes`, payload: { texto: 'hola' } },
      { method: 'POST' as const, url: `/api/conversaciones/${id}/leida` },
      { method: 'POST' as const, url: `/api/conversaciones/${id}/archivar`, payload: { archivada: true } },
      { method: 'POST' as const, url: `/api/conversaciones/${id}/reportes`, payload: { motivo: 'spam spam' } },
    ];
    for (const intruso of [tercerComprador, tercerProductor]) {
      for (const call of calls) {
        const res = await ctx.app.inject({ ...call, headers: { ...bearer(intruso), ...key() } });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(json(res).error.message).toBe('Conversación no encontrada.');
      }
      const list = ConversacionesResponseSchema.parse(json(await inbox(intruso)));
      expect(list.data.conversaciones.map((c) => c.id)).not.toContain(id);
    }
    for (const call of [...calls, { method: 'GET' as const, url: '/api/conversaciones' }]) {
      const res = await ctx.app.inject({ ...call, headers: key() });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    // A malformed id answers like a missing one.
    expect((await mensajesOf(tercerComprador, 'no-es-un-id')).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it('the same Idempotency-Key twice gives one message', async () => {
    const { comprador, conversacion } = await pair();
    const headers = key();
    const first = await send(comprador, conversacion.id, 'Enviado dos veces', headers);
    const second = await send(comprador, conversacion.id, 'Enviado dos veces', headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(MensajeResponseSchema.parse(json(second)).data.mensaje.id).toBe(
      MensajeResponseSchema.parse(json(first)).data.mensaje.id,
    );
    const { data } = MensajesResponseSchema.parse(json(await mensajesOf(comprador, conversacion.id)));
    expect(data.mensajes.filter((m) => m.texto === 'Enviado dos veces')).toHaveLength(1);
    expect((await send(comprador, conversacion.id, 'Sin clave', {})).statusCode).toBe(400);
  });

  it('50 messages sent at once by both parties come back numbered 1…51 in one stable order, pages without gaps', async () => {
    const { productor, comprador, conversacion } = await pair();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(i % 2 ? productor : comprador, conversacion.id, `m${i}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));

    const seen: number[] = [];
    const textos: string[] = [];
    let antesDe: number | null | undefined;
    do {
      const res = await mensajesOf(comprador, conversacion.id, `?limit=7${antesDe ? `&antesDe=${antesDe}` : ''}`);
      const { data } = MensajesResponseSchema.parse(json(res));
      seen.unshift(...data.mensajes.map((m) => m.numero));
      textos.unshift(...data.mensajes.map((m) => m.texto));
      antesDe = data.antesDe;
    } while (antesDe);
    expect(seen).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(new Set(textos).size).toBe(51);

    // The producer reads the same order.
    const all = MensajesResponseSchema.parse(json(await mensajesOf(productor, conversacion.id, '?limit=100')));
    expect(all.data.mensajes.map((m) => m.texto)).toEqual(textos);
    expect(all.data.antesDe).toBeNull();
  });

  it('limits how fast one account sends', async () => {
    const { comprador, conversacion } = await pair();
    clock.advance(2 * MINUTE);
    const statuses: number[] = [];
    for (let i = 0; i < MENSAJE_LIMITS.porMinuto; i++)
      statuses.push((await send(comprador, conversacion.id, `r${i}`)).statusCode);
    // The first message of pair() was two minutes ago and no longer counts.
    expect(statuses).toEqual(Array(MENSAJE_LIMITS.porMinuto).fill(201));
    const over = await send(comprador, conversacion.id, 'uno más');
    expect(over.statusCode).toBe(429);
    expect(json(over).error.message).toBe(
      'Estás enviando mensajes muy deprisa. Espera un minuto e inténtalo de nuevo.',
    );
    clock.advance(MINUTE + 1);
    expect((await send(comprador, conversacion.id, 'ya puedo')).statusCode).toBe(201);
  });

  it("attaches one of the sender's own uploaded images; another account's image is 404", async () => {
    const { productor, comprador, conversacion } = await pair();
    const foto = await uploadPhoto(ctx, comprador, 800, 600);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conversacion.id}/mensajes`,
      headers: { ...bearer(comprador), ...key() },
      payload: { imagenId: foto.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The message carries private copies (issue 26): signed links to /api/archivos, never the public upload.
    const privada = (url: string) => new RegExp(`^/api/archivos/${url.slice('/uploads/'.length)}\\?exp=\\d+&sig=`);
    expect(MensajeResponseSchema.parse(json(res)).data.mensaje).toMatchObject({
      texto: '',
      adjunto: {
        url: expect.stringMatching(privada(foto.urls.lg)),
        thumb: expect.stringMatching(privada(foto.urls.sm)),
        width: 800,
        height: 600,
      },
    });
    const inboxOf = ConversacionesResponseSchema.parse(json(await inbox(productor))).data.conversaciones;
    expect(inboxOf.find((c) => c.id === conversacion.id)?.ultimoMensaje?.extracto).toBe('Imagen adjunta');

    const ajena = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conversacion.id}/mensajes`,
      headers: { ...bearer(productor), ...key() },
      payload: { texto: 'mira', imagenId: foto.id },
    });
    expect(ajena.statusCode).toBe(404);
    const vacio = await send(comprador, conversacion.id, '   ');
    expect(vacio.statusCode).toBe(400);
  });

  it('stores text as it is: the API never renders it', async () => {
    const { comprador, conversacion } = await pair();
    const xss = '<script>alert(1)</script> [x](javascript:alert(1))';
    await send(comprador, conversacion.id, xss);
    const { data } = MensajesResponseSchema.parse(json(await mensajesOf(comprador, conversacion.id)));
    expect(data.mensajes.at(-1)?.texto).toBe(xss);
  });
});

describe('archive, report, deleted account', () => {
  it('archiving hides it from the inbox until a new message arrives', async () => {
    const { productor, comprador, conversacion } = await pair();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conversacion.id}/archivar`,
      headers: bearer(productor),
      payload: { archivada: true },
    });
    expect(ConversacionResponseSchema.parse(json(res)).data.conversacion.archivada).toBe(true);
    const ids = (qs: string) =>
      inbox(productor, qs).then((r) =>
        ConversacionesResponseSchema.parse(json(r)).data.conversaciones.map((c) => c.id),
      );
    expect(await ids('')).not.toContain(conversacion.id);
    expect(await ids('?archivadas=true')).toContain(conversacion.id);
    // Archived for the producer only.
    const buyers = ConversacionesResponseSchema.parse(json(await inbox(comprador))).data.conversaciones;
    expect(buyers.map((c) => c.id)).toContain(conversacion.id);
    await send(comprador, conversacion.id, '¿Sigues ahí?');
    expect(await ids('')).toContain(conversacion.id);
  });

  it('"Reportar" stores a report for the operator', async () => {
    const { productor, conversacion } = await pair();
    const msgs = MensajesResponseSchema.parse(json(await mensajesOf(productor, conversacion.id))).data.mensajes;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conversacion.id}/reportes`,
      headers: bearer(productor),
      payload: { mensajeId: msgs[0].id, motivo: 'Me ofrece pagar fuera de Cereza.' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.app.db
      .select()
      .from(reportesConversacion)
      .where(eq(reportesConversacion.conversacionId, conversacion.id));
    expect(row).toMatchObject({ mensajeId: msgs[0].id, reportadoPor: productor.id, estado: 'ABIERTO' });
  });

  it('searches by counterpart or lot', async () => {
    const { productor, conversacion, lote } = await pair();
    const hits = async (q: string) =>
      ConversacionesResponseSchema.parse(
        json(await inbox(productor, `?q=${encodeURIComponent(q)}`)),
      ).data.conversaciones.map((c) => c.id);
    expect(await hits('tostadores')).toContain(conversacion.id);
    expect(await hits(lote.nombre.slice(0, 6))).toContain(conversacion.id);
    expect(await hits('nadie-se-llama-así')).toEqual([]);
  });

  it('a deleted account leaves the other side its copy, signed "Cuenta eliminada"', async () => {
    const { productor, comprador, conversacion } = await pair();
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(comprador),
      payload: { password: comprador.password },
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const { data } = MensajesResponseSchema.parse(json(await mensajesOf(productor, conversacion.id)));
    expect(data.conversacion.contraparte).toMatchObject({ id: null, nombre: CUENTA_ELIMINADA });
    expect(data.mensajes[0]).toMatchObject({ autor: CUENTA_ELIMINADA, texto: '¿Tenéis 40 sacos?' });
    expect((await send(productor, conversacion.id, '¿Hola?')).statusCode).toBe(409);
  });
});

describe('the unread mail, one per burst', () => {
  it('five messages in a minute, unread for 15 minutes → one mail with a reply link', async () => {
    const { productor, comprador, conversacion } = await pair();
    for (let i = 0; i < 4; i++) {
      clock.advance(10_000);
      expect((await send(comprador, conversacion.id, `Pregunta ${i + 2}`)).statusCode).toBe(201);
    }
    const burst = () =>
      ctx.app.db
        .select()
        .from(correos)
        .where(and(eq(correos.userId, productor.id), eq(correos.tipo, MENSAJES_SIN_LEER_MAIL)));

    clock.advance(14 * MINUTE);
    await ctx.app.scheduler.runTask(MENSAJES_CORREO_TASK);
    expect(await burst()).toHaveLength(0);

    clock.advance(2 * MINUTE);
    await ctx.app.scheduler.runTask(MENSAJES_CORREO_TASK);
    await ctx.app.scheduler.runTask(MENSAJES_CORREO_TASK);
    expect(await burst()).toHaveLength(1);
    // No notification mail per message.
    const perMessage = await ctx.app.db
      .select()
      .from(correos)
      .where(and(eq(correos.userId, productor.id), eq(correos.tipo, 'NOTIFICACION')));
    expect(perMessage).toHaveLength(0);

    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    const mail = await smtp.waitFor((m) => recipientOf(m) === productor.email);
    expect(mail.subject).toBe('Tienes 5 mensajes sin leer de Tostadores del Sur');
    expect(linkIn(mail, '/Dashboard/productor/mensajes/').pathname).toBe(
      `/Dashboard/productor/mensajes/${conversacion.id}`,
    );

    // More messages while the burst's mail is unanswered do not mail again; after reading, a new burst does.
    await send(comprador, conversacion.id, 'Una más');
    clock.advance(20 * MINUTE);
    await ctx.app.scheduler.runTask(MENSAJES_CORREO_TASK);
    expect(await burst()).toHaveLength(1);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conversacion.id}/leida`,
      headers: bearer(productor),
    });
    await send(comprador, conversacion.id, 'Nueva ráfaga');
    clock.advance(16 * MINUTE);
    await ctx.app.scheduler.runTask(MENSAJES_CORREO_TASK);
    expect(await burst()).toHaveLength(2);
  });

  it('no mail when the recipient reads in time, or does not want message mail', async () => {
    const { productor, comprador, conversacion } = await pair();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conversacion.id}/leida`,
      headers: bearer(productor),
    });
    const [estado] = await ctx.app.db
      .select()
      .from(conversacionEstados)
      .where(
        and(eq(conversacionEstados.conversacionId, conversacion.id), eq(conversacionEstados.userId, productor.id)),
      );
    expect(estado.correoDebidoAt).toBeNull();

    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/notificaciones',
      headers: bearer(comprador),
      payload: { MENSAJE_NUEVO: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await send(productor, conversacion.id, 'Te respondo');
    clock.advance(16 * MINUTE);
    await ctx.app.scheduler.runTask(MENSAJES_CORREO_TASK);
    const mails = await ctx.app.db
      .select()
      .from(correos)
      .where(and(eq(correos.tipo, MENSAJES_SIN_LEER_MAIL), eq(correos.userId, comprador.id)));
    expect(mails).toHaveLength(0);
  });
});

describe('a conversation about a sample', () => {
  const direccion = {
    nombre: 'Martín Ferrer',
    empresa: 'Tostadores del Sur',
    linea1: 'Calle Mayor 12',
    ciudad: 'Madrid',
    codigoPostal: '28001',
    pais: 'ES',
    telefono: '+34 600 000 000',
  };

  /** A producer's lot, a buyer's sample of it (straight into the table), and a third buyer and producer. */
  async function muestraFixture() {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    const [muestra] = await ctx.app.db
      .insert(muestras)
      .values({
        loteId: lote.id,
        compradorId: comprador.id,
        productorId: productor.id,
        gramos: 250,
        direccionEnvio: direccion,
        estado: 'SOLICITADA',
      })
      .returning();
    return { productor, comprador, lote, muestra };
  }

  it('the buyer starts it; the subject is the sample, linked to each side’s samples page', async () => {
    const { productor, comprador, lote, muestra } = await muestraFixture();
    const res = await start(comprador, { productorId: productor.id, muestraId: muestra.id, texto: '¿Cuándo sale?' });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = ConversacionCreatedResponseSchema.parse(json(res));
    expect(data.conversacion.asunto).toEqual({
      tipo: 'muestra',
      id: muestra.id,
      titulo: `Muestra de «${lote.nombre}»`,
      enlace: `/Dashboard/comprador/muestras?muestra=${muestra.id}`,
    });
    const hilo = MensajesResponseSchema.parse(json(await mensajesOf(productor, data.conversacion.id))).data;
    expect(hilo.conversacion.asunto?.enlace).toBe(`/Dashboard/productor/pedidos_muestras?muestra=${muestra.id}`);

    // The same sample again is the same conversation; the lot's own conversation is another one.
    const again = await start(comprador, { productorId: productor.id, muestraId: muestra.id, texto: 'Gracias' });
    expect(again.statusCode).toBe(200);
    expect(ConversacionCreatedResponseSchema.parse(json(again)).data.conversacion.id).toBe(data.conversacion.id);
    const found = ConversacionesResponseSchema.parse(json(await inbox(comprador, `?muestraId=${muestra.id}`))).data;
    expect(found.conversaciones.map((c) => c.id)).toEqual([data.conversacion.id]);
  });

  it('the producer of the sample may write first', async () => {
    const { productor, comprador, muestra } = await muestraFixture();
    const res = await start(productor, { compradorId: comprador.id, muestraId: muestra.id, texto: 'Sale el lunes.' });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = ConversacionCreatedResponseSchema.parse(json(res));
    expect(data.conversacion.asunto).toMatchObject({ tipo: 'muestra', id: muestra.id });
    // Without the sample he still may not write first to that buyer.
    const general = await start(productor, { compradorId: comprador.id, texto: 'Hola' });
    expect(general.statusCode).toBe(403);
  });

  it('naming only the sample finds its other party (what "Mensajes" on a sample sends)', async () => {
    const { productor, comprador, muestra } = await muestraFixture();
    const delProductor = await start(productor, { muestraId: muestra.id, texto: 'Sale el lunes.' });
    expect(delProductor.statusCode, delProductor.body).toBe(201);
    const { conversacion } = ConversacionCreatedResponseSchema.parse(json(delProductor)).data;
    expect(conversacion.contraparte.id).toBe(comprador.id);
    const delComprador = await start(comprador, { muestraId: muestra.id, texto: 'Gracias' });
    expect(delComprador.statusCode, delComprador.body).toBe(200);
    expect(ConversacionCreatedResponseSchema.parse(json(delComprador)).data.conversacion.id).toBe(conversacion.id);
    expect(conversacion.asunto?.id).toBe(muestra.id);
  });

  it('a third buyer or producer gets 404, as for a sample that does not exist', async () => {
    const { productor, comprador, muestra } = await muestraFixture();
    const otroComprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const otroProductor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const cases = [
      start(otroComprador, { productorId: productor.id, muestraId: muestra.id, texto: 'Hola' }),
      start(otroProductor, { compradorId: comprador.id, muestraId: muestra.id, texto: 'Hola' }),
      // The buyer naming another producer, and the producer another buyer: not that sample's pair either.
      start(comprador, { productorId: otroProductor.id, muestraId: muestra.id, texto: 'Hola' }),
      start(comprador, { productorId: productor.id, muestraId: randomUUID(), texto: 'Hola' }),
      start(otroComprador, { muestraId: muestra.id, texto: 'Hola' }),
      start(otroProductor, { muestraId: muestra.id, texto: 'Hola' }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res).error.message).toBe('Muestra no encontrada.');
    }
    const ofOtro = ConversacionesResponseSchema.parse(json(await inbox(otroComprador, `?muestraId=${muestra.id}`)));
    expect(ofOtro.data.conversaciones).toEqual([]);
  });
});

describe('a PDF in a message', () => {
  const uploadDocumento = (u: TestUser, filename: string, data: Buffer) => postDocumento(ctx, u, filename, data);
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
  const sendWith = (u: TestUser, id: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${id}/mensajes`,
      headers: { ...bearer(u), ...key() },
      payload: body,
    });

  it('is stored as sent, served as a download, and shown with its name', async () => {
    const { productor, comprador, conversacion } = await pair();
    const res = await uploadDocumento(comprador, '../Ficha técnica<1>.pdf', pdf);
    expect(res.statusCode, res.body).toBe(201);
    const doc = DocumentoResponseSchema.parse(json(res)).data;
    expect(doc).toMatchObject({ nombre: 'Ficha técnica1.pdf', bytes: pdf.length });
    // Private (issue 26): a short-lived signed link, served private and no-store (src/server/modules/archivos).
    expect(doc.url).toMatch(/^\/api\/archivos\/u\/.+\.pdf\?exp=\d+&sig=/);

    const served = await ctx.app.inject({ method: 'GET', url: doc.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');

    const sent = await sendWith(comprador, conversacion.id, { documentoId: doc.id });
    expect(sent.statusCode, sent.body).toBe(201);
    const { mensaje } = MensajeResponseSchema.parse(json(sent)).data;
    expect(mensaje.adjunto).toEqual({ tipo: 'pdf', url: doc.url, nombre: 'Ficha técnica1.pdf', bytes: pdf.length });
    const hilo = MensajesResponseSchema.parse(json(await mensajesOf(productor, conversacion.id))).data;
    expect(hilo.mensajes.at(-1)?.adjunto).toEqual(mensaje.adjunto);
    expect(hilo.conversacion.ultimoMensaje?.extracto).toBe('PDF adjunto: Ficha técnica1.pdf');
  });

  it('a file that does not start with %PDF- is a 400, whatever its name and declared type', async () => {
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    for (const fake of [Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('%PDF')]) {
      const res = await uploadDocumento(comprador, 'factura.pdf', fake);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).error.message).toBe('El archivo no es un PDF válido.');
    }
  });

  it('only the sender’s own PDF can be attached (anyone else’s, or an image as a PDF, is 404)', async () => {
    const { productor, comprador, conversacion } = await pair();
    const ajeno = DocumentoResponseSchema.parse(json(await uploadDocumento(productor, 'suyo.pdf', pdf))).data;
    const res = await sendWith(comprador, conversacion.id, { documentoId: ajeno.id });
    expect(res.statusCode, res.body).toBe(404);
    expect(json(res).error.message).toBe('PDF no encontrado. Súbelo de nuevo.');

    const foto = await uploadPhoto(ctx, comprador, 800, 600);
    const comoPdf = await sendWith(comprador, conversacion.id, { documentoId: foto.id });
    expect(comoPdf.statusCode, comoPdf.body).toBe(404);
    // …and the producer's own PDF goes.
    const suyo = await sendWith(productor, conversacion.id, { documentoId: ajeno.id });
    expect(suyo.statusCode, suyo.body).toBe(201);
  });
});
