import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { and, eq } from 'drizzle-orm';
import { ManualClock } from '../../clock';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { users } from '../../db/schema/users';
import { LEASE_MS, OUTBOX_TASK } from '../../mail/outbox';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { createTestAppWithSmtp, linkIn, recipientOf, type TestSmtp } from '../../test/mail';
import { notify, notifyMany, type NotifyInput } from './notify';
import { NotificacionesResponseSchema, NotificacionReadResponseSchema } from '../../../contract/notificaciones';

let ctx: TestContext;
let smtp: TestSmtp;
const clock = new ManualClock();

beforeAll(async () => {
  const started = await createTestAppWithSmtp({ clock });
  ctx = started;
  smtp = started.smtp;
});
afterAll(() => ctx.close());

const loteNuevo = (u: TestUser, lote = 'Geisha lavado 2025'): NotifyInput => ({
  userId: u.id,
  tipo: 'LOTE_NUEVO',
  productor: 'Finca La Esperanza',
  lote,
  enlace: '/lote/4b8f0d0e-51f7-4b43-a7b6-5b1b0d7e9c11',
  entidad: 'lote',
  entidadId: '4b8f0d0e-51f7-4b43-a7b6-5b1b0d7e9c11',
});

const send = (input: NotifyInput) => ctx.app.db.transaction((tx) => notify(tx, input));
const list = (u: TestUser, qs = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/notificaciones${qs}`, headers: bearer(u) });

describe('notifications API', () => {
  it('lists only the owner’s notifications, newest first, with the unread count and pagination', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    const otro = await createUser(ctx, 'COMPRADOR');
    for (const lote of ['Uno', 'Dos', 'Tres']) {
      await send(loteNuevo(ana, lote));
      clock.advance(1000);
    }
    await send(loteNuevo(otro, 'Ajeno'));

    const res = await list(ana, '?limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const { data } = NotificacionesResponseSchema.parse(json(res));
    expect(data.noLeidas).toBe(3);
    expect(data.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(data.notificaciones).toHaveLength(2);
    expect(data.notificaciones[0]).toMatchObject({
      tipo: 'LOTE_NUEVO',
      titulo: 'Finca La Esperanza ha publicado «Tres»',
      enlace: '/lote/4b8f0d0e-51f7-4b43-a7b6-5b1b0d7e9c11',
      entidad: 'lote',
      accion: 'Ver el lote',
      leidaAt: null,
    });
    expect(data.notificaciones[0].texto).toContain('guardaste alguno de sus lotes');
    const page2 = json(await list(ana, '?limit=2&page=2')).data;
    expect(page2.notificaciones.map((n: { titulo: string }) => n.titulo)).toEqual([
      'Finca La Esperanza ha publicado «Uno»',
    ]);

    const otros = json(await list(otro)).data;
    expect(otros.notificaciones.map((n: { titulo: string }) => n.titulo)).toEqual([
      'Finca La Esperanza ha publicado «Ajeno»',
    ]);
  });

  it('marks one read (only its owner: another account’s id is a 404), then all, and filters unread', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    const eva = await createUser(ctx, 'PRODUCTOR');
    const a1 = await send(loteNuevo(ana, 'A1'));
    await send(loteNuevo(ana, 'A2'));
    const e1 = await send({
      userId: eva.id,
      tipo: 'LOTE_FAVORITO',
      lote: 'Bourbon rosado',
      quien: 'Un tostador de España',
    });

    // Eva cannot see or mark Ana's notification, and cannot tell it exists.
    const ajena = await ctx.app.inject({
      method: 'POST',
      url: `/api/notificaciones/${a1.id}/leida`,
      headers: bearer(eva),
    });
    expect(ajena.statusCode).toBe(404);
    const inexistente = await ctx.app.inject({
      method: 'POST',
      url: `/api/notificaciones/${crypto.randomUUID()}/leida`,
      headers: bearer(eva),
    });
    expect(json(ajena)).toEqual(json(inexistente));
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/notificaciones/no-es-un-id/leida', headers: bearer(eva) }))
        .statusCode,
    ).toBe(404);
    const [stillUnread] = await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.id, a1.id));
    expect(stillUnread.leidaAt).toBeNull();

    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/notificaciones/${a1.id}/leida`,
      headers: bearer(ana),
    });
    expect(marked.statusCode).toBe(200);
    expect(NotificacionReadResponseSchema.parse(json(marked)).data.noLeidas).toBe(1);
    expect(json(marked).data.notificacion.leidaAt).toBe(clock.now().toISOString());
    // Again: no change, same answer.
    clock.advance(5000);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/notificaciones/${a1.id}/leida`,
      headers: bearer(ana),
    });
    expect(json(again).data.notificacion.leidaAt).toBe(json(marked).data.notificacion.leidaAt);

    const unread = json(await list(ana, '?noLeidas=true')).data;
    expect(unread.notificaciones.map((n: { titulo: string }) => n.titulo)).toEqual([
      'Finca La Esperanza ha publicado «A2»',
    ]);
    expect(unread.pagination.total).toBe(1);

    const all = await ctx.app.inject({ method: 'POST', url: '/api/notificaciones/leidas', headers: bearer(ana) });
    expect(json(all).data).toEqual({ marcadas: 1, noLeidas: 0 });
    expect(json(await list(ana)).data.noLeidas).toBe(0);
    // Eva's stays unread.
    const [evas] = await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.id, e1.id));
    expect(evas.leidaAt).toBeNull();
  });

  it('needs a session and refuses a bad query with a Spanish 400', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notificaciones' })).statusCode).toBe(401);
    const ana = await createUser(ctx, 'COMPRADOR');
    const bad = await list(ana, '?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.fields.limit).toBe('El límite debe ser como máximo 50.');
    expect((await list(ana, '?noLeidas=quizas')).statusCode).toBe(400);
  });
});

describe('notify() and the e-mail outbox over SMTP', () => {
  it('writes the notification and its e-mail in the caller’s transaction: a rollback leaves neither', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await notify(tx, loteNuevo(ana));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.userId, ana.id))).toHaveLength(0);
    expect(await ctx.app.db.select().from(correos).where(eq(correos.userId, ana.id))).toHaveLength(0);
  });

  it('mails a notification once it commits: Spanish subject, text and HTML, absolute link to act', async () => {
    const ana = await createUser(ctx, 'COMPRADOR', { nombre: 'Ana' });
    const { emailQueued } = await send(loteNuevo(ana, 'Caturra honey'));
    expect(emailQueued).toBe(true);
    // No explicit run: the commit's NOTIFY wakes the outbox.
    const mail = await smtp.waitFor((m) => recipientOf(m) === ana.email);
    expect(mail.subject).toBe('Finca La Esperanza ha publicado «Caturra honey»');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Cereza', address: 'no-responder@cereza.test' });
    expect(mail.text).toContain('Hola, Ana Ferrer:');
    expect(linkIn(mail, '/lote/').href).toBe('http://cereza.test/lote/4b8f0d0e-51f7-4b43-a7b6-5b1b0d7e9c11');
    expect(mail.text).toContain('http://cereza.test/Dashboard/comprador/usuario/Notificaciones');
    expect(mail.html).toContain('href="http://cereza.test/lote/4b8f0d0e-51f7-4b43-a7b6-5b1b0d7e9c11"');
    expect(mail.html).toContain('Ver el lote');
    await ctx.app.scheduler.idle();
    const [row] = await ctx.app.db.select().from(correos).where(eq(correos.userId, ana.id));
    expect(row).toMatchObject({ estado: 'ENVIADO', intentos: 1, asunto: mail.subject });
    expect(mail.messageId).toBe(row.messageId);
  });

  it('the preference switch stops the e-mail but not the in-app entry; security notices always go out', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/notificaciones',
      headers: bearer(ana),
      payload: { LOTE_NUEVO: false },
    });
    expect(off.statusCode).toBe(200);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, ana.id));
    expect(user.notificaciones).toMatchObject({ LOTE_NUEVO: false });

    const sinCorreo = await send(loteNuevo(ana, 'Pacamara natural'));
    expect(sinCorreo.emailQueued).toBe(false);
    const seguridad = await send({
      userId: ana.id,
      tipo: 'CONTRASENA_CAMBIADA',
      como: 'desde tu cuenta',
      enlace: '/Auth/Recuperar',
    });
    expect(seguridad.emailQueued).toBe(true);

    await smtp.waitFor((m) => recipientOf(m) === ana.email && m.subject === 'Tu contraseña ha cambiado');
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    expect(smtp.messages.filter((m) => recipientOf(m) === ana.email).map((m) => m.subject)).toEqual([
      'Tu contraseña ha cambiado',
    ]);
    const enApp = json(await list(ana)).data.notificaciones.map((n: { tipo: string }) => n.tipo);
    expect(enApp.sort()).toEqual(['CONTRASENA_CAMBIADA', 'LOTE_NUEVO']);
  });

  it('notifyMany reaches each existing account once', async () => {
    const a = await createUser(ctx, 'COMPRADOR');
    const b = await createUser(ctx, 'COMPRADOR');
    const { userId: _u, ...rest } = loteNuevo(a) as Extract<NotifyInput, { tipo: 'LOTE_NUEVO' }>;
    const sent = await ctx.app.db.transaction((tx) => notifyMany(tx, [a.id, b.id, a.id, crypto.randomUUID()], rest));
    expect(sent).toHaveLength(2);
    expect(json(await list(a)).data.pagination.total).toBe(1);
    expect(json(await list(b)).data.pagination.total).toBe(1);
  });

  it('refuses a link that leaves Cereza', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    await expect(send({ ...loteNuevo(ana), enlace: 'https://phishing.example/' })).rejects.toThrow(/enlace/);
    await expect(send({ ...loteNuevo(ana), enlace: '//phishing.example/' })).rejects.toThrow(/enlace/);
  });

  it('retries a temporary SMTP failure with backoff, and gives up at once on a permanent refusal', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    await ctx.app.scheduler.idle();
    smtp.refuseNext(2, 451);
    const before = smtp.attempts;
    await send(loteNuevo(ana, 'Reintento'));
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    await ctx.app.scheduler.idle();
    const row = async () => (await ctx.app.db.select().from(correos).where(eq(correos.userId, ana.id)))[0];
    expect(await row()).toMatchObject({ estado: 'PENDIENTE', intentos: 1 });
    expect((await row()).ultimoError).toContain('451');
    expect((await row()).proximoIntentoAt!.getTime()).toBe(clock.now().getTime() + 60_000);

    // Not due yet: nothing is attempted.
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    expect(smtp.attempts).toBe(before + 1);

    clock.advance(60_000);
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    expect(await row()).toMatchObject({ estado: 'PENDIENTE', intentos: 2 });
    expect((await row()).proximoIntentoAt!.getTime()).toBe(clock.now().getTime() + 5 * 60_000);

    clock.advance(5 * 60_000);
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    expect(await row()).toMatchObject({ estado: 'ENVIADO', intentos: 3, ultimoError: null });
    expect(smtp.messages.filter((m) => m.subject === 'Finca La Esperanza ha publicado «Reintento»')).toHaveLength(1);

    const eva = await createUser(ctx, 'COMPRADOR');
    await ctx.app.scheduler.idle();
    smtp.refuseNext(1, 550);
    await send(loteNuevo(eva, 'Buzón inexistente'));
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    await ctx.app.scheduler.idle();
    const [failed] = await ctx.app.db.select().from(correos).where(eq(correos.userId, eva.id));
    expect(failed).toMatchObject({ estado: 'FALLIDO', intentos: 1, proximoIntentoAt: null });
  });

  it('sends again, within two minutes and with the same Message-ID, a message whose sender died mid-send', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    const stuck = await ctx.app.db.transaction(async (tx) => {
      const n = await notify(tx, loteNuevo(ana, 'Proceso caído'));
      // What a process that crashed right after claiming leaves behind (its claim, with the lease it took).
      await tx
        .update(correos)
        .set({ estado: 'ENVIANDO', intentos: 1, bloqueadoHasta: new Date(clock.now().getTime() + LEASE_MS) })
        .where(eq(correos.notificacionId, n.id));
      return n;
    });
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    const row = async () => (await ctx.app.db.select().from(correos).where(eq(correos.notificacionId, stuck.id)))[0];
    expect((await row()).estado).toBe('ENVIANDO');
    // Before issue 26 the lease was ten minutes: 25-37 mails waited that long after each crash.
    clock.advance(2 * 60_000);
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    const sent = await row();
    expect(sent).toMatchObject({ estado: 'ENVIADO', intentos: 2 });
    const mails = smtp.messages.filter((m) => m.subject?.includes('Proceso caído'));
    expect(mails).toHaveLength(1);
    // The Message-ID is the row's: a copy the dead process got out before it died is the same message.
    expect(mails[0].messageId).toBe(`<${sent.id}@cereza.test>`);
    expect(sent.messageId).toBe(mails[0].messageId);
  });
});

describe('without SMTP_URL', () => {
  it('writes each e-mail as an .eml file in DATA_DIR/mail and logs its path', async () => {
    const lines: string[] = [];
    const local = await createTestApp(
      {},
      { clock, logger: { level: 'info', stream: { write: (l: string) => lines.push(l) } } },
    );
    try {
      const ana = await createUser(local, 'COMPRADOR');
      await local.app.db.transaction((tx) => notify(tx, loteNuevo(ana, 'Sidra lavado')));
      await local.app.scheduler.runTask(OUTBOX_TASK);
      await local.app.scheduler.idle();
      const [row] = await local.app.db.select().from(correos).where(eq(correos.userId, ana.id));
      expect(row.estado).toBe('ENVIADO');
      expect(path.dirname(row.archivo!)).toBe(local.config.mail.dir);
      const eml = readFileSync(row.archivo!, 'utf8');
      expect(eml).toMatch(/^Subject: /m);
      const parsed = await simpleParser(eml);
      expect(parsed.subject).toBe('Finca La Esperanza ha publicado «Sidra lavado»');
      expect(recipientOf(parsed)).toBe(ana.email);
      expect(linkIn(parsed, '/lote/').origin).toBe('http://cereza.test');
      expect(lines.some((l) => l.includes(row.archivo!))).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe('a restart in the middle of sending', () => {
  it('loses no mail and sends none twice', async () => {
    const first = await createTestApp({ mail: { smtpUrl: smtp.url } }, { clock });
    let second: TestContext | undefined;
    try {
      const ana = await createUser(first, 'COMPRADOR');
      const held = smtp.hold();
      await first.app.db.transaction(async (tx) => {
        for (let i = 1; i <= 6; i++) await notify(tx, loteNuevo(ana, `Lote ${i}`));
      });
      // The first message is on the wire when the server is told to stop.
      await held.arrived;
      const stopping = new Promise((resolve) => first.app.scheduler.signal.addEventListener('abort', resolve));
      const closing = first.app.close();
      await stopping;
      held.release();
      await closing;

      const rows = await first.app.db.select().from(correos).where(eq(correos.userId, ana.id));
      expect(rows.filter((r) => r.estado === 'ENVIADO')).toHaveLength(1);
      expect(rows.filter((r) => r.estado === 'PENDIENTE')).toHaveLength(5);
      // Given back, not counted as an attempt.
      expect(
        rows.filter((r) => r.estado === 'PENDIENTE').every((r) => r.intentos === 0 && r.bloqueadoHasta === null),
      ).toBe(true);

      // The next process (a restart) sends what was pending at start-up.
      second = await createTestApp({ mail: { smtpUrl: smtp.url } }, { clock, sameDatabaseAs: first });
      await second.app.scheduler.runDue();
      const mine = smtp.messages.filter((m) => recipientOf(m) === ana.email);
      expect(mine.map((m) => m.subject).sort()).toEqual(
        [1, 2, 3, 4, 5, 6].map((i) => `Finca La Esperanza ha publicado «Lote ${i}»`).sort(),
      );
      expect(new Set(mine.map((m) => m.messageId)).size).toBe(6);
      const after = await second.app.db
        .select()
        .from(correos)
        .where(and(eq(correos.userId, ana.id), eq(correos.estado, 'ENVIADO')));
      expect(after).toHaveLength(6);
    } finally {
      await second?.close();
      await first.database.close();
    }
  });
});
