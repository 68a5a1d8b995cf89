import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const newEmail = (rol: string) => `e2e-cuenta-${rol}-${randomUUID().slice(0, 8)}@example.com`;

/** Fills and sends the registration form for the given role. */
export async function signUp(page: Page, rol: 'Productor' | 'Comprador', email: string, password: string) {
  await page.goto('/Auth/Registro');
  const button = page.getByRole('button', { name: 'Registrarse' });
  // The register button waits for an account type (docs/product.md §2).
  await expect(button).toBeDisabled();
  await page.getByRole('radio', { name: rol }).check();
  await expect(page.getByRole('radio', { name: rol })).toBeChecked();
  await page.getByLabel('Nombre', { exact: true }).fill('Valeria');
  await page.getByLabel('Apellido', { exact: true }).fill('Quintero');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await expect(button).toBeEnabled();
  await button.click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

/**
 * A stand-in for Google Identity Services (the real script needs Google's servers): its button hands the
 * app a credential exactly as Google's callback would.
 */
export const FAKE_GSI = `
window.google = { accounts: { id: {
  initialize: function (o) { window.__gsi = o; },
  renderButton: function (el) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Continuar con Google';
    b.onclick = function () { window.__gsi.callback({ credential: 'credencial-google-de-prueba-para-e2e' }); };
    el.appendChild(b);
  },
  disableAutoSelect: function () {}
} } };`;

/** Serves the fake script and publishes a Google client id in /api/config. */
export async function fakeGoogle(page: Page) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GSI }),
  );
  await page.route('**/api/config', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, googleClientId: 'cereza-e2e.apps.googleusercontent.com' } });
  });
}
