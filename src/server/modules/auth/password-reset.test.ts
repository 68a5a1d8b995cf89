import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../clock';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { tokensCuenta } from '../../db/schema/tokens-cuenta';
import { users } from '../../db/schema/users';
import { OUTBOX_TASK } from '../../mail/outbox';
import { bearer, createTestApp, createUser, json, TEST_PASSWORD, type TestContext } from '../../test/helpers';
import { createTestAppWithSmtp, linkIn, recipientOf, type TestSmtp } from '../../test/mail';
import { ACCOUNT_MAIL_LIMITS, hashEmailToken } from './account-mail';
import { LOG_REDACT, LOG_SERIALIZERS } from '../../app';

let ctx: TestContext;
let smtp: TestSmtp;
const clock = new ManualClock();

beforeAll(async () => {
  const started = await createTestAppWithSmtp({ clock });
  ctx = started;
  smtp = started.smtp;
});
afterAll(() => ctx.close());

let ip = 0;
/** Each test its own client address, so that the per-client limit is only met where a test means it. */
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
const post = (url: string, payload: unknown, remoteAddress = '10.1.1.1', headers = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });
const recuperar = (email: string, remoteAddress = nextIp()) => post('/api/auth/recuperar', { email }, remoteAddress);
const NUEVA = 'cereza-madura-en-rama';

const mailTo = (email: string, subject: string) =>
  smtp.waitFor((m) => recipientOf(m) === email && m.subject === subject);
const resetLink = async (email: string) => {
  const mail = await mailTo(email, 'Restablece tu contraseña de Cereza');
  smtp.messages.splice(smtp.messages.indexOf(mail), 1);
  return linkIn(mail, '/Auth/Restablecer');
};

describe('POST /api/auth/recuperar', () => {
  it('answers the same for a known and an unknown address; only the known one gets a mail', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const known = await recuperar(u.email);
    const unknown = await recuperar('nadie-con-este-correo@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known).message).toBe(
      'Si hay una cuenta con ese correo electrónico, te hemos enviado un enlace para elegir una contraseña nueva. Revisa tu bandeja de entrada y la carpeta de correo no deseado.',
    );
    const mail = await mailTo(u.email, 'Restablece tu contraseña de Cereza');
    expect(mail.text).toContain('caduca en una hora');
    const link = linkIn(mail, '/Auth/Restablecer');
    expect(link.origin).toBe('http://cereza.test');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the digest is stored.
    const [stored] = await ctx.app.db.select().from(tokensCuenta).where(eq(tokensCuenta.userId, u.id));
    expect(stored.hash).toBe(hashEmailToken(link.searchParams.get('token')!));
    expect(JSON.stringify(await ctx.app.db.select().from(correos).where(eq(correos.userId, u.id)))).not.toContain(
      link.searchParams.get('token'),
    );
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    expect(smtp.messages.some((m) => recipientOf(m) === 'nadie-con-este-correo@example.com')).toBe(false);
  });

  it('is limited per address from one client and per client, known address or not', async () => {
    const addr = nextIp();
    const mine = nextIp();
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.resetPerEmail; i++)
      expect((await recuperar('limite@example.com', mine)).statusCode).toBe(200);
    const over = await recuperar('limite@example.com', mine);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(over).error.code).toBe('TOO_MANY_REQUESTS');

    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.resetPerClient; i++) {
      expect((await recuperar(`cliente-${i}@example.com`, addr)).statusCode).toBe(200);
    }
    expect((await recuperar('otro-mas@example.com', addr)).statusCode).toBe(429);
    // Another client is not affected.
    expect((await recuperar('otro-mas@example.com', nextIp())).statusCode).toBe(200);
  });

  it("never lets requests from other addresses block the owner's own reset", async () => {
    const owner = await createUser(ctx, 'COMPRADOR');
    // Three strangers, each from an address of its own (before issue 26 the fourth request, the owner's, got 429
    // for 380 s).
    for (let i = 0; i < 3; i++) expect((await recuperar(owner.email, nextIp())).statusCode).toBe(200);
    const own = await recuperar(owner.email, '10.200.0.1');
    expect(own.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await resetLink(owner.email);

    // A flood from many addresses sends a bounded number of mails and never answers the owner 429; a link of
    // the window works.
    const before = smtp.messages.filter((m) => recipientOf(m) === owner.email).length;
    for (let i = 0; i < 12; i++) expect((await recuperar(owner.email, nextIp())).statusCode).toBe(200);
    expect((await recuperar(owner.email, '10.200.0.1')).statusCode).toBe(200);
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    const sent = smtp.messages.filter((m) => recipientOf(m) === owner.email).length - before;
    expect(sent).toBeLessThanOrEqual(ACCOUNT_MAIL_LIMITS.resetMailsPerEmail - 4);
    const link = await resetLink(owner.email);
    const done = await post('/api/auth/restablecer', { token: link.searchParams.get('token'), password: NUEVA });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('tells a Google-only account to sign in with Google (no reset link)', async () => {
    const [g] = await ctx.app.db
      .insert(users)
      .values({
        email: 'solo-google@example.com',
        googleSub: 'google-sub-123',
        nombre: 'Gala',
        tipoUser: 'COMPRADOR',
        verificado: true,
      })
      .returning();
    expect((await recuperar(g.email)).statusCode).toBe(200);
    const mail = await mailTo(g.email, 'Tu cuenta de Cereza entra con Google');
    expect(mail.text).toContain('Continuar con Google');
    expect(linkIn(mail, '/Auth/Login').href).toBe('http://cereza.test/Auth/Login');
    expect(mail.text).not.toContain('/Auth/Restablecer');
  });

  it('refuses an address that is not one', async () => {
    const res = await recuperar('no es un correo');
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields.email).toBe('Escribe un correo electrónico válido.');
  });
});

describe('POST /api/auth/restablecer', () => {
  it('the mailed link works once: new password, every old session and link revoked, signed in, then refused', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const older = await (async () => {
      await recuperar(u.email);
      return resetLink(u.email);
    })();
    await recuperar(u.email);
    const link = await resetLink(u.email);
    const token = link.searchParams.get('token')!;

    const res = await post('/api/auth/restablecer', { token, password: NUEVA });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe('Contraseña restablecida. Has iniciado sesión y las demás sesiones se han cerrado.');
    expect(body.dataUser).toMatchObject({ id: u.id, verificado: true });
    // The answer is a fresh sign-in; the session from before is gone.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(body) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(u) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: TEST_PASSWORD }, nextIp())).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: NUEVA }, nextIp())).statusCode).toBe(200);

    const again = await post('/api/auth/restablecer', { token, password: 'otra-contrasena-larga' });
    expect(again.statusCode).toBe(400);
    expect(json(again).error).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      message: 'El enlace para restablecer la contraseña no es válido o ya se usó. Pide uno nuevo.',
    });
    // The other link sent before is dead too.
    expect(
      json(
        await post('/api/auth/restablecer', {
          token: older.searchParams.get('token'),
          password: 'otra-contrasena-larga',
        }),
      ).error.code,
    ).toBe('RESET_TOKEN_INVALID');

    // A security notice in the bell and by e-mail.
    const [aviso] = await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.userId, u.id));
    expect(aviso).toMatchObject({ tipo: 'CONTRASENA_CAMBIADA', titulo: 'Tu contraseña ha cambiado' });
    await mailTo(u.email, 'Tu contraseña ha cambiado');
  });

  it('an expired link is refused with its own message; an unknown one too', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    await recuperar(u.email);
    const token = (await resetLink(u.email)).searchParams.get('token')!;
    clock.advance(60 * 60_000 + 1);
    const late = await post('/api/auth/restablecer', { token, password: NUEVA });
    expect(late.statusCode).toBe(400);
    expect(json(late).error.message).toBe(
      'El enlace para restablecer la contraseña ha caducado (dura una hora). Pide uno nuevo.',
    );
    expect(json(await post('/api/auth/restablecer', { token: 'x'.repeat(43), password: NUEVA })).error.code).toBe(
      'RESET_TOKEN_INVALID',
    );
    expect((await post('/api/auth/restablecer', { token: 'corto', password: NUEVA })).statusCode).toBe(400);
  });

  it('applies the password rules and leaves the link usable after a refusal', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    await recuperar(u.email);
    const token = (await resetLink(u.email)).searchParams.get('token')!;
    const short = await post('/api/auth/restablecer', { token, password: 'corta' });
    expect(json(short).error.fields.password).toBe('La contraseña debe tener al menos 8 caracteres.');
    const common = await post('/api/auth/restablecer', { token, password: 'password123' });
    expect(json(common).error.code).toBe('WEAK_PASSWORD');
    expect((await post('/api/auth/restablecer', { token, password: NUEVA })).statusCode).toBe(200);
  });

  it('two uses of one link at the same moment: one succeeds', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    await recuperar(u.email);
    const token = (await resetLink(u.email)).searchParams.get('token')!;
    const results = await Promise.all([
      post('/api/auth/restablecer', { token, password: NUEVA }),
      post('/api/auth/restablecer', { token, password: 'otra-clave-de-cafe' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('e-mail verification', () => {
  it('registration mails a link that verifies the address; following it again is fine', async () => {
    const email = `verifica-${Date.now()}@example.com`;
    const reg = await post(
      '/api/auth/register',
      { email, password: NUEVA, nombre: 'Vera', apellido: 'Luna', tipoUser: 'COMPRADOR' },
      nextIp(),
    );
    expect(reg.statusCode).toBe(201);
    expect(json(reg).dataUser.verificado).toBe(false);
    const mail = await mailTo(email, 'Confirma tu correo electrónico en Cereza');
    expect(mail.text).toContain('Hola, Vera Luna:');
    const link = linkIn(mail, '/Auth/Verificar');
    const token = link.searchParams.get('token')!;

    const ok = await post('/api/auth/verificar', { token });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({
      success: true,
      verificado: true,
      message: '¡Listo! Tu correo electrónico está verificado.',
    });
    const me = json(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(json(reg)) }),
    );
    expect(me.dataUser.verificado).toBe(true);
    expect(me.userId).toBe(me.dataUser.id);
    expect(json(await post('/api/auth/verificar', { token })).message).toBe(
      'Tu correo electrónico ya estaba verificado.',
    );

    // And a welcome in the bell.
    const bell = json(
      await ctx.app.inject({ method: 'GET', url: '/api/notificaciones', headers: bearer(json(reg)) }),
    ).data;
    expect(bell.notificaciones[0]).toMatchObject({
      tipo: 'BIENVENIDA',
      titulo: 'Te damos la bienvenida a Cereza, Vera',
      enlace: '/Dashboard/comprador',
    });
  });

  it('an unknown or expired link is a 400 with a Spanish message', async () => {
    const bad = await post('/api/auth/verificar', { token: 'y'.repeat(43) });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe(
      'El enlace de verificación no es válido o ya se usó. Pide uno nuevo desde tu cuenta.',
    );

    const u = await createUser(ctx, 'PRODUCTOR');
    expect((await post('/api/auth/verificar/reenviar', {}, nextIp(), bearer(u))).statusCode).toBe(200);
    const token = linkIn(
      await mailTo(u.email, 'Confirma tu correo electrónico en Cereza'),
      '/Auth/Verificar',
    ).searchParams.get('token');
    clock.advance(7 * 24 * 60 * 60_000 + 1);
    const late = await post('/api/auth/verificar', { token });
    expect(json(late).error.code).toBe('VERIFY_TOKEN_EXPIRED');
  });

  it('"reenviar" sends a new link, is limited per account, and is refused once verified', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    expect((await post('/api/auth/verificar/reenviar', {})).statusCode).toBe(401);
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.verifyResendPerUser; i++) {
      const res = await post('/api/auth/verificar/reenviar', {}, nextIp(), bearer(u));
      expect(res.statusCode).toBe(200);
      expect(json(res).message).toBe('Te hemos enviado un nuevo enlace de verificación. Revisa tu correo.');
    }
    expect((await post('/api/auth/verificar/reenviar', {}, nextIp(), bearer(u))).statusCode).toBe(429);
    await smtp.waitFor((m) => recipientOf(m) === u.email);
    await ctx.app.scheduler.idle();
    await ctx.app.db.update(users).set({ verificado: true }).where(eq(users.id, u.id));
    const done = await post('/api/auth/verificar/reenviar', {}, nextIp(), bearer(u));
    expect(done.statusCode).toBe(409);
    expect(json(done).error.message).toBe('Tu correo electrónico ya está verificado.');
  });

  it('a verification mail still waiting when the address gets verified is not sent', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    await ctx.app.scheduler.idle();
    smtp.refuseNext(1, 451);
    await post('/api/auth/verificar/reenviar', {}, nextIp(), bearer(u));
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    await ctx.app.scheduler.idle();
    await ctx.app.db.update(users).set({ verificado: true }).where(eq(users.id, u.id));
    clock.advance(60_000);
    await ctx.app.scheduler.runTask(OUTBOX_TASK);
    const [row] = await ctx.app.db.select().from(correos).where(eq(correos.userId, u.id));
    expect(row.estado).toBe('DESCARTADO');
  });
});

describe('logs', () => {
  it('never hold the token of an e-mailed link', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {},
      {
        logger: {
          level: 'info',
          redact: LOG_REDACT,
          serializers: LOG_SERIALIZERS,
          stream: { write: (l: string) => lines.push(l) },
        },
      },
    );
    try {
      const secret = 'k2Yt9xQ-secreto-del-enlace-1234567890abcd';
      await logged.app.inject({ method: 'GET', url: `/Auth/Restablecer?token=${secret}` });
      await logged.app.inject({
        method: 'POST',
        url: '/api/auth/restablecer',
        payload: { token: secret, password: NUEVA },
      });
      await logged.app.inject({ method: 'POST', url: '/api/auth/verificar', payload: { token: secret } });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(secret);
      expect(lines.join('\n')).toContain('/Auth/Restablecer?token=[oculto]');
    } finally {
      await logged.close();
    }
  });
});
