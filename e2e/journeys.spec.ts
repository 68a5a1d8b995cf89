import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { createUser, expect, loginAs, test, type E2EUser } from './fixtures';

/*
 * Issue 16: the places where a visitor, a buyer or a producer got stuck, lost what they did or could not
 * reach a control, each done again the way the person did it.
 */

async function createLote(request: APIRequestContext, productor: E2EUser, nombre: string) {
  const res = await request.post('/api/lotes', {
    headers: { authorization: `Bearer ${productor.token}` },
    data: {
      nombre,
      pais: 'CO',
      region: 'Huila',
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      puntaje: 86.5,
      notasCata: ['Panela'],
      precioKg: 36.93,
      pesoSacoKg: 70,
      sacosDisponibles: 12,
      // 36,93 = 30,45 + 5,00 + 1,48 (Cereza's 4 %): figures long enough to wrap on a phone.
      desglosePrecio: { precioFinca: 30.45, costosExportacion: 5 },
      muestra: { disponible: true, gramos: 250, precio: 0 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.lote as { id: string };
}

/** Whether the element lies inside the viewport's width (not cut off at the right edge). */
const withinWidth = async (locator: Locator, width: number) => {
  const box = await locator.boundingBox();
  expect(box, 'the control is laid out').not.toBeNull();
  return box!.x >= 0 && box!.x + box!.width <= width;
};

test.describe('dead ends', () => {
  test('a visitor clicks a heart, signs in, and comes back to the lot saved in the favourites', async ({
    page,
    request,
  }) => {
    const productor = await createUser(request, 'productor');
    const nombre = `Pitalito ${randomUUID().slice(0, 8)}`;
    const lote = await createLote(request, productor, nombre);
    const comprador = await createUser(request, 'comprador');

    await page.goto(`/lote/${lote.id}`);
    await page.getByRole('button', { name: 'Guardar en favoritos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Guarda tus lotes favoritos' });
    await dialog.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.getByLabel('Correo electrónico').fill(comprador.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(comprador.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    // Back on the lot, the favourite the visitor asked for is saved, without a second click.
    await expect(page).toHaveURL(new RegExp(`/lote/${lote.id}$`));
    await expect(page.getByRole('button', { name: 'Guardado en favoritos' })).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => {
        const res = await request.get('/api/favoritos', { headers: { authorization: `Bearer ${comprador.token}` } });
        return JSON.stringify(await res.json());
      })
      .toContain(lote.id);
    // Once: reloading the page does not save (or toggle) it again.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Guardado en favoritos' })).toBeVisible();
  });

  test('a visitor clicks a heart in the catalogue, creates a buyer account, and the lot is saved', async ({
    page,
    request,
  }) => {
    const productor = await createUser(request, 'productor');
    const uid = randomUUID().slice(0, 8);
    const nombre = `Acevedo ${uid}`;
    await createLote(request, productor, nombre);

    await page.goto(`/lotes?q=${uid}`);
    const card = page.getByRole('article').filter({ hasText: nombre });
    await card.getByRole('button', { name: 'Guardar en favoritos' }).click();
    await page
      .getByRole('dialog', { name: 'Guarda tus lotes favoritos' })
      .getByRole('link', { name: 'Crear una cuenta' })
      .click();
    await expect(page).toHaveURL(/\/Auth\/Registro\?/);
    // The account type comes chosen: hearts are for buyers.
    await expect(page.getByRole('radio', { name: 'Comprador' })).toBeChecked();
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Apellido', { exact: true }).fill('Ferrer');
    await page.getByLabel('Correo electrónico').fill(`e2e-corazon-${uid}@example.com`);
    await page.getByLabel('Contraseña', { exact: true }).fill('tueste-claro-de-altura-2026');
    await page.getByRole('button', { name: 'Registrarse' }).click();

    // Back in the same search; the profile modal asks for the company, and the lot is already saved.
    await expect(page).toHaveURL(new RegExp(`/lotes\\?q=${uid}$`));
    await page
      .getByRole('dialog', { name: 'Completa tu perfil de comprador' })
      .getByRole('button', { name: 'Cerrar' })
      .click();
    await expect(card.getByRole('button', { name: `Quitar ${nombre} de favoritos` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a producer who closed the complete-profile modal finds "Completar perfil" where the lots are refused', async ({
    page,
    request,
  }) => {
    const productor = await createUser(request, 'productor', { perfil: false });
    await loginAs(page, productor);
    await page.goto('/Dashboard/productor/Lotes');
    const modal = page.getByRole('dialog', { name: 'Completa tu perfil de productor' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await expect(modal).toBeHidden();

    const alert = page.getByRole('alert').filter({ hasText: 'Completa tu perfil antes de continuar.' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Completar perfil' }).click();
    await expect(modal).toBeVisible();

    // "Crear lote" says so before the form is filled in, with the same way forward.
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('link', { name: 'Crear lote' }).click();
    const note = page.getByRole('note').filter({ hasText: 'Completa tu perfil antes de continuar.' });
    await note.getByRole('button', { name: 'Completar perfil' }).click();
    await expect(modal).toBeVisible();

    // Put off once, it stays put off for the session: another page load does not bring it back (issue 32).
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await page.goto('/Dashboard/productor');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Completar perfil' }).first()).toBeVisible();
    await expect(modal).toBeHidden();
  });

  test('the complete-profile modal never opens over the account’s deletion, and still does elsewhere (issue 32)', async ({
    page,
    request,
  }) => {
    const comprador = await createUser(request, 'comprador', { perfil: false });
    await loginAs(page, comprador);
    await page.goto('/Dashboard/comprador/usuario/EliminarCuenta');
    await page.waitForLoadState('networkidle');
    const modal = page.getByRole('dialog', { name: 'Completa tu perfil de comprador' });
    // Who is leaving is not asked to complete anything: the form is there to be used, with nothing over it.
    await page.getByLabel('Escribe ELIMINAR para confirmar').fill('ELIMINAR');
    await expect(page.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' })).toBeVisible();
    await expect(modal).toHaveCount(0);
    // Nothing put it off for the session: the next page load in the dashboard asks.
    await page.goto('/Dashboard/comprador');
    await expect(modal).toBeVisible();
  });

  test('"Leer la noticia" on the home page opens that article, and its excerpt reads as text', async ({
    page,
    request,
  }) => {
    const productor = await createUser(request, 'productor');
    const titulo = `Cosecha ${randomUUID().slice(0, 8)}`;
    const res = await request.post('/api/productor/noticias', {
      data: {
        titulo,
        cuerpo: 'Empieza la cosecha **principal**. Recogemos:\n\n- Caturra\n- Castillo\n\nGracias a todos.',
        publicada: true,
      },
      headers: { authorization: `Bearer ${productor.token}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    const noticia = (await res.json()).data.noticia as { id: string };

    await page.goto('/');
    const item = page
      .getByRole('region', { name: 'Noticias de los productores' })
      .getByRole('listitem')
      .filter({ hasText: titulo });
    await expect(item).toContainText('Empieza la cosecha principal. Recogemos: Caturra; Castillo; Gracias a todos.');
    await item.getByRole('link', { name: `Leer la noticia: ${titulo}` }).click();

    await expect(page).toHaveURL(new RegExp(`/perfil/${productor.dataUser.id}/Noticias#noticia-${noticia.id}$`));
    const heading = page.getByRole('heading', { name: titulo });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });

  test('the news page lights one section of the dashboard, not two', async ({ page, request }) => {
    const productor = await createUser(request, 'productor');
    await loginAs(page, productor);
    await page.goto('/Dashboard/productor/perfil/Noticias');
    const nav = page.getByRole('navigation', { name: 'Panel de productor' });
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Noticias' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/Dashboard/productor/perfil/about');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Perfil público' })).toHaveAttribute('aria-current', 'page');
  });

  test('the catalogue refuses a minimum above the maximum in Spanish, in view, and "Borrar" applies', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/lotes');
    const panel = page.getByRole('form', { name: 'Filtros' });
    await panel.getByLabel('Puntaje mínimo').fill('90');
    await panel.getByLabel('Puntaje máximo').fill('85');
    await panel.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page.getByText('El puntaje mínimo no puede superar al máximo.')).toBeInViewport();
    await expect(page.getByRole('alert').filter({ hasText: 'Revisa los filtros marcados' })).toBeVisible();
    await expect(panel.getByLabel('Puntaje mínimo')).toBeFocused();
    await expect(page).toHaveURL(/\/lotes$/);

    // Out of range: the app's own message, not the browser's English bubble (the form is noValidate).
    await panel.getByLabel('Puntaje mínimo').fill('');
    await panel.getByLabel('Puntaje máximo').fill('120');
    await panel.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page.getByText('El puntaje máximo debe ser como máximo 100.')).toBeVisible();
    expect(await panel.getByLabel('Puntaje máximo').evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');

    // A valid filter applies; focus goes to the results' count, so the next Tab is the first lot.
    await panel.getByLabel('Puntaje máximo').fill('');
    await panel.getByLabel('Puntaje mínimo').fill('80');
    await panel.getByRole('checkbox', { name: 'Solo lotes verificados' }).check();
    await panel.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page).toHaveURL(/puntajeMin=80/);
    await expect(page.getByRole('button', { name: 'Quitar filtro: Solo verificados' })).toBeVisible();
    await expect(page.locator('#resultados')).toBeFocused();
    await expect(page.locator('#resultados')).toContainText(/lotes? encontrados?|Ningún lote/);

    // "Borrar" empties the form and the search: the chips and the URL follow at once.
    await panel.getByRole('button', { name: 'Borrar' }).click();
    await expect(page).toHaveURL(/\/lotes$/);
    await expect(page.getByRole('button', { name: /^Quitar filtro/ })).toHaveCount(0);
    await expect(panel.getByLabel('Puntaje mínimo')).toHaveValue('');
  });

  test('help search results appear under the search box, in view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ayuda');
    await page.getByRole('searchbox', { name: 'Buscar en la ayuda' }).fill('muestra');
    const heading = page.getByRole('heading', { level: 2, name: 'Resultados de la búsqueda' });
    await expect(heading).toBeInViewport();
    const [results, categorias] = await Promise.all([
      heading.boundingBox(),
      page.getByRole('heading', { level: 2, name: 'Categorías' }).boundingBox(),
    ]);
    expect(results!.y).toBeLessThan(categorias!.y);

    // Browsing by category: the chosen category's questions get the focus, wherever they are on the page.
    await page.getByRole('searchbox', { name: 'Buscar en la ayuda' }).fill('');
    await page.getByRole('button', { name: /^Ver \d+ preguntas de Cuenta y seguridad/ }).click();
    const chosen = page.getByRole('heading', { level: 2, name: 'Cuenta y seguridad' });
    await expect(chosen).toBeFocused();
    await expect(chosen).toBeInViewport();
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a visitor finds "Registrarse" in the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Principal (móvil)' });
    await menu.getByRole('link', { name: 'Registrarse' }).click();
    await expect(page).toHaveURL(/\/Auth\/Registro$/);
  });

  test('a producer reaches every dashboard section from the sections button', async ({ page, request }) => {
    const productor = await createUser(request, 'productor');
    await loginAs(page, productor);
    await page.goto('/Dashboard/productor');
    const button = page.getByRole('button', { name: /Panel de productor: Resumen/ });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const nav = page.getByRole('navigation', { name: 'Panel de productor' });
    const links = nav.getByRole('link');
    await expect(links.first()).toBeVisible();
    // Every section, and the button says how many there are.
    const count = await links.count();
    expect(count).toBeGreaterThan(7);
    await expect(button).toContainText(`${count} secciones`);
    for (const link of await links.all()) {
      await expect(link).toBeVisible();
      expect(await withinWidth(link, 360)).toBe(true);
    }
    // Escape closes the list and gives the focus back to the button.
    await links.last().focus();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await nav.getByRole('link', { name: 'Movimientos' }).click();
    await expect(page).toHaveURL(/\/informacion\/movimientos$/);
    await expect(page.getByRole('button', { name: /Panel de productor: Movimientos/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('"Mis lotes" and "Inventario" show every control of a lot within the screen', async ({ page, request }) => {
    const productor = await createUser(request, 'productor');
    const nombre = `Lote estrecho ${randomUUID().slice(0, 8)}`;
    await createLote(request, productor, nombre);
    await loginAs(page, productor);

    await page.goto('/Dashboard/productor/Lotes');
    for (const control of [
      page.getByRole('switch', { name: `Visible en el catálogo: ${nombre}` }),
      page.getByRole('link', { name: `Editar ${nombre}` }),
      page.getByRole('button', { name: `Eliminar ${nombre}` }),
    ]) {
      await expect(control).toBeVisible();
      expect(await withinWidth(control, 360)).toBe(true);
    }
    await page.getByRole('switch', { name: `Visible en el catálogo: ${nombre}` }).click();
    await expect(page.getByRole('tab', { name: /Ocultos \(1\)/ })).toBeVisible();

    await page.goto('/Dashboard/productor/inventario');
    const mas = page.getByRole('button', { name: `Añadir un saco a ${nombre}` });
    const save = page.getByRole('button', { name: `Guardar sacos de ${nombre}` });
    for (const control of [mas, save, page.getByRole('button', { name: `Quitar un saco de ${nombre}` })]) {
      await expect(control).toBeVisible();
      expect(await withinWidth(control, 360)).toBe(true);
    }
    await mas.click();
    await save.click();
    await expect(page.getByLabel(`Sacos disponibles de ${nombre}`).filter({ visible: true })).toHaveValue('13');
    await expect(save).toBeDisabled();
  });

  test('the price breakdown keeps each figure on one line, and a photo opens full screen with zoom', async ({
    page,
    request,
  }) => {
    const productor = await createUser(request, 'productor');
    const nombre = `Desglose ${randomUUID().slice(0, 8)}`;
    const lote = await createLote(request, productor, nombre);
    await page.goto(`/lote/${lote.id}`);
    const table = page.getByRole('table', { name: 'Desglose del precio por kg' });
    await expect(table).toBeVisible();
    const lines = await table.locator('td').evaluateAll((cells) =>
      cells
        .filter((c) => c.textContent?.trim())
        .map((c) => {
          const range = document.createRange();
          range.selectNodeContents(c);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { text: c.textContent, lines: tops.size };
        }),
    );
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l, `${l.text} on one line`).toMatchObject({ lines: 1 });

    // The demo lot has photos; this one has none, so use a lot of the demo catalogue for the gallery.
    const demo = (await (await request.get('/api/lotes?limit=1')).json()).data.lotes[0];
    await page.goto(`/lote/${demo.id}`);
    const open = page.getByRole('button', { name: 'Ver la foto 1 a pantalla completa' });
    await open.click();
    const viewer = page.getByRole('dialog', { name: /pantalla completa/ });
    await expect(viewer).toBeVisible();
    const photo = viewer.getByRole('img');
    const before = (await photo.boundingBox())!.width;
    await viewer.getByRole('button', { name: 'Acercar' }).click();
    await expect.poll(async () => (await photo.boundingBox())!.width).toBeGreaterThan(before * 1.5);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('keyboard', () => {
  test('a lot title shows its focus ring, and opening a lot moves the focus to its heading', async ({ page }) => {
    await page.goto('/lotes');
    const title = page.getByRole('article').first().getByRole('heading', { level: 3 }).getByRole('link');
    await title.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(title).toBeFocused();
    const outline = await title.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    const nombre = (await title.textContent())!.trim();

    await page.keyboard.press('Enter');
    const h1 = page.getByRole('heading', { level: 1, name: nombre });
    await expect(h1).toBeFocused();
  });

  test('the account menu answers the arrow keys and Escape', async ({ page, request }) => {
    const comprador = await createUser(request, 'comprador');
    await loginAs(page, comprador);
    await page.goto('/lotes');
    const button = page.getByRole('button', { name: /^Menú de / });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // The menu keeps the focus and points at the active item (aria-activedescendant), as the ARIA pattern allows.
    const active = () =>
      menu.evaluate((m) => document.getElementById(m.getAttribute('aria-activedescendant') ?? '')?.textContent);
    await expect.poll(active).toBe('Mi panel');
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe('Mi cuenta');
    await page.keyboard.press('End');
    await expect.poll(active).toBe('Cerrar sesión');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Dashboard\/comprador\/usuario$/);
  });
});

test.describe('words', () => {
  // An English browser: its own date field would read mm/dd/yyyy.
  test.use({ locale: 'en-US' });

  test('the buyer profile date reads day, month by name, year', async ({ page, request }) => {
    const comprador = await createUser(request, 'comprador');
    await loginAs(page, comprador);
    await page.goto('/Dashboard/comprador/usuario');
    const fecha = page.getByRole('group', { name: 'En actividad desde' });
    await expect(fecha.getByLabel('En actividad desde: día')).toHaveValue('1');
    await expect(fecha.getByLabel('En actividad desde: mes').locator('option:checked')).toHaveText('Mayo');
    await expect(fecha.getByLabel('En actividad desde: año')).toHaveValue('2016');
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
  });
});
