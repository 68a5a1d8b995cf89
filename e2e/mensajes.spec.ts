import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, createUser, loginAs, type E2EUser } from './fixtures';

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

async function createLote(request: APIRequestContext, productor: E2EUser) {
  const res = await request.post('/api/lotes', {
    headers: auth(productor),
    data: {
      nombre: `Bourbon rosado ${randomUUID().slice(0, 6)}`,
      pais: 'CO',
      region: 'Huila',
      variedades: ['Bourbon rosado'],
      proceso: 'LAVADO',
      precioKg: 8.5,
      pesoSacoKg: 70,
      sacosDisponibles: 10,
      // 8,50 = 6,16 + 2,00 + 0,34 (Cereza's 4 %: docs/decisions/016).
      desglosePrecio: { precioFinca: 6.16, costosExportacion: 2 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.lote as { id: string; nombre: string };
}

const ready = (p: Page) => p.waitForFunction(() => document.documentElement.dataset.app === 'ready');

test('a buyer writes from a lot page; the producer sees it unread and replies; the open thread shows the reply', async ({
  page,
  request,
  browser,
}) => {
  const productor = await createUser(request, 'productor');
  const comprador = await createUser(request, 'comprador');
  const lote = await createLote(request, productor);

  await loginAs(page, comprador);
  await page.goto(`/lote/${lote.id}`);
  await page.getByRole('button', { name: 'Escribir al productor' }).click();
  const dialog = page.getByRole('dialog', { name: `Escribe a ${productor.nombre} sobre «${lote.nombre}»` });
  const pregunta = '¿Cuántos días de secado tuvo?\nY, ¿podéis mandar fotos del pergamino?';
  const box = dialog.getByRole('textbox', { name: 'Tu mensaje al productor' });
  await box.fill('¿Cuántos días de secado tuvo?');
  // Shift+Enter is a new line, Enter sends.
  await box.press('Shift+Enter');
  await box.pressSequentially('Y, ¿podéis mandar fotos del pergamino?');
  await expect(box).toHaveValue(pregunta);
  await box.press('Enter');

  await expect(page).toHaveURL(/\/Dashboard\/comprador\/mensajes\/[0-9a-f-]{36}$/);
  const hilo = page.getByRole('list', { name: 'Mensajes' });
  await expect(hilo.getByText('¿Cuántos días de secado tuvo?')).toBeVisible();
  await expect(page.getByRole('link', { name: `Lote «${lote.nombre}»`, exact: true })).toBeVisible();

  // The producer, in another browser.
  const ctx2 = await browser.newContext({ locale: 'es-ES' });
  const prod = await ctx2.newPage();
  await loginAs(prod, productor);
  await prod.goto('/Dashboard/productor/mensajes');
  await ready(prod);
  await expect(prod.getByText('Tienes 1 conversación con mensajes sin leer.')).toBeVisible();
  const entrada = prod.getByRole('link', { name: /Tostadores del Puerto.*1 sin leer/ });
  await expect(entrada).toBeVisible();
  await entrada.click();
  await expect(
    prod.getByRole('list', { name: 'Mensajes' }).getByText('Y, ¿podéis mandar fotos del pergamino?'),
  ).toBeVisible();
  // Reading it clears the count.
  await expect(prod.getByText('No tienes mensajes sin leer.')).toBeVisible();

  const respuesta = 'Dieciocho días en camas africanas. Fotos aquí: https://cereza.example/fotos/pergamino.';
  const composer = prod.getByRole('textbox', { name: 'Escribe a Tostadores del Puerto' });
  await composer.fill(respuesta);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(
    prod.getByRole('list', { name: 'Mensajes' }).getByText(/Dieciocho días en camas africanas/),
  ).toBeVisible();

  // The buyer's thread, open all along, shows the reply without a reload; the address is a safe link.
  await expect(hilo.getByText(/Dieciocho días en camas africanas/)).toBeVisible();
  const link = hilo.getByRole('link', { name: 'https://cereza.example/fotos/pergamino' });
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(link).toHaveAttribute('target', '_blank');

  // A message written to attack renders inert: as text, no script run, no element made, no javascript: link.
  const ataque =
    '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> [pincha](javascript:window.__xss=3) javascript:window.__xss=4';
  await composer.fill(ataque);
  await composer.press('Enter');
  await expect(hilo.getByText(ataque)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(hilo.locator('img, script')).toHaveCount(0);
  await expect(hilo.locator('a[href^="javascript:"]')).toHaveCount(0);
  await ctx2.close();

  // Writing about the lot again offers the same conversation.
  const thread = new URL(page.url()).pathname;
  await page.goto(`/lote/${lote.id}`);
  await page.getByRole('button', { name: 'Escribir al productor' }).click();
  await page.getByRole('link', { name: 'Abrir la conversación' }).click();
  await expect(page).toHaveURL(new RegExp(`${thread}$`));
});

test('a visitor is invited to sign in to write to the producer', async ({ page, request }) => {
  const productor = await createUser(request, 'productor');
  const lote = await createLote(request, productor);
  await page.goto(`/lote/${lote.id}`);
  await page.getByRole('button', { name: 'Escribir al productor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Escribe al productor' });
  await expect(dialog.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await dialog.press('Escape');

  // The public profile has the same entry point.
  await page.goto(`/perfil/${productor.dataUser.id}`);
  await page.getByRole('button', { name: 'Escribir al productor' }).click();
  await expect(page.getByRole('dialog', { name: 'Escribe al productor' })).toBeVisible();
});

test('a signed-in buyer writes from the profile; a producer gets no button', async ({ page, request, browser }) => {
  const productor = await createUser(request, 'productor');
  const comprador = await createUser(request, 'comprador');
  await loginAs(page, comprador);
  await page.goto(`/perfil/${productor.dataUser.id}`);
  await page.getByRole('button', { name: 'Escribir al productor' }).click();
  const box = page.getByRole('dialog', { name: `Escribe a ${productor.nombre}` }).getByRole('textbox');
  await box.fill('Hola, ¿tendréis lotes naturales en la próxima cosecha?');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/mensajes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: productor.nombre, level: 2 })).toBeVisible();

  // An image goes through the upload path and is sent by its id.
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Adjuntar imagen').setInputFiles({ name: 'pergamino.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Imagen para adjuntar' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Mensajes' }).getByRole('img', { name: 'Imagen adjunta' })).toBeVisible();

  const otro = await createUser(request, 'productor');
  const ctx2 = await browser.newContext({ locale: 'es-ES' });
  const prod = await ctx2.newPage();
  await loginAs(prod, otro);
  await prod.goto(`/perfil/${productor.dataUser.id}`);
  await ready(prod);
  await expect(prod.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(prod.getByRole('button', { name: 'Escribir al productor' })).toHaveCount(0);
  await ctx2.close();
});

test('the demo accounts have conversations, with unread messages on both sides', async ({ request }) => {
  const login = async (email: string) => {
    const res = await request.post('/api/auth/login', { data: { email, password: 'cereza-demo-2026' } });
    expect(res.status()).toBe(200);
    return (await res.json()).token as string;
  };
  for (const email of ['comprador@cereza.example', 'productor@cereza.example']) {
    const token = await login(email);
    const res = await request.get('/api/conversaciones', { headers: { authorization: `Bearer ${token}` } });
    const { data } = await res.json();
    expect(data.conversaciones.length, email).toBeGreaterThanOrEqual(2);
    expect(data.noLeidas, email).toBeGreaterThanOrEqual(1);
  }
});

test('"Mensajes" on a sample opens its conversation, with the sample on top; a PDF goes as a download link', async ({
  page,
  request,
}) => {
  const email = 'comprador@cereza.example';
  const password = 'cereza-demo-2026';
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  await loginAs(page, { email, password, token: body.token, dataUser: body.dataUser });
  await page.goto('/Dashboard/comprador/muestras');
  await page.getByRole('button', { name: 'Mensajes', exact: true }).first().click();
  // The first time a dialog starts the conversation; once it exists the button opens it straight away.
  const dialog = page.getByRole('dialog', { name: /^Mensajes sobre la muestra de/ });
  await expect(dialog.or(page.getByRole('list', { name: 'Mensajes' }))).toBeVisible();
  if (await dialog.isVisible()) {
    const box = dialog.getByRole('textbox');
    await box.fill('¿Con qué transportista sale la muestra?');
    await box.press('Enter');
  }
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/mensajes\/[0-9a-f-]{36}$/);
  const asunto = page.getByRole('link', { name: /^Muestra de «/ });
  await expect(asunto).toHaveAttribute('href', /^\/Dashboard\/comprador\/muestras\?muestra=[0-9a-f-]{36}$/);

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await page
    .getByLabel('Adjuntar PDF')
    .setInputFiles({ name: 'informe.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('informe.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const link = page
    .getByRole('list', { name: 'Mensajes' })
    .getByRole('link', { name: /informe\.pdf/ })
    .last();
  await expect(link).toHaveAttribute('download', 'informe.pdf');
  await asunto.click();
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/muestras\?muestra=/);
});

test('a message the server refuses names the box and puts the focus on it (issue 32)', async ({ page, request }) => {
  const productor = await createUser(request, 'productor');
  const comprador = await createUser(request, 'comprador');
  const lote = await createLote(request, productor);
  await loginAs(page, comprador);
  await page.goto(`/lote/${lote.id}`);
  await page.getByRole('button', { name: 'Escribir al productor' }).click();
  const dialog = page.getByRole('dialog', { name: `Escribe a ${productor.nombre} sobre «${lote.nombre}»` });
  await dialog.getByRole('textbox', { name: 'Tu mensaje al productor' }).fill('Hola');
  await dialog.getByRole('textbox', { name: 'Tu mensaje al productor' }).press('Enter');
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/mensajes\/[0-9a-f-]{36}$/);

  // The box stops at 4,000 characters, so the server's own limit is reached by lengthening the request on its way.
  await page.route('**/api/conversaciones/*/mensajes', async (route) => {
    const body = route.request().postDataJSON() as { texto: string };
    await route.continue({ postData: JSON.stringify({ ...body, texto: 'x'.repeat(4001) }) });
  });
  const box = page.getByRole('textbox', { name: `Escribe a ${productor.nombre}` });
  await box.fill('Segundo mensaje');
  await box.press('Enter');
  await expect(box).toHaveAccessibleDescription(/El mensaje puede tener como máximo 4000 caracteres\./);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('Segundo mensaje');
});
