import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Page, Route } from '@playwright/test';
import { createUser, expect, loginAs, test } from './fixtures';

/*
 * What a producer tripped over while publishing a lot (issue 16, "Data that goes wrong"): varieties and tasting
 * notes typed with the keyboard, photos chosen in one order and uploaded in another, a tiny photo as cover, and a
 * price breakdown whose commission they had to work out themselves.
 */

const photo = async (name: string, background: { r: number; g: number; b: number }, width = 1200, height = 900) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});

/**
 * Holds the upload of `slowName` until every other upload of the batch has been answered, so that it finishes
 * last (deterministically, without waiting for time to pass). Answers each file's stored small-size address.
 */
async function uploadsFinishingOutOfOrder(page: Page, slowName: string, batch: number) {
  const smallUrl = new Map<string, string>();
  let others = 0;
  let releaseSlow!: () => void;
  const othersDone = new Promise<void>((resolve) => (releaseSlow = resolve));
  await page.route('**/api/uploads', async (route: Route) => {
    const name = /filename="([^"]+)"/.exec(route.request().postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? '';
    if (name === slowName) await othersDone;
    const response = await route.fetch();
    const body = await response.json();
    smallUrl.set(name, body.data.urls.sm);
    await route.fulfill({ response });
    if (name !== slowName && ++others === batch - 1) releaseSlow();
  });
  return smallUrl;
}

test('a producer publishes a lot typing varieties and notes, choosing photos in order, and lets Cereza compute its commission', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  const uid = randomUUID().slice(0, 8);
  const nombre = `Lote ${uid} Acevedo`;
  await page.goto('/Dashboard/productor/Lotes/Crear');
  await page.getByLabel('Nombre del lote').fill(nombre);
  await page.getByRole('combobox', { name: 'País' }).fill('colom');
  await page.getByRole('option', { name: 'Colombia', exact: true }).click();
  await page.getByLabel('Región').fill('Huila');

  // Varieties: "Catu" + Enter is the highlighted suggestion, and the box is empty for the next one.
  const variedades = page.getByRole('combobox', { name: 'Variedades' });
  await variedades.pressSequentially('Catu');
  await variedades.press('Enter');
  await expect(page.getByRole('button', { name: 'Quitar Caturra' })).toBeVisible();
  await expect(variedades).toHaveValue('');
  await variedades.pressSequentially('castillo');
  await variedades.press('Enter');
  await expect(page.getByRole('button', { name: 'Quitar Castillo' })).toBeVisible();
  await expect(variedades).toHaveValue('');
  // A local selection outside the list is typed freely, trimmed.
  await variedades.pressSequentially('  Tabi   Rojo ');
  await variedades.press('Enter');
  await expect(page.getByRole('button', { name: 'Quitar Tabi Rojo' })).toBeVisible();
  // Typing a chosen one again adds nothing and takes nothing away.
  await variedades.pressSequentially('CATURRA');
  await variedades.press('Enter');
  await expect(page.getByRole('list', { name: 'Variedades: seleccionadas' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Quitar Caturra' })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Tasting notes: free text, one chip per note, no glued leftovers, no repeats.
  const notas = page.getByRole('combobox', { name: 'Notas de cata' });
  for (const nota of ['panela', 'mandarina', ' Panela ']) {
    await notas.pressSequentially(nota);
    await notas.press('Enter');
    await expect(notas).toHaveValue('');
  }
  await expect(page.getByRole('button', { name: 'Quitar panela' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Quitar mandarina' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByLabel('Proceso').selectOption({ label: 'Lavado' });
  await page.getByLabel('Mes de cosecha').selectOption({ label: 'Noviembre' });
  await page.getByLabel('Año de cosecha').selectOption('2025');
  await page.getByLabel('Sacos disponibles').fill('30');

  // The breakdown: farm price and export costs in, Cereza's 4 % and the price out.
  await page.getByRole('checkbox', { name: /Calcular el precio con su desglose/ }).check();
  await page.getByLabel('Precio en finca por kg').fill('8');
  await page.getByLabel('Costos de exportación por kg').fill('2');
  await expect(page.getByText('Comisión de Cereza (4 % del precio)')).toBeVisible();
  await expect(page.getByText('0,42 USD/kg', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Precio por kg', { exact: true })).toHaveValue('10,42');

  // Three photos chosen in this order; the first one finishes uploading last.
  const smallUrl = await uploadsFinishingOutOfOrder(page, 'a-finca.png', 3);
  await page
    .getByLabel('Galería de fotos: elegir archivos')
    .setInputFiles([
      await photo('a-finca.png', { r: 180, g: 40, b: 40 }),
      await photo('b-secado.png', { r: 40, g: 120, b: 60 }),
      await photo('c-sacos.png', { r: 40, g: 60, b: 160 }),
    ]);
  await expect(page.getByRole('button', { name: 'Quitar la imagen 3' })).toBeVisible();
  for (const [i, name] of ['a-finca.png', 'b-secado.png', 'c-sacos.png'].entries()) {
    await expect(page.getByRole('img', { name: `Imagen ${i + 1}` })).toHaveAttribute('src', smallUrl.get(name)!);
  }

  // A 120 × 90 picture is refused as the cover: said at once, and the form will not save it.
  await page.unroute('**/api/uploads');
  await page
    .getByLabel('Galería de fotos: elegir archivos')
    .setInputFiles([await photo('d-mini.png', { r: 9, g: 9, b: 9 }, 120, 90)]);
  await page.getByRole('button', { name: 'Usar la imagen 4 como portada' }).click();
  const tooSmall = 'La portada debe medir al menos 1000 × 500 píxeles y esta mide 120 × 90. Elige una foto más grande.';
  await expect(page.getByRole('alert').filter({ hasText: tooSmall })).toBeVisible();
  await page.getByRole('button', { name: 'Crear lote' }).click();
  await expect(page.getByText('Revisa los campos marcados antes de guardar.')).toBeVisible();
  await expect(page).toHaveURL(/\/Lotes\/Crear$/);
  await page.getByRole('button', { name: 'Quitar la imagen 1' }).click();
  await expect(page.getByRole('alert').filter({ hasText: tooSmall })).toHaveCount(0);

  await page.getByRole('button', { name: 'Crear lote' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/productor\/Lotes$/);

  // Stored as chosen: the edit form shows the photos in the chosen order and the computed price.
  await page.getByRole('link', { name: `Editar ${nombre}` }).click();
  await expect(page.getByLabel('Nombre del lote')).toHaveValue(nombre);
  for (const [i, name] of ['a-finca.png', 'b-secado.png', 'c-sacos.png'].entries()) {
    await expect(page.getByRole('img', { name: `Imagen ${i + 1}` })).toHaveAttribute('src', smallUrl.get(name)!);
  }
  await expect(page.getByLabel('Precio por kg', { exact: true })).toHaveValue('10,42');

  // The public page reads the varieties and notes as typed, and the commission is Cereza's 4 %.
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await page.goto('/lotes');
  await page.getByRole('searchbox', { name: 'Buscar lotes' }).fill(uid);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('link', { name: nombre, exact: true }).click();
  await expect(page.getByRole('heading', { name: nombre, level: 1 })).toBeVisible();
  await expect(page.getByText('Caturra, Castillo, Tabi Rojo')).toBeVisible();
  const desglose = page.getByRole('table', { name: 'Desglose del precio por kg' });
  await expect(desglose.getByRole('row', { name: /Comisión de la plataforma/ })).toContainText('0,42 USD/kg');
  await expect(desglose.getByRole('row', { name: /Precio en finca/ })).toContainText('8,00 USD/kg');
});

test('the commission is shown as one rate on About and in the price guide', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByText('Una comisión del 4 % por cada venta.')).toBeVisible();
  await page.goto('/Guia/transparencia');
  await expect(page.getByText(/se ofrece a 8,33 USD\/kg FOB/)).toBeVisible();
});

test('opening a lot whose price agrees with its breakdown changes nothing, so leaving asks nothing', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  // 12,63 and 12,62 both agree with 10,12 + 2,00 (the commission's rounding steps between them): the stored one stays.
  const res = await request.post('/api/lotes', {
    headers: { authorization: `Bearer ${productor.token}` },
    data: {
      nombre: 'Lote de precio exacto',
      pais: 'CO',
      region: 'Huila',
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      pesoSacoKg: 70,
      precioKg: 12.63,
      desglosePrecio: { precioFinca: 10.12, costosExportacion: 2 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/Lotes');
  await page.getByRole('link', { name: 'Editar Lote de precio exacto' }).click();
  await expect(page.getByLabel('Precio por kg', { exact: true })).toHaveValue('12,63');
  await expect(page.getByText('0,51 USD/kg', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/productor\/Lotes$/);
  await expect(page.getByRole('dialog', { name: '¿Salir sin guardar?' })).toHaveCount(0);
});
