import type { APIRequestContext } from '@playwright/test';
import { createUser, expect, loginAs, test } from './fixtures';

// Public pages are rendered on the server and hydrated in the browser (docs/decisions/008).

async function oneLote(request: APIRequestContext) {
  const res = await request.get('/api/lotes?limit=1&orden=puntaje');
  const { data } = await res.json();
  return data.lotes[0] as { id: string; nombre: string; perfilProductor: { id: string; nombre: string } };
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages are complete HTML, and the catalogue search works as a plain form', async ({
    page,
    request,
  }) => {
    const lote = await oneLote(request);

    await page.goto(`/lote/${lote.id}`);
    await expect(page.getByRole('heading', { level: 1, name: lote.nombre })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Desglose del precio por kg' })).toBeVisible();
    await expect(page).toHaveTitle(`${lote.nombre} · Cereza`);

    await page.goto(`/perfil/${lote.perfilProductor.id}`);
    await expect(page.getByRole('heading', { level: 1, name: lote.perfilProductor.nombre })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Café verde de especialidad/ })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Noticias de los productores' }).getByRole('listitem').first(),
    ).toBeVisible();

    await page.goto('/lotes');
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    const palabra = lote.nombre.split(' ')[0];
    await page.getByRole('searchbox', { name: 'Buscar lotes' }).fill(palabra);
    await page.getByRole('searchbox', { name: 'Buscar lotes' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/lotes\\?q=${encodeURIComponent(palabra)}`));
    await expect(page.getByRole('link', { name: lote.nombre, exact: true }).first()).toBeVisible();
  });

  test('an unknown lot is a 404 from the server', async ({ page }) => {
    const res = await page.goto('/lote/00000000-0000-4000-8000-000000000000');
    expect(res?.status()).toBe(404);
  });
});

test('a signed-in buyer in dark mode on a phone gets the same pages hydrated, then their session', async ({
  page,
  request,
}) => {
  const comprador = await createUser(request, 'comprador');
  await loginAs(page, comprador);
  await page.setViewportSize({ width: 360, height: 760 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const lote = await oneLote(request);

  // The fixture fails the test on any hydration mismatch reported in the console.
  for (const path of ['/', '/lotes', `/lote/${lote.id}`, `/perfil/${lote.perfilProductor.id}`]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveClass(/dark/);
    // The server rendered a visitor's header; the browser then shows the signed-in user's menu.
    await expect(page.getByRole('button', { name: /^Menú de / })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
  }

  // Before the app takes over, the server's visitor header does not offer this user the sign-in links.
  await page.route('**/assets/*.js', (route) => route.abort());
  // (The frame's own goto: the fixture's page.goto would wait for the app, which cannot load here.)
  await page.mainFrame().goto(new URL('/lotes', page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeHidden();
  await page.unroute('**/assets/*.js');

  // The hydrated page is the app: the heart saves the lot without a page load.
  await page.goto(`/lote/${lote.id}`);
  await page.getByRole('button', { name: 'Guardar en favoritos' }).first().click();
  await expect(page.getByRole('button', { name: /Guardado en favoritos|Quitar de favoritos/ }).first()).toBeVisible();
});

test('the read-only parts of a public page are not hydrated, and their links still navigate inside the app', async ({
  page,
}) => {
  await page.goto('/');
  // The home page's sections are static parts (docs/decisions/014): the server's HTML, left as it came.
  const resto = page
    .locator('[data-static]')
    .filter({ has: page.getByRole('heading', { name: '¿Primera vez en Cereza?' }) });
  await expect(resto).toHaveCount(1);
  // React marks every element it hydrated with its fiber (a "__reactFiber…" property): the header's sign-in
  // link has one, the static part's heading none.
  const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  expect(await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).evaluate(hydrated)).toBe(true);
  expect(await resto.getByRole('heading', { name: '¿Primera vez en Cereza?' }).evaluate(hydrated)).toBe(false);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  // A link in a part React never hydrated: the router follows it, without loading a new document.
  await resto.getByRole('link', { name: 'Cómo verificamos los lotes' }).click();
  await expect(page).toHaveURL(/\/Guia\/verificados$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
  // Back on the home page, rendered by the browser this time: the same content, now for real.
  await page.goBack();
  await expect(page.getByRole('heading', { name: '¿Primera vez en Cereza?' })).toBeVisible();
  expect(documents).toEqual([]);
});
