import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contract/errors';
import { totpCode } from '../../auth/totp';
import { ManualClock } from '../../clock';
import { codigosRecuperacion } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, TEST_PASSWORD, type TestContext } from '../../test/helpers';
import { enrolSecondFactor, signInWithCode } from '../../test/segundo-factor';
import { createCuentaOperador, resetSegundoFactor } from '../operador';

let ctx: TestContext;
const clock = new ManualClock();
beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
});
afterAll(() => ctx.close());

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer({ token }) });

describe('the second factor of lab and operator accounts (decision 045)', () => {
  it('a right password answers a challenge, never a session, and the challenge opens nothing', async () => {
    const cuenta = await createCuentaOperador(ctx.app.db, { email: 'ana.op@example.com', nombre: 'Ana' });
    const res = await login(cuenta.email, cuenta.password);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.token).toBeUndefined();
    expect(body.dataUser).toBeUndefined();
    expect(body.segundoFactor.paso).toBe('ALTA');
    // The challenge is not a bearer token.
    expect((await me(body.segundoFactor.desafio)).statusCode).toBe(401);
    const op = await ctx.app.inject({
      method: 'GET',
      url: '/api/operador/resumen',
      headers: bearer({ token: body.segundoFactor.desafio }),
    });
    expect(op.statusCode).toBe(401);
  });

  it('a token of a lab or operator account without the second factor is refused everywhere', async () => {
    const lab = await createUser(ctx, 'LABORATORIO', { segundoFactor: false });
    const operador = await createUser(ctx, 'OPERADOR', { segundoFactor: false });
    expect((await me(lab.token)).statusCode).toBe(401);
    expect((await me(operador.token)).statusCode).toBe(401);
    const con = await createUser(ctx, 'OPERADOR');
    expect((await me(con.token)).statusCode).toBe(200);
  });

  it('enrols with a QR code, shows ten recovery codes once, then asks for a code at every sign-in', async () => {
    const cuenta = await createCuentaOperador(ctx.app.db, { email: 'bea.op@example.com' });
    const { desafio } = json(await login(cuenta.email, cuenta.password)).segundoFactor;
    const alta = json(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/segundo-factor/alta', payload: { desafio } }),
    );
    expect(alta.otpauth).toMatch(/^otpauth:\/\/totp\/Cereza:bea\.op%40example\.com\?/);
    expect(alta.otpauth).toContain(`secret=${alta.secreto}`);
    expect(alta.qr.size).toBeGreaterThanOrEqual(21);
    expect(alta.qr.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    // A wrong code does not enrol.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/segundo-factor/confirmar',
      payload: { desafio, codigo: '000000' === totpCode(alta.secreto, clock.now().getTime()) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).error.message).toBe(ERRORS.SECOND_FACTOR_CODE_INVALID);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/segundo-factor/confirmar',
      payload: { desafio, codigo: totpCode(alta.secreto, clock.now().getTime()) },
    });
    expect(ok.statusCode).toBe(200);
    const session = json(ok);
    expect(session.codigosRecuperacion).toHaveLength(10);
    expect(session.dataUser.tipoUser).toBe('OPERADOR');
    expect((await me(session.token)).statusCode).toBe(200);
    // Only hashes are kept.
    const [u] = await ctx.app.db.select().from(users).where(eq(users.email, 'bea.op@example.com'));
    const stored = await ctx.app.db.select().from(codigosRecuperacion).where(eq(codigosRecuperacion.userId, u.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((c) => c.hash)).not.toContain(session.codigosRecuperacion[0]);
    // Enrolled: a new challenge asks for the code, and enrolling again is refused.
    const again = json(await login(cuenta.email, cuenta.password)).segundoFactor;
    expect(again.paso).toBe('CODIGO');
    const reAlta = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/segundo-factor/alta',
      payload: { desafio: again.desafio },
    });
    expect(reAlta.statusCode).toBe(409);

    // The code of the step already used is refused (no replay); the next step's is accepted.
    const replay = await signInWithCode(ctx, cuenta.email, cuenta.password, alta.secreto, clock.now().getTime());
    expect(replay.statusCode).toBe(401);
    clock.advance(30_000);
    const next = await signInWithCode(ctx, cuenta.email, cuenta.password, alta.secreto, clock.now().getTime());
    expect(next.statusCode).toBe(200);
    expect((await me(json(next).token)).statusCode).toBe(200);

    // A recovery code signs in once.
    const codigo = session.codigosRecuperacion[3] as string;
    const rec = async () => {
      const { desafio: d } = json(await login(cuenta.email, cuenta.password)).segundoFactor;
      return ctx.app.inject({
        method: 'POST',
        url: '/api/auth/segundo-factor',
        payload: { desafio: d, codigo: codigo.toLowerCase() },
      });
    };
    expect((await rec()).statusCode).toBe(200);
    expect((await rec()).statusCode).toBe(401);
  });

  it('reset-2fa ends the sessions and the next sign-in enrols again', async () => {
    const cuenta = await createCuentaOperador(ctx.app.db, { email: 'cris.op@example.com' });
    const { desafio } = json(await login(cuenta.email, cuenta.password)).segundoFactor;
    const session = await enrolSecondFactor(ctx, desafio);
    await resetSegundoFactor(ctx.app.db, cuenta.email);
    expect((await me(session.token)).statusCode).toBe(401);
    expect(json(await login(cuenta.email, cuenta.password)).segundoFactor.paso).toBe('ALTA');
    // A challenge issued before the reset is void.
    const stale = await ctx.app.inject({ method: 'POST', url: '/api/auth/segundo-factor/alta', payload: { desafio } });
    expect(stale.statusCode).toBe(401);
  });

  it('nobody registers as an operator, and the command refuses to turn a trader into one', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'falso-op@example.com',
        password: 'una frase larga de contraseña',
        nombre: 'Op',
        apellido: 'Falso',
        tipoUser: 'OPERADOR',
      },
    });
    expect(res.statusCode).toBe(400);
    const comprador = await createUser(ctx, 'COMPRADOR');
    await expect(createCuentaOperador(ctx.app.db, { email: comprador.email })).rejects.toThrow(/cuenta propia/);
    const renovada = await createCuentaOperador(ctx.app.db, { email: 'ana.op@example.com' });
    expect(renovada.resultado).toBe('renovada');
  });

  it('a suspended account is refused at sign-in with the appeal text', async () => {
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    await ctx.app.db.update(users).set({ suspendidaAt: new Date() }).where(eq(users.id, comprador.id));
    const res = await login(comprador.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(json(res).error.message).toBe(ERRORS.ACCOUNT_SUSPENDED);
  });
});
