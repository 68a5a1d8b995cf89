import { test, expect } from './fixtures';

test('an unknown path shows the 404 page and reports the non-fatal error', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-errors'));
  await page.goto('/esta-pagina-no-existe');
  await expect(
    page.getByRole('heading', { name: 'Lo sentimos, no hemos podido encontrar esta página.' }),
  ).toBeVisible();
  const link = page.getByRole('link', { name: 'Regresar a la página de inicio' });
  await expect(link).toHaveAttribute('href', '/');
  const body = (await reported).postDataJSON();
  expect(body).toMatchObject({ message: 'Page Not Found: /esta-pagina-no-existe', fatal: false });
  expect(warnings).toContain('Page Not Found: /esta-pagina-no-existe');
  await link.click();
  await expect(page).toHaveURL(/\/$/);
});

test('the colour mode persists across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/ayuda');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('radio', { name: 'Tema oscuro' }).first().click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('radio', { name: 'Tema oscuro' }).first()).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'Tema del sistema' }).first().click();
  await expect(html).not.toHaveClass(/dark/);
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
});

test('the page is in Spanish and fits a 360 px wide screen without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('client routes are served the app and hashed assets are cached for a year', async ({ request }) => {
  const page = await request.get('/Guia/verificados');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  const html = await page.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset!);
  expect(res.headers()['cache-control']).toContain('immutable');
  const api404 = await request.get('/api/no-existe');
  expect(api404.status()).toBe(404);
  expect((await api404.json()).error.code).toBe('ROUTE_NOT_FOUND');
});

test('public pages and dashboards fit 360 px in dark mode without horizontal scrolling', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const lote = (await (await request.get('/api/lotes?limit=1')).json()).data.lotes[0];
  for (const path of [
    '/',
    '/lotes',
    `/lote/${lote.id}`,
    `/perfil/${lote.perfilProductor.id}`,
    '/Guia/verificados',
    '/ayuda/faq',
    '/Auth/Registro',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
  // The demo producer has lots, so the tables of the producer dashboard are filled.
  const login = await (
    await request.post('/api/auth/login', { data: { email: 'productor@cereza.example', password: 'cereza-demo-2026' } })
  ).json();
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('authToken', t);
      localStorage.setItem('dataUser', JSON.stringify({ user: u, timestamp: Date.now(), expiresIn: 3_600_000 }));
    },
    [login.token, login.dataUser] as const,
  );
  for (const path of [
    '/Dashboard/productor',
    '/Dashboard/productor/Lotes',
    '/Dashboard/productor/inventario',
    '/Dashboard/productor/perfil',
    '/Dashboard/productor/usuario',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main')).toBeVisible();
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
});

test('the calls to action preselect the account type; any other value is ignored', async ({ page }) => {
  await page.goto('/Auth/Registro?tipo=productor');
  await expect(page.getByRole('radio', { name: 'Productor' })).toBeChecked();
  await page.goto('/Auth/Registro?tipo=administrador');
  await expect(page.getByRole('radio', { name: 'Productor' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Comprador' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Registrarse' })).toBeDisabled();
});
