import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createUser, type E2EUser } from '../fixtures';

/** The password of every demo account (README, docs/demo-accounts.md). */
export const DEMO_PASSWORD = 'cereza-demo-2026';

export const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

/** A demo account (docs/demo-accounts.md), signed in through the API. */
export async function demo(request: APIRequestContext, email: string): Promise<E2EUser> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return { email, password: DEMO_PASSWORD, token: body.token, dataUser: body.dataUser };
}

/** Another account in the same tab: the stored session is replaced and the next page load uses it. */
export async function switchTo(page: Page, user: Pick<E2EUser, 'token' | 'dataUser'>, path: string) {
  await page.evaluate(
    ([token, dataUser]) => {
      localStorage.setItem('authToken', token as string);
      localStorage.setItem('dataUser', JSON.stringify({ user: dataUser, timestamp: Date.now(), expiresIn: 3_600_000 }));
    },
    [user.token, user.dataUser] as const,
  );
  await page.goto(path);
}

/** The billing data an invoice needs (issued when the order ships). */
export async function infoComercial(request: APIRequestContext, u: E2EUser, razonSocial: string, taxId: string) {
  const res = await request.put('/api/users/me/informacion-comercial', {
    headers: auth(u),
    data: {
      razonSocial,
      taxId,
      direccionFacturacion: { linea1: 'Muelle de la Aduana 3', ciudad: 'Valencia', codigoPostal: '46024', pais: 'ES' },
      emailFacturacion: 'facturas@example.com',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new producer and a new buyer, each with the billing data an order's invoices need. */
export async function partesConFacturacion(request: APIRequestContext) {
  const productor = await createUser(request, 'productor');
  const comprador = await createUser(request, 'comprador');
  await infoComercial(request, productor, 'Finca Los Naranjos S.A.S.', '900123456-7');
  await infoComercial(request, comprador, 'Tostadores del Puerto S.L.', 'B12345678');
  return { productor, comprador };
}
