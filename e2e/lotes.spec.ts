import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { createUser, expect, loginAs, test } from './fixtures';
import { linkPath, readMail } from './support/mail';
import { auth, demo } from './support/pedidos';

/** A real image (the server checks the bytes and re-encodes it), large enough to be a cover by default. */
const photo = async (
  name: string,
  color: { r: number; g: number; b: number },
  format: 'png' | 'jpeg',
  size = { width: 1200, height: 900 },
) => ({
  name,
  mimeType: format === 'png' ? 'image/png' : 'image/jpeg',
  buffer: await sharp({ create: { ...size, channels: 3, background: color } })
    [format]()
    .toBuffer(),
});

async function searchCatalogo(page: Page, searchText: string) {
  await page.goto('/lotes');
  await page.getByRole('searchbox', { name: 'Buscar lotes' }).fill(searchText);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${searchText}`));
}

test('a producer creates a lot with two photos, hides it, shows it, edits the price and deletes it', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  const uid = randomUUID().slice(0, 8);
  const nombre = `Lote ${uid} Pitalito`;

  await page.goto('/Dashboard/productor/Lotes/Crear');
  await expect(page.getByRole('heading', { name: 'Crear lote', level: 1 })).toBeVisible();
  // Inline validation from the shared schema, before anything is sent.
  await page.getByRole('button', { name: 'Crear lote' }).click();
  await expect(page.getByText('El nombre del lote debe tener al menos 3 caracteres.')).toBeVisible();

  await page.getByLabel('Nombre del lote').fill(nombre);
  await page.getByRole('combobox', { name: 'País' }).fill('colom');
  await page.getByRole('option', { name: 'Colombia', exact: true }).click();
  await page.getByLabel('Región').fill('Huila');
  await page.getByRole('combobox', { name: 'Variedades' }).fill('Catu');
  await page.getByRole('option', { name: 'Caturra', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Quitar Caturra' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('Proceso').selectOption({ label: 'Lavado' });
  await page.getByLabel('Mes de cosecha').selectOption({ label: 'Noviembre' });
  await page.getByLabel('Año de cosecha').selectOption('2025');
  await page.getByLabel('Precio por kg').fill('12,40');
  await page.getByLabel('Sacos disponibles').fill('40');

  await page
    .getByLabel('Galería de fotos: elegir archivos')
    .setInputFiles([
      await photo('finca.png', { r: 180, g: 40, b: 40 }, 'png'),
      await photo('secado.jpg', { r: 40, g: 120, b: 60 }, 'jpeg'),
    ]);
  await expect(page.getByRole('button', { name: 'Quitar la imagen 2' })).toBeVisible();
  await expect(page.getByText('Portada', { exact: true })).toBeVisible();
  // Choosing the cover moves that image first.
  const second = await page.getByRole('img', { name: 'Imagen 2' }).getAttribute('src');
  await page.getByRole('button', { name: 'Usar la imagen 2 como portada' }).click();
  await expect(page.getByRole('img', { name: 'Imagen 1' })).toHaveAttribute('src', second!);

  await page.getByRole('button', { name: 'Crear lote' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/productor\/Lotes$/);
  await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();

  // In the public catalogue, with its cover photo and price.
  await searchCatalogo(page, uid);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: nombre, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('12,40 USD/kg FOB')).toBeVisible();
  await expect(card.getByRole('img', { name: `Fotografía del lote ${nombre}` })).toHaveAttribute('src', /\.webp$/);

  // Hide it: gone from the catalogue.
  await page.goto('/Dashboard/productor/Lotes');
  const visible = page.getByRole('switch', { name: `Visible en el catálogo: ${nombre}` });
  await expect(visible).toHaveAttribute('aria-checked', 'true');
  await visible.click();
  await expect(page.getByRole('tab', { name: 'Ocultos (1)' })).toBeVisible();
  await searchCatalogo(page, uid);
  await expect(page.getByRole('status').filter({ hasText: 'Ningún lote encontrado' })).toBeVisible();

  // Show it again.
  await page.goto('/Dashboard/productor/Lotes');
  await page.getByRole('tab', { name: 'Ocultos (1)' }).click();
  await page.getByRole('switch', { name: `Visible en el catálogo: ${nombre}` }).click();
  await expect(page.getByRole('tab', { name: 'Ocultos (0)' })).toBeVisible();
  await searchCatalogo(page, uid);
  await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();

  // Edit the price.
  await page.goto('/Dashboard/productor/Lotes');
  await page.getByRole('link', { name: `Editar ${nombre}` }).click();
  await expect(page.getByLabel('Nombre del lote')).toHaveValue(nombre);
  await page.getByLabel('Precio por kg').fill('13,75');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/productor\/Lotes$/);
  await expect(page.getByRole('row').filter({ hasText: nombre }).getByText('13,75 USD/kg FOB')).toBeVisible();

  // Delete it, after confirming.
  await page.getByRole('button', { name: `Eliminar ${nombre}` }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar este lote?' });
  await dialog.getByRole('button', { name: 'Eliminar lote' }).click();
  await expect(page.getByRole('link', { name: nombre, exact: true })).toHaveCount(0);
  await searchCatalogo(page, uid);
  await expect(page.getByRole('status').filter({ hasText: 'Ningún lote encontrado' })).toBeVisible();
});

test('leaving the lot form with unsaved changes asks first', async ({ page, request }) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/Lotes/Crear');
  await page.getByLabel('Nombre del lote').fill('Un lote a medias');
  await page.getByRole('link', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page.getByLabel('Nombre del lote')).toHaveValue('Un lote a medias');
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await page
    .getByRole('dialog', { name: '¿Salir sin guardar?' })
    .getByRole('button', { name: 'Salir sin guardar' })
    .click();
  await expect(page).toHaveURL(/\/Dashboard\/productor\/Lotes$/);
});

test('a buyer searches with filters, opens a lot, saves it and finds it among the favourites', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  const uid = randomUUID().slice(0, 8);
  const nombre = `Sidama ${uid} natural`;
  const res = await request.post('/api/lotes', {
    headers: { authorization: `Bearer ${productor.token}` },
    data: {
      nombre,
      pais: 'ET',
      region: 'Sidama',
      variedades: ['Heirloom'],
      proceso: 'NATURAL',
      puntaje: 88.5,
      notasCata: ['Arándano', 'Jazmín'],
      precioKg: 9.5,
      pesoSacoKg: 60,
      sacosDisponibles: 20,
      // 9,50 = 6,12 + 3,00 + 0,38 (Cereza's 4 %).
      desglosePrecio: { precioFinca: 6.12, costosExportacion: 3 },
      muestra: { disponible: true, gramos: 250, precio: 0 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  const comprador = await createUser(request, 'comprador');
  await loginAs(page, comprador);
  await searchCatalogo(page, uid);
  await page.getByLabel('País de origen').selectOption({ label: 'Etiopía' });
  await page.getByRole('checkbox', { name: 'Natural', exact: true }).check();
  await page.getByLabel('Puntaje mínimo').fill('88');
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page).toHaveURL(/pais=ET/);
  await expect(page).toHaveURL(/proceso=NATURAL/);
  await expect(page.getByRole('button', { name: 'Quitar filtro: Etiopía' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 lote encontrado' })).toBeVisible();

  // A filter that excludes the lot, then relaxing it from its chip.
  await page.getByLabel('Puntaje mínimo').fill('89');
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.getByRole('heading', { name: 'No encontramos lotes con esta búsqueda' })).toBeVisible();
  await page.getByRole('button', { name: /^Quitar filtro: Puntaje/ }).click();
  await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();

  await page.getByRole('link', { name: nombre, exact: true }).click();
  await expect(page.getByRole('heading', { name: nombre, level: 1 })).toBeVisible();
  await expect(page.getByText('9,50 USD/kg FOB').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Desglose del precio por kg' })).toBeVisible();
  await expect(page.getByText('Disponible: 250 g, sin costo.')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(nombre));

  const save = page.getByRole('button', { name: 'Guardar en favoritos' });
  await save.click();
  await expect(page.getByRole('button', { name: 'Guardado en favoritos' })).toHaveAttribute('aria-pressed', 'true');

  // The back button returns to the filtered catalogue.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Quitar filtro: Etiopía' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar ${nombre} de favoritos` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/Dashboard/comprador/favoritos');
  await expect(page.getByRole('link', { name: nombre, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Quitar ${nombre} de favoritos` }).click();
  await expect(page.getByText('Aún no has guardado lotes.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explorar el catálogo' })).toHaveAttribute('href', '/lotes');
});

test('a visitor is invited to sign in from the heart, and an unknown lot is a 404', async ({ page }) => {
  await page.goto('/lotes/Filters');
  await expect(page.getByRole('heading', { name: 'Lotes de café verde' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filtros' })).toBeFocused();
  await page.getByRole('button', { name: 'Guardar en favoritos' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Guarda tus lotes favoritos' });
  await expect(dialog.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
    'href',
    /^\/Auth\/Login\?next=%2Flotes%2FFilters/,
  );

  // The gallery of a demo lot: arrow keys and thumbnails.
  await page.goto('/lotes?orden=puntaje');
  await page.getByRole('article').first().getByRole('link').first().click();
  const galeria = page.getByRole('group', { name: /Usa las flechas para cambiar de foto/ });
  await expect(galeria).toBeVisible();
  await galeria.focus();
  await page.keyboard.press('ArrowRight');
  await expect(galeria.getByText(/^Foto 2 de \d+$/)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(galeria.getByText(/^Foto 1 de \d+$/)).toBeVisible();
  await page.getByRole('button', { name: /^Ver foto 2 de/ }).click();
  await expect(galeria.getByText(/^Foto 2 de \d+$/)).toBeVisible();

  await page.goto(`/lote/${randomUUID()}`);
  await expect(
    page.getByRole('heading', { name: 'Lo sentimos, no hemos podido encontrar esta página.' }),
  ).toBeVisible();
});

test('an unknown sort or filter in the URL falls back to the default and the catalogue still shows lots', async ({
  page,
}) => {
  for (const url of ['/lotes?orden=puntaje_desc', '/lotes?proceso=NADA&puntajeMin=500&page=0']) {
    await page.goto(url);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByText('Error al obtener lotes')).toHaveCount(0);
  }
});

test('on a phone the filters open as a sheet and the catalogue fits 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/lotes');
  await expect(page.getByRole('status').filter({ hasText: /lotes? encontrados?/ })).toBeVisible();
  await page.getByRole('button', { name: /^Filtros/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filtros' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('checkbox', { name: 'Lavado', exact: true }).check();
  await sheet.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/proceso=LAVADO/);
  await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  // The detail too: the gallery's large photos must not widen the page.
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trazabilidad' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('a visitor downloads the filtered catalogue as an offer list in Excel, CSV and PDF', async ({ page }) => {
  await page.goto('/lotes?proceso=NATURAL&orden=precio_asc');
  const count = page.getByRole('status').filter({ hasText: /lotes? encontrados?/ });
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.replace(/\D/g, ''));

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar la oferta en Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^oferta-cereza-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await xlsx.path())!);
  const ws = wb.getWorksheet('Oferta')!;
  // One row per lot the filters match (every page), all of them natural, cheapest first.
  expect(ws.rowCount - 1).toBe(total);
  const procesos = new Set<unknown>();
  const precios: number[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    procesos.add(row.getCell(6).value);
    precios.push(row.getCell(8).value as number);
  });
  expect([...procesos]).toEqual(['Natural']);
  expect(precios.every((p) => typeof p === 'number')).toBe(true);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar la oferta en CSV' }).click(),
  ]);
  const { readFile } = await import('node:fs/promises');
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.trimEnd().split('\r\n')).toHaveLength(total + 1);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar la oferta en PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
});

test('a buyer saves the catalogue’s filters in one click and manages the search in his dashboard', async ({
  page,
  request,
}) => {
  const comprador = await createUser(request, 'comprador');
  await loginAs(page, comprador);
  await page.goto('/lotes?pais=KE&proceso=LAVADO&puntajeMin=85');
  await expect(page.getByRole('status').filter({ hasText: /lotes? encontrados?|Ningún lote/ })).toBeVisible();
  await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(page.getByText('Búsqueda guardada: te avisaremos cuando haya lotes nuevos que encajen.')).toBeVisible();

  await page.goto('/Dashboard/comprador/busquedas');
  const item = page.getByRole('listitem').filter({ hasText: 'Kenia · Lavado · desde 85 puntos' });
  await expect(item.getByRole('heading', { name: 'Kenia · Lavado · desde 85 puntos' })).toBeVisible();
  const email = item.getByRole('checkbox', { name: 'Avisarme también por correo' });
  await expect(email).toBeChecked();
  // The box shows the server's answer (it is disabled while the change is saved), so a click, not uncheck(): under
  // load uncheck() looked at the box before the answer came and called it unchanged.
  await email.click();
  await expect(page.getByText('Búsqueda actualizada.')).toBeVisible();
  await expect(email).not.toBeChecked();

  await item.getByRole('button', { name: /Cambiar nombre/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar el nombre de la búsqueda' });
  await dialog.getByLabel('Nombre de la búsqueda').fill('Kenias para el otoño');
  await dialog.getByRole('button', { name: 'Guardar nombre' }).click();
  await expect(page.getByRole('heading', { name: 'Kenias para el otoño' })).toBeVisible();

  await page.getByRole('link', { name: 'Ver lotes' }).click();
  await expect(page).toHaveURL(/\/lotes\?pais=KE&proceso=LAVADO&puntajeMin=85$/);

  await page.goto('/Dashboard/comprador/busquedas');
  await page.getByRole('button', { name: /Eliminar «Kenias para el otoño»/ }).click();
  await page
    .getByRole('dialog', { name: '¿Eliminar esta búsqueda?' })
    .getByRole('button', { name: 'Eliminar búsqueda' })
    .click();
  await expect(page.getByText('Aún no tienes búsquedas guardadas.')).toBeVisible();

  // The alert e-mail's link with a token that is not one: a clear Spanish answer, nothing changed.
  await page.goto('/Auth/BajaBusqueda?token=no-es-un-token');
  await expect(page.getByRole('alert')).toHaveText(
    'El enlace para dejar de recibir estos avisos no es válido o la búsqueda ya no existe.',
  );
});

test('a saved search’s daily alert arrives in the bell and as an .eml, whose one link stops its e-mails', async ({
  page,
  request,
}) => {
  // The demo buyer's «Naturales de Etiopía» was saved before the newest Ethiopian naturals were published: the
  // digest's run at the server's start-up (the scheduler, as in production) tells him of them.
  const comprador = await demo(request, 'comprador@cereza.example');
  let titulo = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/notificaciones', { headers: auth(comprador) });
      const avisos = ((await res.json()).data.notificaciones as Array<{ tipo: string; titulo: string }>).filter(
        (n) => n.tipo === 'BUSQUEDA_LOTES_NUEVOS',
      );
      titulo = avisos[0]?.titulo ?? '';
      return avisos.length;
    })
    .toBe(1);
  expect(titulo).toMatch(/^\d+ lotes? nuevos? para «Naturales de Etiopía»$/);

  // In the bell.
  await loginAs(page, comprador);
  await page.goto('/Dashboard/comprador');
  await page.getByRole('button', { name: /^Notificaciones, / }).click();
  const panel = page.getByRole('region', { name: 'Notificaciones recientes' });
  await expect(panel.getByRole('button', { name: new RegExp(titulo) })).toBeVisible();

  // As an e-mail, the .eml a mail program opens, naming the lots and carrying the one-click unsubscribe.
  const mail = await readMail('comprador@cereza.example', titulo);
  expect(mail.text).toContain('Naturales de Etiopía');
  const baja = linkPath(mail, '/Auth/BajaBusqueda');
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(baja);

  // Opening the link is the whole unsubscribe: no sign-in, no button.
  await page.goto(baja);
  await expect(page.getByRole('heading', { name: 'Avisos por correo desactivados' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('«Naturales de Etiopía»');
  await page.goto('/Dashboard/comprador/busquedas');
  const item = page.getByRole('listitem').filter({ hasText: 'Naturales de Etiopía' });
  await expect(item.getByRole('checkbox', { name: 'Avisarme también por correo' })).not.toBeChecked();
});

test("the search speaks the buyer's words, says what each lot matched, and one Tab skips to the results", async ({
  page,
}) => {
  await page.goto('/lotes');
  const search = page.getByRole('searchbox', { name: 'Buscar lotes' });
  await search.fill('Ethiopia');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=Ethiopia/);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // Every lot found is Ethiopian, and its card says so in Spanish.
  for (const card of await cards.all()) {
    await expect(card.getByText('Coincide con país Etiopía')).toBeVisible();
  }

  // From the search box, past its button, the skip link; from it, one Tab to the first lot.
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar a los resultados' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await cards.first().evaluate((card) => card.contains(document.activeElement))).toBe(true);
});
