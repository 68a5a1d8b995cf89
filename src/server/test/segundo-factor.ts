import { totpCode } from '../auth/totp';
import { json, type TestContext } from './helpers';

/** Enrols the second factor of a challenge answered by /api/auth/login (paso ALTA): the session and the codes. */
export async function enrolSecondFactor(ctx: TestContext, desafio: string, at = ctx.app.clock.now().getTime()) {
  const alta = await ctx.app.inject({ method: 'POST', url: '/api/auth/segundo-factor/alta', payload: { desafio } });
  if (alta.statusCode !== 200) throw new Error(`alta: ${alta.statusCode} ${alta.body}`);
  const { secreto } = json(alta);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/segundo-factor/confirmar',
    payload: { desafio, codigo: totpCode(secreto, at) },
  });
  if (res.statusCode !== 200) throw new Error(`confirmar: ${res.statusCode} ${res.body}`);
  const body = json(res);
  return { ...body, secreto } as { token: string; dataUser: any; codigosRecuperacion: string[]; secreto: string };
}

/** Signs in an account with an enrolled second factor: password, then the code of `at`. */
export async function signInWithCode(ctx: TestContext, email: string, password: string, secreto: string, at: number) {
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const { desafio } = json(login).segundoFactor;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/segundo-factor',
    payload: { desafio, codigo: totpCode(secreto, at) },
  });
}
