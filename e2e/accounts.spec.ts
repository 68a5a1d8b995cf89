import { test, expect, createUser, loginAs, E2E_PASSWORD } from './fixtures';
import { iniciarSesion, nuevoEmail, registrarse } from './support/accounts';

const PASSWORD = 'cafe-de-la-sierra-nevada';

test('a producer registers, completes the profile and lands on the producer dashboard', async ({ page }) => {
  const email = nuevoEmail('productor');
  await registrarse(page, 'Productor', email.toUpperCase(), PASSWORD);
  await expect(page.getByText('Usuario creado satisfactoriamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/productor$/i);

  const modal = page.getByRole('dialog', { name: 'Completa tu perfil de productor' });
  await expect(modal).toBeVisible();
  // Inline validation from the shared schema before anything is sent.
  await modal.getByRole('button', { name: 'Crear perfil de productor' }).click();
  await expect(modal.getByText('Elige el tipo de productor.')).toBeVisible();
  await expect(modal.getByText('Escribe la región.')).toBeVisible();

  await modal.getByLabel('Tipo de productor').selectOption({ label: 'Cooperativa' });
  await modal.getByLabel('Nombre de la finca u organización').fill('Cooperativa Sierra Alta');
  await modal.getByLabel('País').selectOption({ label: 'Colombia' });
  await modal.getByLabel('Región o departamento').fill('Magdalena');
  await modal.getByLabel('Altitud (m s. n. m.)').fill('1650');
  await modal.getByRole('button', { name: 'Crear perfil de productor' }).click();

  await expect(page.getByText('¡Perfil de productor creado correctamente!')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Hola, Valeria Quintero' })).toBeVisible();
  await expect(page.getByText('Así va Cooperativa Sierra Alta hoy.')).toBeVisible();
  await expect(page.getByText('Todavía no has publicado ningún lote.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Publicar un lote' })).toBeVisible();

  // The e-mail went out lower-cased, and the stored session has the profile.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('dataUser') ?? 'null'));
  expect(stored.user).toMatchObject({ email, tipoUser: 'PRODUCTOR', perfilBase: true });
  expect(typeof stored.timestamp).toBe('number');
  expect(stored.expiresIn).toBe(3_600_000);
});

test('a buyer registers, completes the profile and lands on the buyer dashboard', async ({ page }) => {
  const email = nuevoEmail('comprador');
  await registrarse(page, 'Comprador', email, PASSWORD);
  await expect(page.getByText('Usuario creado satisfactoriamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/comprador$/i);

  const modal = page.getByRole('dialog', { name: 'Completa tu perfil de comprador' });
  await modal.getByLabel('Empresa').fill('Tueste Lento S.L.');
  await modal.getByLabel('Tipo de comprador').selectOption({ label: 'Tostador' });
  await modal.getByLabel('En actividad desde').fill('2014-09-01');
  await modal.getByLabel('País').selectOption({ label: 'España' });
  await modal.getByLabel('Ciudad').fill('Zaragoza');
  await modal.getByRole('button', { name: 'Crear perfil de comprador' }).click();

  await expect(page.getByText('¡Perfil de comprador creado correctamente!')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Hola, Valeria Quintero' })).toBeVisible();
  await expect(page.getByText('Todavía no has guardado lotes.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explorar lotes' })).toBeVisible();
});

test('a user logs out and signs in again; a wrong password shows the same error as an unknown e-mail', async ({ page, request }) => {
  const user = await createUser(request, 'comprador');
  await page.goto('/Auth/Login');
  await iniciarSesion(page, user.email, 'no-es-esta-clave');
  await expect(page.getByRole('alert').filter({ hasText: 'Correo electrónico o contraseña incorrectos.' })).toBeVisible();

  await iniciarSesion(page, user.email.toUpperCase(), user.password);
  await expect(page.getByText('Sesión iniciada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/comprador$/i);

  await page.getByRole('button', { name: /^Menú de / }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  expect(await page.evaluate(() => document.cookie)).not.toContain('authToken=');

  // The old token was revoked on the server.
  const old = await request.post('/api/auth/jwt-validate', { headers: { authorization: `Bearer ${user.token}` } });
  expect(old.status()).toBe(401);

  // A protected page sends a visitor to login and back after signing in.
  await page.goto('/Dashboard/comprador/usuario/Notificaciones');
  await expect(page).toHaveURL(/\/Auth\/Login\?next=/);
  await iniciarSesion(page, user.email, user.password);
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/usuario\/Notificaciones$/);
  const boletin = page.getByRole('switch', { name: 'Boletín de Cereza' });
  await expect(boletin).toHaveAttribute('aria-checked', 'false');
  await boletin.click();
  await expect(boletin).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Boletín de Cereza' })).toHaveAttribute('aria-checked', 'true');
});

test('an expired session goes to login with the toast', async ({ page, request }) => {
  const user = await createUser(request, 'productor');
  await loginAs(page, user);
  // Revoke every token of the user from outside the browser (as a logout on another device would).
  const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${user.token}` } });
  expect(out.status()).toBe(200);
  await page.goto('/Dashboard/productor');
  await expect(page.getByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/Auth\/Login/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('a buyer cannot open producer pages', async ({ page, request }) => {
  const user = await createUser(request, 'comprador');
  await loginAs(page, user);
  await page.goto('/Dashboard/productor/Lotes/Crear');
  await expect(page).toHaveURL(/\/dashboard\/comprador$/i);
  await page.goto('/Dashboard/productor');
  await expect(page).toHaveURL(/\/dashboard\/comprador$/i);
});

test('a buyer deletes the account after typing the confirmation and the password', async ({ page, request }) => {
  const user = await createUser(request, 'comprador');
  await loginAs(page, user);
  await page.goto('/Dashboard/comprador/usuario/EliminarCuenta');
  const borrar = page.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' });
  await expect(borrar).toBeDisabled();
  await page.getByLabel('Escribe ELIMINAR para confirmar').fill('ELIMINAR');
  await page.getByLabel('Tu contraseña').fill('no-es-esta');
  await borrar.click();
  await expect(page.getByText('La contraseña no es correcta.')).toBeVisible();
  await page.getByLabel('Tu contraseña').fill(E2E_PASSWORD);
  await borrar.click();
  await expect(page.getByText('Tu cuenta y tus datos se han eliminado.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: E2E_PASSWORD } });
  expect(login.status()).toBe(401);
});
