import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, bearer, json, type TestContext } from '../../test/helpers';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { users } from '../../db/schema/users';

const CLIENT_ID = 'cereza-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

let ctx: TestContext;
let jwksServer: Server;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

/** A stand-in for Google: our own RSA key, published as a JWKS on 127.0.0.1. */
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  ctx = await createTestApp({
    google: { clientId: CLIENT_ID, jwksUrl: `http://127.0.0.1:${port}/jwks`, issuers: [ISSUER, 'accounts.google.com'] },
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

let n = 0;
interface Claims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  aud?: string;
  iss?: string;
  exp?: number;
  key?: CryptoKey;
}
async function credential(c: Claims = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const sub = c.sub ?? `g-${Date.now()}-${++n}`;
  return new SignJWT({
    email: c.email ?? `${sub}@gmail.com`,
    email_verified: c.email_verified ?? true,
    given_name: 'Ana',
    family_name: 'Ríos',
    name: 'Ana Ríos',
    picture: 'https://lh3.googleusercontent.com/a/foto',
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(sub)
    .setAudience(c.aud ?? CLIENT_ID)
    .setIssuer(c.iss ?? ISSUER)
    .setIssuedAt(now - 10)
    .setExpirationTime(c.exp ?? now + 3600)
    .sign(c.key ?? googleKey);
}
const google = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/google', payload });

describe('POST /api/auth/google', () => {
  it('answers userExists false for a new identity, then completes the registration with tipoUser', async () => {
    const cred = await credential({ sub: 'g-new-1', email: 'Ana.Rios@Gmail.com' });
    const first = await google({ credential: cred });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ success: true, userExists: false });

    // The e-mail sent by the client is ignored: the token's claim decides.
    const second = await google({ credential: cred, tipoUser: 'COMPRADOR', email: 'otro@example.com' });
    expect(second.statusCode).toBe(201);
    const body = json(second);
    expect(body).toMatchObject({ success: true, userExists: true, message: 'Usuario creado satisfactoriamente.' });
    expect(body.dataUser).toMatchObject({
      email: 'ana.rios@gmail.com',
      tipoUser: 'COMPRADOR',
      verificado: true,
      nombre: 'Ana',
      tienePassword: false,
      conGoogle: true,
    });
    expect(typeof body.token).toBe('string');

    const again = await google({ credential: await credential({ sub: 'g-new-1', email: 'ana.rios@gmail.com' }) });
    expect(json(again)).toMatchObject({ success: true, userExists: true, dataUser: { id: body.dataUser.id } });
  });

  it('refuses a tipoUser other than PRODUCTOR or COMPRADOR', async () => {
    const res = await google({ credential: await credential(), tipoUser: 'ADMIN' });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['wrong audience', { aud: 'otra-app.apps.googleusercontent.com' }],
    ['wrong issuer', { iss: 'https://evil.example.com' }],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['unverified e-mail', { email_verified: false }],
    ['signed by another key', { key: undefined as unknown as CryptoKey }],
  ] as const)('refuses a token with %s', async (label, claims) => {
    const c = label === 'signed by another key' ? { key: strangerKey } : claims;
    const res = await google({ credential: await credential(c as Claims), tipoUser: 'PRODUCTOR' });
    expect(res.statusCode).toBe(401);
    expect(json(res).error).toMatchObject({ code: 'GOOGLE_LOGIN_ERROR', message: 'Error en autenticación con Google' });
  });

  it('never attaches Google to a password account whose e-mail is not verified', async () => {
    const existing = await createUser(ctx, 'PRODUCTOR', { email: 'duena@example.com' });
    const res = await google({ credential: await credential({ email: 'duena@example.com' }), tipoUser: 'COMPRADOR' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.code).toBe('GOOGLE_EMAIL_NOT_VERIFIED');
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, existing.id));
    expect(row.googleSub).toBeNull();
  });

  it('attaches Google to a verified account with the same e-mail', async () => {
    const existing = await createUser(ctx, 'COMPRADOR', { email: 'verificada@example.com' });
    await ctx.app.db.update(users).set({ verificado: true }).where(eq(users.id, existing.id));
    const res = await google({ credential: await credential({ sub: 'g-link-1', email: 'verificada@example.com' }) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      userExists: true,
      dataUser: { id: existing.id, tipoUser: 'COMPRADOR', conGoogle: true },
    });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, existing.id));
    expect(row.googleSub).toBe('g-link-1');
    // A security notice, in the bell and (always) by e-mail.
    const [aviso] = await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.userId, existing.id));
    expect(aviso).toMatchObject({ tipo: 'GOOGLE_VINCULADA', titulo: 'Tu cuenta está vinculada a Google' });
    expect(await ctx.app.db.select().from(correos).where(eq(correos.notificacionId, aviso.id))).toHaveLength(1);
  });

  it('deletes a Google account after re-authentication with a fresh credential of the same identity', async () => {
    const created = json(await google({ credential: await credential({ sub: 'g-del-1' }), tipoUser: 'PRODUCTOR' }));
    const u = { token: created.token as string };
    const wrong = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(u),
      payload: { credential: await credential({ sub: 'g-otro' }) },
    });
    expect(wrong.statusCode).toBe(403);
    const ok = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(u),
      payload: { credential: await credential({ sub: 'g-del-1' }) },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(u) })).statusCode,
    ).toBe(401);
  });
});

describe('Google disabled', () => {
  it('answers 404 without GOOGLE_CLIENT_ID', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { credential: await credential() },
      });
      expect(res.statusCode).toBe(404);
      expect(json(res).error.code).toBe('GOOGLE_DISABLED');
    } finally {
      await off.close();
    }
  });
});
