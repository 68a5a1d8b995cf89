import { test, expect, createUser, E2E_PASSWORD } from './fixtures';
import { linkPath, readMail } from './support/mail';

const NUEVA = 'cereza-roja-de-altura-2026';

test('forgot password: the e-mail (.eml) link sets a new password and signs in; the link then refuses a second use', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'comprador');

  await page.goto('/Auth/Login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/Auth\/Recuperar$/);
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Si hay una cuenta con ese correo electrónico');

  const mail = await readMail(user.email, 'Restablece tu contraseña de Cereza');
  expect(mail.html).toContain('Elegir una contraseña nueva');
  const link = linkPath(mail, '/Auth/Restablecer');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible();
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('corta');
  await expect(page.getByText('Seguridad: Demasiado corta.')).toBeVisible();
  await page.getByLabel('Contraseña nueva', { exact: true }).fill(NUEVA);
  await expect(page.getByText('Seguridad: Fuerte.')).toBeVisible();
  await page.getByLabel('Repite la contraseña').fill(`${NUEVA}x`);
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await page.getByLabel('Repite la contraseña').fill(NUEVA);
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();

  // Signed in, on the buyer's dashboard.
  await expect(
    page.getByText('Contraseña restablecida. Has iniciado sesión y las demás sesiones se han cerrado.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/comprador$/i);
  await expect(page.getByRole('button', { name: /^Menú de / })).toBeVisible();
  // The link proved the address: no "confirma tu correo" banner.
  await expect(page.getByText('Confirma tu correo electrónico.')).toBeHidden();

  expect(
    (await request.post('/api/auth/login', { data: { email: user.email, password: E2E_PASSWORD } })).status(),
  ).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email: user.email, password: NUEVA } })).status()).toBe(200);

  // The same link a second time is refused, with a way to ask for a new one.
  await page.goto(link);
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('otra-clave-de-cafe-largo');
  await page.getByLabel('Repite la contraseña').fill('otra-clave-de-cafe-largo');
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(
    page.getByText('El enlace para restablecer la contraseña no es válido o ya se usó. Pide uno nuevo.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();
});

test('/Auth/Forget still redirects home (docs/product.md §2)', async ({ page }) => {
  await page.goto('/Auth/Forget');
  await expect(page).toHaveURL(/\/$/);
});
