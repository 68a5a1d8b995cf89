import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSQUEDA_LIMITS, resumenConsulta } from '../../../contract/busquedas';
import { DAY, ManualClock } from '../../clock';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { OUTBOX_TASK } from '../../mail/outbox';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { linkIn, recipientOf, startTestSmtp, type TestSmtp } from '../../test/mail';
import { postLote } from '../lotes/test-fixtures';
import { BUSQUEDAS_TASK } from './routes';
import { normalizeConsulta } from './service';

/*
 * Saved searches with alerts (issue 32): saved from the catalogue's filters, listed with what is new, alerted at
 * most once a day per search by notification and e-mail, and unsubscribed from the e-mail in one link.
 */

let ctx: TestContext;
let smtp: TestSmtp;
let comprador: TestUser;
let otroComprador: TestUser;
let productor: TestUser;
const clock = new ManualClock(new Date(Date.now() + 60_000));

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestApp({ mail: { smtpUrl: smtp.url } }, { clock });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true, nombre: 'Tostadores Pradera' });
  otroComprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Sidama Coop' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

const etiope = (nombre: string) =>
  postLote(ctx, productor, {
    nombre,
    pais: 'ET',
    region: 'Sidama',
    variedades: ['Heirloom etíope'],
    proceso: 'NATURAL',
    ubicacion: null,
  });

const avisos = () =>
  ctx.app.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.userId, comprador.id), eq(notificaciones.tipo, 'BUSQUEDA_LOTES_NUEVOS')));

describe('saving a search', () => {
  it('keeps the catalogue’s filters, normalised, and lists them with what they look for', async () => {
    const res = await call(comprador, 'POST', '/api/busquedas', {
      nombre: 'Etiopía natural',
      consulta: '?proceso=NATURAL&page=3&pais=et&vista=tarjeta&limit=12&orden=relevancia',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.busqueda).toMatchObject({
      nombre: 'Etiopía natural',
      consulta: 'pais=et&proceso=NATURAL',
      resumen: 'Etiopía · Natural',
      avisarEmail: true,
      nuevos: 0,
    });
    const list = json(await call(comprador, 'GET', '/api/busquedas')).data.busquedas;
    expect(list.map((b: { nombre: string }) => b.nombre)).toEqual(['Etiopía natural']);
  });

  it('saved in one click, without a name, is named by what it looks for', async () => {
    const res = await call(otroComprador, 'POST', '/api/busquedas', { consulta: 'q=geisha&puntajeMin=88' });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.busqueda.nombre).toBe('«geisha» · desde 88 puntos');
    await call(otroComprador, 'DELETE', `/api/busquedas/${json(res).data.busqueda.id}`);
  });

  it('refuses the same filters twice (409), bad filters (400 in Spanish) and a name too long', async () => {
    const again = await call(comprador, 'POST', '/api/busquedas', {
      nombre: 'Otra',
      consulta: 'pais=et&proceso=NATURAL',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe('Ya tienes guardada una búsqueda con estos mismos filtros.');
    const bad = await call(comprador, 'POST', '/api/busquedas', {
      nombre: 'Mala',
      consulta: 'puntajeMin=90&puntajeMax=80',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe('El puntaje mínimo no puede superar al máximo.');
    const long = await call(comprador, 'POST', '/api/busquedas', { nombre: 'x'.repeat(81), consulta: 'q=geisha' });
    expect(long.statusCode).toBe(400);
    expect(json(long).error.fields.nombre).toBe('El nombre de la búsqueda admite como máximo 80 caracteres.');
  });

  it('is the buyer’s own: strangers get 404, producers 403, visitors 401', async () => {
    const [mia] = json(await call(comprador, 'GET', '/api/busquedas')).data.busquedas;
    expect((await call(otroComprador, 'PATCH', `/api/busquedas/${mia.id}`, { nombre: 'Mía' })).statusCode).toBe(404);
    expect((await call(otroComprador, 'DELETE', `/api/busquedas/${mia.id}`)).statusCode).toBe(404);
    expect(json(await call(otroComprador, 'GET', '/api/busquedas')).data.busquedas).toEqual([]);
    expect((await call(productor, 'GET', '/api/busquedas')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/busquedas')).statusCode).toBe(401);
  });

  it(`holds at most ${BUSQUEDA_LIMITS.porComprador} searches per buyer`, async () => {
    for (let i = 0; i < BUSQUEDA_LIMITS.porComprador; i++) {
      const res = await call(otroComprador, 'POST', '/api/busquedas', {
        nombre: `B${i}`,
        consulta: `sacosMin=${i + 1}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await call(otroComprador, 'POST', '/api/busquedas', { nombre: 'Una más', consulta: 'q=geisha' });
    expect(over.statusCode).toBe(409);
  });
});

describe('alerts', () => {
  it('new matching lots: one notification and one e-mail with a one-click unsubscribe link, at most once a day', async () => {
    await etiope('Sidama natural de Bensa');
    await postLote(ctx, productor, { nombre: 'Caturra lavado de Huila' }); // does not match
    const [b] = json(await call(comprador, 'GET', '/api/busquedas')).data.busquedas;
    expect(b.nuevos).toBe(1);

    await ctx.app.scheduler.runTask(BUSQUEDAS_TASK);
    const [aviso] = await avisos();
    expect(aviso.titulo).toBe('1 lote nuevo para «Etiopía natural»');
    expect(aviso.texto).toContain('• Sidama natural de Bensa (Sidama)');
    expect(aviso.texto).not.toContain('Huila');
    expect(aviso.enlace).toBe('/lotes?pais=et&proceso=NATURAL&orden=recientes');

    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    const mail = await smtp.waitFor((m) => m.subject === '1 lote nuevo para «Etiopía natural»');
    const baja = linkIn(mail, '/Auth/BajaBusqueda');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(`<${baja.toString()}>`);
    expect(json(await call(comprador, 'GET', '/api/busquedas')).data.busquedas[0].nuevos).toBe(0);

    // Another lot the same day: no second alert until a day has passed, and then only the new lot.
    await etiope('Guji natural');
    await ctx.app.scheduler.runTask(BUSQUEDAS_TASK);
    expect(await avisos()).toHaveLength(1);
    clock.advance(DAY + 60_000);
    await ctx.app.scheduler.runTask(BUSQUEDAS_TASK);
    const segundos = await avisos();
    expect(segundos).toHaveLength(2);
    const segundo = segundos.find((n) => n.id !== aviso.id)!;
    expect(segundo.texto).toContain('Guji natural');
    expect(segundo.texto).not.toContain('Bensa');

    // The e-mail's link stops the search's e-mails (the bell goes on), with no session.
    const token = baja.searchParams.get('token')!;
    const res = await call(null, 'POST', '/api/busquedas/baja', { token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toContain('ya no recibirás por correo los avisos de la búsqueda «Etiopía natural»');
    expect((await call(null, 'POST', '/api/busquedas/baja', { token: 'no-es-un-token' })).statusCode).toBe(404);
    await etiope('Yirgacheffe natural');
    clock.advance(DAY + 60_000);
    await ctx.app.scheduler.runTask(BUSQUEDAS_TASK);
    const terceros = await avisos();
    expect(terceros).toHaveLength(3);
    const tercero = terceros.find((n) => n.texto.includes('Yirgacheffe'))!;
    expect(await ctx.app.db.select().from(correos).where(eq(correos.notificacionId, tercero.id))).toEqual([]);
  }, 120_000);
});

describe('alerts and the account’s e-mail preference', () => {
  it('with the alerts’ e-mail switched off in the account, the bell still rings and no e-mail goes out', async () => {
    const ana = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const off = await call(ana, 'PUT', '/api/users/me/notificaciones', { BUSQUEDA_LOTES_NUEVOS: false });
    expect(off.statusCode).toBe(200);
    const saved = await call(ana, 'POST', '/api/busquedas', { nombre: 'Naturales de Etiopía', consulta: 'pais=ET' });
    expect(saved.statusCode).toBe(201);
    // The search's own switch is on: only the account's preference says no.
    expect(json(saved).data.busqueda.avisarEmail).toBe(true);

    await etiope('Guji natural de Hambela');
    await ctx.app.scheduler.runTask(BUSQUEDAS_TASK);
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    const bell = json(await call(ana, 'GET', '/api/notificaciones')).data.notificaciones as Array<{
      tipo: string;
      titulo: string;
      leidaAt: string | null;
    }>;
    expect(bell.filter((n) => n.tipo === 'BUSQUEDA_LOTES_NUEVOS')).toMatchObject([
      { titulo: '1 lote nuevo para «Naturales de Etiopía»', leidaAt: null },
    ]);
    expect(await ctx.app.db.select().from(correos).where(eq(correos.userId, ana.id))).toEqual([]);
    expect(smtp.messages.filter((m) => recipientOf(m) === ana.email)).toEqual([]);
  });
});

describe('normalizeConsulta and resumenConsulta', () => {
  it('keeps known filters in one order and describes them in Spanish', () => {
    expect(normalizeConsulta('q=geisha&pais=CO,ET&puntajeMin=86&foo=1&orden=precio_asc')).toBe(
      'orden=precio_asc&pais=CO%2CET&puntajeMin=86&q=geisha',
    );
    expect(resumenConsulta('orden=precio_asc&pais=CO%2CET&puntajeMin=86.5&q=geisha')).toBe(
      '«geisha» · Colombia o Etiopía · desde 86,5 puntos · orden: precio: de menor a mayor',
    );
    expect(resumenConsulta('')).toBe('Todos los lotes');
  });
});
