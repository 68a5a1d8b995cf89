import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, createUser, type E2EUser } from './fixtures';
import { signIn } from './support/accounts';

/* Sample boxes (issue 32, docs/decisions/070): picked as a visitor and as a buyer, sent as one request per
   producer, answered lot by lot and shipped once. At a desktop width and at 360 px. */

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

async function switchTo(page: Page, user: E2EUser, path: string) {
  await page.evaluate(
    ([token, dataUser]) => {
      localStorage.setItem('authToken', token as string);
      localStorage.setItem('dataUser', JSON.stringify({ user: dataUser, timestamp: Date.now(), expiresIn: 3_600_000 }));
    },
    [user.token, user.dataUser] as const,
  );
  await page.goto(path);
}

async function createLote(request: APIRequestContext, productor: E2EUser, nombre: string, gramos: number, precio = 0) {
  const r = await request.post('/api/lotes', {
    headers: auth(productor),
    data: {
      nombre,
      pais: 'CO',
      region: 'Huila',
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      precioKg: 8.5,
      pesoSacoKg: 70,
      sacosDisponibles: 10,
      desglosePrecio: { precioFinca: 6.16, costosExportacion: 2 },
      muestra: { disponible: true, gramos, precio },
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()).data.lote.id as string;
}

const noScrollLateral = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

for (const width of [1280, 360]) {
  test(`a sample box: picked, kept across a reload and a sign-in, sent per producer, answered and shipped once (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = randomUUID().slice(0, 6);
    const productorA = await createUser(request, 'productor');
    const productorB = await createUser(request, 'productor');
    const comprador = await createUser(request, 'comprador');
    const a1 = `Geisha caja${tag}`;
    const a2 = `Caturra caja${tag}`;
    const b1 = `Bourbon caja${tag}`;
    await createLote(request, productorA, a1, 250, 15);
    const a2Id = await createLote(request, productorA, a2, 100);
    await createLote(request, productorB, b1, 200);

    // A visitor picks a lot on its card; the box survives a reload.
    await page.goto(`/lotes?q=caja${tag}`);
    await page.getByRole('button', { name: `Añadir ${a1} a la caja de muestras` }).click();
    await expect(page.getByText('Lote añadido a tu caja de muestras.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: `Quitar ${a1} de la caja de muestras` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // He signs in as a buyer: his box is the one he picked, and the lot page adds another.
    await page.goto(`/Auth/Login?next=${encodeURIComponent(`/lote/${a2Id}`)}`);
    await signIn(page, comprador.email, comprador.password);
    await expect(page).toHaveURL(new RegExp(`/lote/${a2Id}`));
    await page.getByRole('button', { name: 'Añadir a la caja de muestras' }).click();
    await expect(page.getByRole('button', { name: 'En tu caja de muestras' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Ver la caja de muestras (2)' })).toBeVisible();
    await page.goto(`/lotes?q=caja${tag}`);
    await expect(page.getByRole('button', { name: `Quitar ${a1} de la caja de muestras` })).toBeVisible();
    await page.getByRole('button', { name: `Añadir ${b1} a la caja de muestras` }).click();
    await expect(page.getByRole('button', { name: `Quitar ${b1} de la caja de muestras` })).toBeVisible();

    // The box: grams and price per lot, one request per producer.
    await page.goto('/Dashboard/comprador/caja-muestras');
    const enCaja = page.getByRole('region', { name: 'En tu caja' });
    await expect(enCaja.getByText(/250 g · 15,00 USD/)).toBeVisible();
    await expect(enCaja.getByText(/100 g · sin costo/)).toBeVisible();
    await expect(enCaja.getByText(/Se enviarán 2 solicitudes, una a cada productor/)).toBeVisible();
    await noScrollLateral(page);
    // A server refusal names the field and puts the focus on it.
    const form = page.getByRole('form', { name: 'Enviar la caja' });
    await form.getByLabel('Nombre de quien recibe').fill('Marta Ruiz');
    await form.getByLabel('Dirección', { exact: true }).fill('');
    await form.getByLabel('Ciudad').fill('Valencia');
    await form.getByLabel('País').selectOption({ label: 'España' });
    await form.getByRole('button', { name: 'Enviar solicitudes' }).click();
    await expect(form.getByText('La dirección es obligatoria.')).toBeVisible();
    await expect(form.getByLabel('Dirección', { exact: true })).toBeFocused();
    await form.getByLabel('Dirección', { exact: true }).fill('Calle de la Paz 4');
    await form.getByRole('button', { name: 'Enviar solicitudes' }).click();
    await expect(page.getByText('Caja enviada: 2 solicitudes, una por productor.', { exact: false })).toBeVisible();
    await expect(enCaja.getByText('Tu caja está vacía.', { exact: false })).toBeVisible();
    const enviadas = page.getByRole('region', { name: 'Cajas enviadas' });
    await expect(enviadas.getByRole('article')).toHaveCount(2);
    await expect(enviadas.getByText(a1, { exact: false })).toBeVisible();

    // The first producer refuses one lot, accepts the other, and ships the box once.
    await switchTo(page, productorA, '/Dashboard/productor/pedidos_muestras');
    const cajas = page.getByRole('region', { name: /Cajas de muestras por enviar/ });
    await expect(cajas.getByText('Calle de la Paz 4', { exact: false })).toHaveCount(0);
    await cajas.getByRole('button', { name: `Rechazar ${a2}` }).click();
    const rechazo = page.getByRole('dialog', { name: 'Rechazar la solicitud' });
    // An empty reason: the server's refusal names the field and puts the focus on it.
    await rechazo.getByRole('button', { name: 'Rechazar solicitud' }).click();
    await expect(rechazo.getByText('El motivo es obligatorio.')).toBeVisible();
    await expect(rechazo.getByLabel('Motivo')).toBeFocused();
    await rechazo.getByLabel('Motivo').fill('No queda muestra de este lote.');
    await rechazo.getByRole('button', { name: 'Rechazar solicitud' }).click();
    await expect(page.getByText('Solicitud rechazada.')).toBeVisible();
    await cajas.getByRole('button', { name: `Aceptar ${a1}` }).click();
    await page
      .getByRole('dialog', { name: `Aceptar la solicitud · ${a1}` })
      .getByRole('button', { name: 'Aceptar la solicitud' })
      .click();
    await expect(page.getByText('Solicitud aceptada.', { exact: false })).toBeVisible();
    await cajas.getByRole('button', { name: 'Enviar la caja' }).click();
    const envio = page.getByRole('dialog', { name: 'Enviar la caja de muestras' });
    await envio.getByRole('button', { name: 'Confirmar envío' }).click();
    await expect(envio.getByText('El número de guía es obligatorio.')).toBeVisible();
    await expect(envio.getByLabel('Número de guía')).toBeFocused();
    await envio.getByLabel('Número de guía').fill('7788990011');
    await envio.getByRole('button', { name: 'Confirmar envío' }).click();
    await expect(page.getByText('Caja marcada como enviada con sus lotes aceptados.')).toBeVisible();
    await expect(page.getByRole('region', { name: /Cajas de muestras por enviar/ })).toHaveCount(0);
    await noScrollLateral(page);

    // The buyer sees it shipped, the refused lot refused.
    await switchTo(page, comprador, '/Dashboard/comprador/caja-muestras');
    const caja = page.getByRole('article', { name: new RegExp(`Caja de muestras: ${productorA.nombre}`) });
    await expect(caja.getByText(/enviada el .* por DHL, guía 7788990011/)).toBeVisible();
    await expect(caja.getByRole('listitem').filter({ hasText: a1 }).getByText('Enviada')).toBeVisible();
    await expect(caja.getByRole('listitem').filter({ hasText: a2 }).getByText('Rechazada')).toBeVisible();
  });
}
