import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestContext } from '../../test/helpers';
import { loginAttempts } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { hashKey, LIMITS, reserveLoginAttempt } from './login-limiter';
import { COMMON_PASSWORDS } from './common-passwords';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let n = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++n}@example.com`;
const STRONG = 'tostado-medio-en-huila';

function register(body: Record<string, unknown>, remoteAddress = '10.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress });
}
function login(email: string, password: string, remoteAddress = '10.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/auth/register', () => {
  it('creates a producer and answers 201 with token, dataUser and the catalogue message', async () => {
    const email = uniqueEmail('Prod').toUpperCase();
    const res = await register({ email, password: STRONG, nombre: 'Lucía', apellido: 'Gómez', tipoUser: 'PRODUCTOR' });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({ success: true, message: 'Usuario creado satisfactoriamente.' });
    expect(typeof body.token).toBe('string');
    expect(body.dataUser).toMatchObject({
      email: email.toLowerCase(),
      nombre: 'Lucía',
      apellido: 'Gómez',
      tipoUser: 'PRODUCTOR',
      verificado: false,
      perfilBase: false,
      perfilCompleto: false,
      perfil: null,
      tienePassword: true,
    });
    const validate = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth(body.token) });
    expect(json(validate)).toMatchObject({ success: true, valid: true, dataUser: { id: body.dataUser.id } });
  });

  it('creates a buyer', async () => {
    const res = await register({
      email: uniqueEmail(),
      password: STRONG,
      nombre: 'Martín',
      apellido: 'Ferrer',
      tipoUser: 'COMPRADOR',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).dataUser.tipoUser).toBe('COMPRADOR');
  });

  it.each(['ADMIN', 'productor', 'comprador', '', 'PRODUCTOR ', null, 1])('refuses tipoUser %j', async (tipoUser) => {
    const res = await register({ email: uniqueEmail(), password: STRONG, nombre: 'A', apellido: 'B', tipoUser });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields.tipoUser).toBeTruthy();
  });

  it('refuses a missing tipoUser', async () => {
    const res = await register({ email: uniqueEmail(), password: STRONG, nombre: 'A', apellido: 'B' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 409 for an e-mail already taken, whatever its case', async () => {
    const email = uniqueEmail();
    expect(
      (await register({ email, password: STRONG, nombre: 'A', apellido: 'B', tipoUser: 'COMPRADOR' })).statusCode,
    ).toBe(201);
    const again = await register({
      email: email.toUpperCase(),
      password: STRONG,
      nombre: 'A',
      apellido: 'B',
      tipoUser: 'PRODUCTOR',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Ya existe una cuenta con este correo electrónico.',
    });
  });

  it('refuses passwords shorter than 8 characters and accepts 8 random ones and 128 without composition rules', async () => {
    const short = await register({
      email: uniqueEmail(),
      password: 'cafe123',
      nombre: 'A',
      apellido: 'B',
      tipoUser: 'COMPRADOR',
    });
    expect(short.statusCode).toBe(400);
    expect(json(short).error.fields.password).toMatch(/al menos 8/);
    const eight = await register({
      email: uniqueEmail(),
      password: 'zqxjvbnw',
      nombre: 'A',
      apellido: 'B',
      tipoUser: 'COMPRADOR',
    });
    expect(eight.statusCode).toBe(201);
    const long = 'cafe de altura '.repeat(9).slice(0, 128);
    const longRes = await register({
      email: uniqueEmail(),
      password: long,
      nombre: 'A',
      apellido: 'B',
      tipoUser: 'COMPRADOR',
    });
    expect(longRes.statusCode).toBe(201);
  });

  it.each(['contraseña', '12345678', 'qwertyuiop', 'Password1', 'teamo1234'])(
    'refuses the common password %s',
    async (password) => {
      const res = await register({ email: uniqueEmail(), password, nombre: 'A', apellido: 'B', tipoUser: 'COMPRADOR' });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.code).toBe('WEAK_PASSWORD');
      expect(json(res).error.fields.password).toMatch(/demasiado común/);
    },
  );

  it.each(['qwerty12345', 'passwordpassword', 'cafeteria1234', 'lucia.gomez.1990'])(
    'refuses the guessable password %s with a clear Spanish hint',
    async (password) => {
      const res = await register({
        email: 'lucia.gomez@example.com',
        password,
        nombre: 'Lucía',
        apellido: 'Gómez',
        tipoUser: 'COMPRADOR',
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.code).toBe('WEAK_PASSWORD');
      expect(json(res).error.fields.password).toMatch(/demasiado común|fácil de adivinar\. Usa una frase/);
    },
  );

  it("refuses a password of only spaces, with the shared schema's message", async () => {
    for (const password of ['        ', ' \t \n    ']) {
      const res = await register({ email: uniqueEmail(), password, nombre: 'A', apellido: 'B', tipoUser: 'COMPRADOR' });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.fields.password).toBe('La contraseña no puede tener solo espacios.');
    }
  });

  it('ships a list of a few hundred common passwords', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
  });

  it('answers 400 with Spanish field messages for a malformed e-mail', async () => {
    const res = await register({
      email: 'no-es-correo',
      password: STRONG,
      nombre: 'A',
      apellido: 'B',
      tipoUser: 'COMPRADOR',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields.email).toBe('Escribe un correo electrónico válido.');
  });
});

describe('the log of a failed registration', () => {
  it('holds the failed query but none of its values: no password hash, no e-mail', async () => {
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logged.push(chunk.toString());
        cb();
      },
    });
    const other = await createTestApp({}, { logger: { level: 'error', stream } });
    try {
      // A database failure the service does not expect (not a duplicate e-mail): the insert itself fails.
      await other.database.exec(`alter table users add constraint prueba_fallo check (nombre <> 'Fallo')`);
      const email = uniqueEmail('fallo');
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: STRONG, nombre: 'Fallo', apellido: 'Registro', tipoUser: 'COMPRADOR' },
      });
      expect(res.statusCode).toBe(500);
      const log = logged.join('\n');
      expect(log).toContain('Failed query');
      expect(log).toContain('prueba_fallo');
      expect(log).not.toContain('$argon2');
      expect(log).not.toContain(email);
      expect(log).not.toContain('Registro');
    } finally {
      await other.close();
    }
  });
});

describe('registration limit', () => {
  it('answers 429 with Retry-After past the limit of new accounts per address, also to parallel requests', async () => {
    const limited = await createTestApp({ registrationLimit: 3 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            remoteAddress: '10.8.0.1',
            payload: {
              email: uniqueEmail(`lote${i}`),
              password: STRONG,
              nombre: 'A',
              apellido: 'B',
              tipoUser: 'COMPRADOR',
            },
          }),
        ),
      ).then((all) => all.map((r) => r.statusCode));
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.8.0.2',
        payload: { email: uniqueEmail('otra'), password: STRONG, nombre: 'A', apellido: 'B', tipoUser: 'COMPRADOR' },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('registration limit behind a proxy', () => {
  it('with TRUST_PROXY=1 a client rotating X-Forwarded-For stays one address: the proxy’s own hop decides', async () => {
    const limited = await createTestApp({ registrationLimit: 3, trustProxy: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          // The proxy (127.0.0.1) appends the address it saw to whatever the client sent.
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.${i}, 192.0.2.7` },
          payload: {
            email: uniqueEmail(`proxy${i}`),
            password: STRONG,
            nombre: 'A',
            apellido: 'B',
            tipoUser: 'COMPRADOR',
          },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.0.2.8' },
        payload: { email: uniqueEmail('otra'), password: STRONG, nombre: 'A', apellido: 'B', tipoUser: 'COMPRADOR' },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with a case-insensitive e-mail', async () => {
    const user = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const res = await login(user.email.toUpperCase(), user.password, '10.1.0.1');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.success).toBe(true);
    expect(body.dataUser).toMatchObject({ id: user.id, tipoUser: 'PRODUCTOR', perfilBase: true });
    expect(body.dataUser.perfil).toMatchObject({ tipoProductor: 'FINCA', pais: 'CO' });
    expect(body.dataUser.perfil.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers the same 401 body for an unknown e-mail and a wrong password, after comparable work', async () => {
    const user = await createUser(ctx, 'COMPRADOR');
    const timings = { unknown: [] as number[], wrong: [] as number[] };
    let unknownBody = '';
    let wrongBody = '';
    for (let i = 0; i < 3; i++) {
      let t = performance.now();
      const a = await login(`nadie-${i}-${uniqueEmail()}`, 'una-clave-cualquiera', `10.2.0.${i}`);
      timings.unknown.push(performance.now() - t);
      t = performance.now();
      const b = await login(user.email, 'una-clave-cualquiera', `10.3.0.${i}`);
      timings.wrong.push(performance.now() - t);
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(401);
      unknownBody = a.body;
      wrongBody = b.body;
    }
    expect(unknownBody).toBe(wrongBody);
    expect(JSON.parse(wrongBody).error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Correo electrónico o contraseña incorrectos.',
    });
    // Without the dummy hash an unknown e-mail answers in about a millisecond; argon2id takes tens.
    expect(Math.min(...timings.unknown)).toBeGreaterThan(Math.min(...timings.wrong) * 0.3);
  });

  it('limits repeated failures of one e-mail from one address with 429 and Retry-After, even for the right password', async () => {
    const user = await createUser(ctx, 'COMPRADOR');
    // The owner's usual address (the account's own wait, started by these failures, never slows it).
    expect((await login(user.email, user.password, '10.4.0.2')).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.pair; i++)
      expect((await login(user.email, 'equivocada-123', '10.4.0.1')).statusCode).toBe(401);
    const blocked = await login(user.email, user.password, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(blocked).error.code).toBe('TOO_MANY_REQUESTS');
    // Another address is not affected by this pair's counter.
    expect((await login(user.email, user.password, '10.4.0.2')).statusCode).toBe(200);
  });

  it('evaluates at most the limit of 30 simultaneous guesses on one account (the rest answer 429)', async () => {
    const user = await createUser(ctx, 'COMPRADOR');
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.email, i === 29 ? user.password : `adivina-${i}`, '10.4.9.1')),
    ).then((all) => all.map((r) => r.statusCode));
    const evaluated = statuses.filter((s) => s !== 429);
    // A limiter that reads the count before checking and records the failure after let all 30 through.
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(LIMITS.pair);
    expect(statuses.filter((s) => s === 429).length).toBe(30 - evaluated.length);
  });

  it('slows a distributed attack on one e-mail with a growing wait, never for an address that signed in before', async () => {
    const user = await createUser(ctx, 'COMPRADOR');
    expect((await login(user.email, user.password, '10.5.0.200')).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.accountFree; i++) {
      expect((await login(user.email, 'equivocada-123', `10.5.1.${i}`)).statusCode).toBe(401);
    }
    const stranger = await login(user.email, user.password, '10.5.2.1');
    expect(stranger.statusCode).toBe(429);
    // The wait started at the last failure; on a slow machine part of it has passed by now (real clock).
    const retryAfter = Number(stranger.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.accountDelaySeconds);
    const owner = await login(user.email, user.password, '10.5.0.200');
    expect(owner.statusCode).toBe(200);
    // The owner's success ended the wait for everyone.
    expect((await login(user.email, user.password, '10.5.2.1')).statusCode).toBe(200);
  });

  it("doubles the account's wait with each failure past the free ones, up to its cap", async () => {
    const db = ctx.app.db;
    const email = uniqueEmail('espera');
    let t = Date.UTC(2032, 0, 1);
    const waits: number[] = [];
    for (let i = 0; i < LIMITS.accountFree + 4; i++) {
      let r = await reserveLoginAttempt(db, email, `10.5.5.${i}`, t);
      waits.push(typeof r === 'number' ? r : 0);
      if (typeof r === 'number') {
        t += r * 1000;
        r = await reserveLoginAttempt(db, email, `10.5.6.${i}`, t);
      }
      // Once the wait is over the attempt goes ahead (and counts as the next failure).
      expect(typeof r, `attempt ${i}`).toBe('object');
    }
    const d = LIMITS.accountDelaySeconds;
    expect(waits).toEqual([0, 0, 0, 0, 0, d, 2 * d, 4 * d, 8 * d]);
  });

  it('limits one address spraying many e-mails, generously', async () => {
    // The spray's first LIMITS.ip − 1 failures, as counted (300 sign-ins would take long), then its last for real.
    const WINDOW = LIMITS.windowSeconds * 1000;
    const ventana = new Date(Math.floor(Date.now() / WINDOW) * WINDOW);
    await ctx.app.db.insert(loginAttempts).values({ clave: hashKey('ip', '10.6.0.1'), ventana, fallos: LIMITS.ip - 1 });
    expect((await login(uniqueEmail('spray'), 'equivocada-123', '10.6.0.1')).statusCode).toBe(401);
    const user = await createUser(ctx, 'COMPRADOR');
    expect((await login(user.email, user.password, '10.6.0.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.6.0.2')).statusCode).toBe(200);
  });

  it('never stores e-mails or addresses in clear in the attempts table', async () => {
    const rows = await ctx.app.db.select().from(loginAttempts);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.clave).not.toContain('@');
      expect(r.clave).not.toContain('10.');
    }
  });

  it('answers 400 for a malformed body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('tokens', () => {
  it('jwt-validate answers 401 "Token inválido" for garbage and 401 "Token de autorización requerido" without one', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth('no.es.token') });
    expect(bad.statusCode).toBe(401);
    expect(json(bad).error.message).toBe('Token inválido');
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate' });
    expect(none.statusCode).toBe(401);
    expect(json(none).error.message).toBe('Token de autorización requerido');
  });

  it('answers 401, not 500, to a well-signed token whose subject is not a user id', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const sub of ['no-es-un-uuid', "1' or '1'='1", '']) {
      const token = await new SignJWT({ tv: 0, sat: now })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(ctx.config.jwtSecret);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth(token) });
      expect(res.statusCode, sub).toBe(401);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me/notificaciones', headers: auth(token) });
      expect(me.statusCode, sub).toBe(401);
    }
  });

  it('refuses alg none, another algorithm, a bad signature and an expired token', async () => {
    const user = await createUser(ctx, 'COMPRADOR');
    const now = Math.floor(Date.now() / 1000);
    const claims = { tv: user.tokenVersion, sat: now };
    const unsecured = new UnsecuredJWT(claims)
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new Uint8Array(Buffer.concat([Buffer.from(ctx.config.jwtSecret), Buffer.from(ctx.config.jwtSecret)])));
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('otro-secreto-de-al-menos-32-bytes-de-largo'));
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(ctx.config.jwtSecret);
    const good = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(ctx.config.jwtSecret);
    const [h, p] = good.split('.');
    const tampered = `${h}.${p}.${'A'.repeat(43)}`;

    for (const token of [unsecured, hs512, rs256, otherSecret, expired, tampered]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth(token) });
      expect(res.statusCode, token).toBe(401);
      expect(json(res).error.message).toBe('Token inválido');
    }
    // The control: the same claims correctly signed pass, so the refusals above are about the signature.
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth(good) });
    expect(ok.statusCode).toBe(200);
  });

  it('answers a refreshedToken when the token is close to expiry', async () => {
    const user = await createUser(ctx, 'COMPRADOR');
    const now = Math.floor(Date.now() / 1000);
    const soon = await new SignJWT({ tv: user.tokenVersion, sat: now - 3000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now - 3000)
      .setExpirationTime(now + 600)
      .sign(ctx.config.jwtSecret);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth(soon) });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(typeof body.refreshedToken).toBe('string');
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/jwt-validate',
      headers: auth(body.refreshedToken),
    });
    expect(again.statusCode).toBe(200);
  });

  it('logout revokes every token of the user', async () => {
    const user = await createUser(ctx, 'PRODUCTOR');
    const second = json(await login(user.email, user.password, '10.7.0.1')).token as string;
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(user.token) });
    expect(out.statusCode).toBe(200);
    for (const token of [user.token, second]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth(token) });
      expect(res.statusCode).toBe(401);
    }
    const fresh = json(await login(user.email, user.password, '10.7.0.1')).token as string;
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: auth(fresh) })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/users/:userId', () => {
  it('answers the user with tipoUser to themselves and 403 for another id', async () => {
    const a = await createUser(ctx, 'COMPRADOR');
    const b = await createUser(ctx, 'PRODUCTOR');
    const own = await ctx.app.inject({ method: 'GET', url: `/api/users/${a.id}`, headers: auth(a.token) });
    expect(own.statusCode).toBe(200);
    expect(json(own).user).toMatchObject({ id: a.id, tipoUser: 'COMPRADOR', email: a.email });
    const other = await ctx.app.inject({ method: 'GET', url: `/api/users/${b.id}`, headers: auth(a.token) });
    expect(other.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/users/${a.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores the e-mail lower-cased', async () => {
    const email = uniqueEmail('MiXeD').replace('example', 'EXAMPLE');
    const res = await register({ email, password: STRONG, nombre: 'A', apellido: 'B', tipoUser: 'COMPRADOR' });
    const [row] = await ctx.app.db
      .select()
      .from(users)
      .where(eq(users.id, json(res).dataUser.id));
    expect(row.email).toBe(email.toLowerCase());
  });
});
