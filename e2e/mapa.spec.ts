import type { Locator, Page } from '@playwright/test';
import { createUser, expect, loginAs, test } from './fixtures';

/*
 * The plots' map (issue 30): Leaflet with OpenStreetMap tiles (a blank local tile in tests, fixtures.ts). A producer
 * draws a plot's polygon on the map by mouse, and on a phone by touch, and saves a plot the server finds valid.
 */

/** A square of about 360 m a side around the map's centre (zoom 16 near the equator: about 2,4 m a pixel). */
const CUADRADO = [
  [-75, -75],
  [75, -75],
  [75, 75],
  [-75, 75],
] as const;

async function abrirFormulario(page: Page) {
  const productor = await createUser(page.request, 'productor', { perfilData: { tipoProductor: 'COOPERATIVA' } });
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/productores');
  await page.getByRole('button', { name: 'Añadir finca' }).click();
  const form = page.getByRole('dialog', { name: 'Añadir finca' });
  await form.getByLabel('Nombre de la finca').fill('Finca El Mirador');
  await form.getByLabel('Región').fill('Huila');
  await form.getByLabel('Polígono').check();
  // Pitalito, Huila: the map looks there.
  await form.getByLabel('Latitud del centro').fill('1,851234');
  await form.getByLabel('Longitud del centro').fill('-76,061234');
  const mapa = form.getByRole('region', { name: 'Mapa para dibujar el polígono' });
  await expect(mapa).toBeVisible();
  // The tiles asked for are OpenStreetMap's, answered locally.
  await expect(mapa.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  return { form, mapa, productor };
}

/** The map's centre on the screen, read again whenever the text around it may have moved it. */
async function centroDe(mapa: Locator) {
  await mapa.scrollIntoViewIfNeeded();
  const box = (await mapa.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const verticesEscritos = async (form: Locator) =>
  (await form.getByLabel(/Vértices/).inputValue()).split('\n').filter(Boolean);

async function saveValida(page: Page, form: Locator) {
  await form.getByRole('button', { name: 'Usar como hectáreas' }).click();
  await expect(form.getByLabel('Hectáreas')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Guardar finca' }).click();
  await expect(page.getByText('Finca añadida.')).toBeVisible();
  const tarjeta = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Finca El Mirador' }) });
  await expect(tarjeta.getByText('Parcela lista para la EUDR')).toBeVisible();
  // The dashboard's map draws the saved plot.
  const mapa = page.getByRole('region', { name: 'Mapa de las fincas' });
  await expect(mapa.locator('path.leaflet-interactive')).toHaveCount(1);
}

test('a producer draws a plot on the map with the mouse, drags a vertex and saves a valid plot', async ({ page }) => {
  const { form, mapa, productor } = await abrirFormulario(page);
  let centro = await centroDe(mapa);
  for (const [dx, dy] of CUADRADO) await page.mouse.click(centro.x + dx, centro.y + dy);
  expect(await verticesEscritos(form)).toHaveLength(4);
  await expect(form.getByRole('status').filter({ hasText: 'Área del polígono' })).toBeVisible();

  // A click on the first vertex closes the ring; further clicks on the map add nothing.
  await mapa.getByTitle('Vértice 1: toca o haz clic para cerrar el polígono').click();
  await expect(form.getByText('Polígono cerrado: arrastra un vértice para moverlo.')).toBeVisible();
  centro = await centroDe(mapa);
  await page.mouse.click(centro.x + 10, centro.y + 10);
  expect(await verticesEscritos(form)).toHaveLength(4);

  // Dragging the third vertex outwards moves it: its line in the coordinates field changes.
  const antes = await verticesEscritos(form);
  await page.mouse.move(centro.x + 75, centro.y + 75);
  await page.mouse.down();
  await page.mouse.move(centro.x + 95, centro.y + 90, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => verticesEscritos(form)).not.toEqual(antes);
  const despues = await verticesEscritos(form);
  expect(despues.filter((l, i) => l !== antes[i])).toHaveLength(1);
  expect(despues[2]).not.toBe(antes[2]);

  await saveValida(page, form);
  const [finca] = (
    await (
      await page.request.get('/api/productor/productores', { headers: { authorization: `Bearer ${productor.token}` } })
    ).json()
  ).data.fincas;
  expect(finca.ubicacion.type).toBe('Polygon');
  expect(finca.ubicacion.coordinates[0]).toHaveLength(5);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a producer taps the vertices, taps the first to close, drags one with a finger and saves a valid plot', async ({
    page,
  }) => {
    const { form, mapa } = await abrirFormulario(page);
    let c = await centroDe(mapa);
    for (const [dx, dy] of CUADRADO) await page.touchscreen.tap(c.x + dx * 0.8, c.y + dy * 0.8);
    await expect.poll(() => verticesEscritos(form)).toHaveLength(4);
    await mapa.getByTitle('Vértice 1: toca o haz clic para cerrar el polígono').tap();
    await expect(form.getByText('Polígono cerrado: arrastra un vértice para moverlo.')).toBeVisible();

    // A finger drags the second vertex (touch events, as a phone sends them).
    c = await centroDe(mapa);
    const antes = await verticesEscritos(form);
    const cdp = await page.context().newCDPSession(page);
    const desde = { x: c.x + 75 * 0.8, y: c.y - 75 * 0.8 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [desde] });
    for (let i = 1; i <= 5; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: desde.x + 4 * i, y: desde.y - 4 * i }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => verticesEscritos(form)).not.toEqual(antes);
    expect((await verticesEscritos(form))[1]).not.toBe(antes[1]);

    await saveValida(page, form);
  });
});
