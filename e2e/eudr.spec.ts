import type { Locator, Page } from '@playwright/test';
import { createUser, expect, loginAs, test } from './fixtures';
import { createLote } from './support/comercio';
import { auth, infoComercial, switchTo } from './support/pedidos';
import { apiSignIn, DEMO_TOTP } from './support/segundo-factor';

/*
 * Issue 30 end to end: a producer imports the cooperative's spreadsheet of farms, fixes the refused row on the map,
 * links the plots to a lot that becomes EUDR-ready; a buyer filters the catalogue by it, orders, downloads the
 * due-diligence pack and records his statement's numbers. And the plots' private evidence, and the risk page on a
 * phone.
 */

// Three farms near Pitalito (Huila): two points of a few hectares, and a 12 ha farm given as a point, which the
// rules refuse (above 4 ha a plot must be a polygon).
const CSV = [
  'nombre,productor,latitud,longitud,hectareas',
  'Finca La Esperanza,Ana Muñoz,1.803456,-75.881234,2.5',
  'Finca El Recreo,Luis Perdomo,1.823456,-75.861234,3',
  'Finca Los Guaduales,Marta Cruz,1.843456,-75.841234,12',
].join('\n');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function dibujarCuadrado(page: Page, mapa: Locator, lado: number) {
  await mapa.scrollIntoViewIfNeeded();
  await expect(mapa.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  const box = (await mapa.boundingBox())!;
  const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const m = lado / 2;
  for (const [dx, dy] of [
    [-m, -m],
    [m, -m],
    [m, m],
    [-m, m],
  ])
    await page.mouse.click(c.x + dx, c.y + dy);
}

test('a producer imports a CSV of farms, fixes the refused row on the map, makes an EUDR-ready lot; a buyer filters by it, orders, downloads the pack and records his statement', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const productor = await createUser(request, 'productor', { perfilData: { tipoProductor: 'COOPERATIVA' } });
  const comprador = await createUser(request, 'comprador');
  await infoComercial(request, productor, 'Cooperativa del Sur del Huila', '900765432-1');
  await infoComercial(request, comprador, 'Tostadores del Puerto S.L.', 'B12345678');
  const { id: loteId, nombre } = await createLote(request, productor, {
    cosechaInicio: '2026-04-01',
    cosechaFin: '2026-07-31',
  });

  // The spreadsheet: each row's verdict first, nothing created before confirming.
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/productores');
  await page
    .getByLabel('Archivo de parcelas')
    .setInputFiles({ name: 'socios.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 parcelas válidas y 1 rechazada.' })).toBeVisible();
  const rechazada = page.getByRole('row').filter({ hasText: 'Finca Los Guaduales' });
  await expect(rechazada.getByText('Rechazada')).toBeVisible();
  await page.getByRole('button', { name: 'Crear 2 parcelas' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 parcelas creadas; 1 fila rechazada.' })).toBeVisible();

  // The refused row, fixed on the map: the form starts from the file's row; the producer draws the farm's outline.
  await rechazada.getByRole('button', { name: 'Corregir en el mapa la fila 4 (Finca Los Guaduales)' }).click();
  const form = page.getByRole('dialog', { name: 'Añadir finca' });
  await expect(form.getByLabel('Nombre de la finca')).toHaveValue('Finca Los Guaduales');
  await expect(form.getByLabel('Nombre del productor')).toHaveValue('Marta Cruz');
  await expect(form.getByLabel('Hectáreas')).toHaveValue('12');
  await form.getByLabel('Polígono').check();
  // The row's point is where the map looks.
  await expect(form.getByLabel('Latitud del centro')).toHaveValue('1.843456');
  await form.getByLabel('Región').fill('Huila');
  await dibujarCuadrado(page, form.getByRole('region', { name: 'Mapa para dibujar el polígono' }), 140);
  await form.getByRole('button', { name: 'Cerrar el polígono' }).click();
  await form.getByRole('button', { name: 'Usar como hectáreas' }).click();
  await form.getByRole('button', { name: 'Guardar finca' }).click();
  await expect(page.getByText('Finca añadida.')).toBeVisible();
  const fincas = (await (await request.get('/api/productor/productores', { headers: auth(productor) })).json()).data
    .fincas as Array<{ id: string; nombre: string; eudr: { valida: boolean } }>;
  expect(fincas.map((f) => [f.nombre, f.eudr.valida]).sort()).toEqual([
    ['Finca El Recreo', true],
    ['Finca La Esperanza', true],
    ['Finca Los Guaduales', true],
  ]);

  // The lot names its three plots: EUDR-ready, with the badge.
  await page.goto(`/Dashboard/productor/Lotes/Edit/${loteId}`);
  for (const f of fincas) await page.getByLabel(f.nombre, { exact: false }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Lote actualizado correctamente.')).toBeVisible();
  await page.goto(`/lote/${loteId}`);
  await expect(page.getByText(/Lote listo para la EUDR: 3 parcelas con geolocalización válida/)).toBeVisible();

  // The buyer filters the catalogue by it and finds the lot, with its badge.
  await switchTo(page, comprador, `/lotes?q=${encodeURIComponent(nombre)}`);
  await page.getByLabel('Solo listos para la EUDR').check();
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page).toHaveURL(/eudr=/);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: nombre, exact: true }) });
  await expect(card.getByText('EUDR', { exact: true })).toBeVisible();

  // He orders 2 bags.
  await card.getByRole('link', { name: nombre, exact: true }).click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  const compra = page.getByRole('dialog', { name: `Comprar ${nombre}` });
  await compra.getByRole('button', { name: 'Un saco más' }).click();
  await compra.getByLabel('Forma de pago').selectOption({ label: 'Pago directo al productor' });
  await compra.getByRole('button', { name: 'Continuar' }).click();
  await compra.getByRole('button', { name: 'Confirmar reserva' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/pedidos\?pedido=/);
  const [pedido] = (await (await request.get('/api/pedidos', { headers: auth(comprador) })).json()).data.pedidos;
  const conf = await request.post(`/api/pedidos/${pedido.id}/acciones`, {
    headers: auth(productor),
    data: { accion: 'CONFIRMAR', desde: 'RESERVADO' },
  });
  expect(conf.status(), await conf.text()).toBe(200);

  // The pack and the GeoJSON, then the statement's numbers.
  await page.goto('/Dashboard/comprador/pedidos');
  const mio = page.getByTestId(`pedido-${pedido.numero}`);
  await mio.getByRole('button', { name: 'Ver detalle' }).click();
  const [pack] = await Promise.all([
    page.waitForEvent('download'),
    mio.getByRole('button', { name: 'Descargar el paquete de diligencia debida (PDF)' }).click(),
  ]);
  expect(pack.suggestedFilename()).toBe(`diligencia-debida-${pedido.numero}.pdf`);
  const bytes = await (await pack.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  const [geo] = await Promise.all([
    page.waitForEvent('download'),
    mio.getByRole('button', { name: /Descargar las parcelas \(GeoJSON/ }).click(),
  ]);
  const fc = JSON.parse(Buffer.concat(await (await geo.createReadStream()).toArray()).toString());
  expect(
    fc.features.map((f: { properties: { ProductionPlace: string } }) => f.properties.ProductionPlace).sort(),
  ).toEqual(['Finca El Recreo', 'Finca La Esperanza', 'Finca Los Guaduales']);
  await mio.getByLabel('Número de referencia').fill('26ES K4D2Q9M7XZ');
  // Seven characters pass the browser (the box has no pattern) and only the contract refuses them: its message stands
  // beside the verification number, which gets the focus (issue 32).
  const verificacion = mio.getByLabel('Número de verificación');
  await verificacion.fill('r8t3lq2');
  await mio.getByRole('button', { name: /Registrar/ }).click();
  await expect(verificacion).toBeFocused();
  await expect(verificacion).toHaveAttribute('aria-invalid', 'true');
  await expect(verificacion).toHaveAccessibleDescription('El número de verificación tiene 8 letras o cifras.');
  await expect(mio.getByLabel('Número de referencia')).not.toHaveAttribute('aria-invalid', 'true');
  await verificacion.fill('r8t3lq2w');
  await mio.getByRole('button', { name: /Registrar/ }).click();
  await expect(mio.getByText('Declaración registrada: número de referencia')).toBeVisible();
  await expect(mio.getByText('26ESK4D2Q9M7XZ')).toBeVisible();
});

test('a producer attaches a plot’s evidence (a private PDF); a buyer without an order cannot read it', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor', { perfilData: { tipoProductor: 'COOPERATIVA' } });
  const alta = await request.post('/api/productor/productores', {
    headers: auth(productor),
    data: {
      nombre: 'Finca La Esperanza',
      region: 'Huila',
      hectareas: 2.5,
      ubicacion: { type: 'Point', coordinates: [-75.881234, 1.803456] },
      variedades: [],
      certificaciones: [],
    },
  });
  expect(alta.status(), await alta.text()).toBe(201);
  const fincaId = (await alta.json()).data.finca.id as string;

  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/productores');
  await page.getByText(/^Pruebas de la parcela/).click();
  const form = page.getByRole('form', { name: 'Añadir una prueba a Finca La Esperanza' });
  await expect(page.getByText('Aún no hay pruebas de esta parcela.')).toBeVisible();
  // Each missing field says so.
  await form.getByRole('button', { name: 'Añadir la prueba' }).click();
  await expect(form.getByText('Elige el tipo de documento de la lista.')).toBeVisible();
  await expect(form.getByText('Adjunta el documento en PDF.')).toBeVisible();
  await form.getByLabel('Tipo de documento').selectOption({ label: 'Análisis de deforestación de un tercero' });
  await form.getByLabel('Descripción').fill('Cobertura arbórea 2020-2026, Satelligence');
  await form
    .getByLabel('Documento (PDF)')
    .setInputFiles({ name: 'analisis.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Añadir la prueba' }).click();
  await expect(page.getByText('Documento añadido a la parcela.')).toBeVisible();
  const lista = page.getByRole('list', { name: 'Pruebas de Finca La Esperanza' });
  await expect(lista.getByText('Análisis de deforestación de un tercero')).toBeVisible();
  await expect(lista.getByRole('link', { name: 'analisis.pdf' })).toBeVisible();

  const extrano = await createUser(request, 'comprador');
  expect((await request.get(`/api/fincas/${fincaId}/evidencias`, { headers: auth(extrano) })).status()).toBe(404);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the operator’s country risk page and a lot’s EUDR section fit a phone without sideways scrolling', async ({
    page,
    request,
  }) => {
    const operador = await apiSignIn(request, 'operador@cereza.example', 'cereza-demo-2026', DEMO_TOTP.operador);
    await loginAs(page, { ...operador, email: 'operador@cereza.example', password: '' });
    await page.goto('/Dashboard/operador/riesgo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Colombia', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const lotes = (await (await request.get('/api/lotes?eudr=true&limit=1')).json()).data.lotes;
    expect(lotes.length).toBe(1);
    await page.goto(`/lote/${lotes[0].id}`);
    await expect(
      page.getByRole('heading', { name: 'Reglamento europeo contra la deforestación (EUDR)' }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
