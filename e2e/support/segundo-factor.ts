import { TOTP } from 'otpauth';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * The second factor of lab and operator accounts (docs/decisions/045) in the browser tests: the demo accounts'
 * published TOTP secrets (docs/demo-accounts.md) give the codes. A code is accepted once, and parallel workers may
 * sign the same account in within one 30-second step: a refused code is followed by the next step's (the server
 * accepts one step of drift), then by a wait for a fresh step.
 */
export const DEMO_TOTP = {
  laboratorio: 'CEREZALABORATORIODEMOSECRETOAAAA',
  operador: 'CEREZAOPERADORDEMOSECRETOTOTPAAA',
} as const;

export const totp = (secret: string, at = Date.now()) => new TOTP({ secret }).generate({ timestamp: at });

/** Codes to try, in order: this step's, the next one's, then (after waiting for a new step) again. */
async function* codes(secret: string) {
  for (let round = 0; round < 4; round++) {
    yield totp(secret);
    yield totp(secret, Date.now() + 30_000);
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
}

/** Signs in through the API: password, then a code. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string, secret: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { desafio } = (await login.json()).segundoFactor as { desafio: string };
  for await (const codigo of codes(secret)) {
    const res = await request.post('/api/auth/segundo-factor', { data: { desafio, codigo } });
    if (res.status() === 200) return (await res.json()) as { token: string; dataUser: any };
    expect(res.status(), await res.text()).toBe(401);
  }
  throw new Error(`no code of ${email} was accepted`);
}

/** After the password on /auth/login: types a code in "Código de verificación" until one is accepted. */
export async function passSecondFactor(page: Page, secret: string) {
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  for await (const codigo of codes(secret)) {
    await page.getByLabel('Código de verificación').fill(codigo);
    await page.getByRole('button', { name: 'Verificar' }).click();
    const left = await page
      .waitForURL((url) => !/\/auth\/login/i.test(url.pathname), { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (left) return;
  }
  throw new Error('no code was accepted');
}
