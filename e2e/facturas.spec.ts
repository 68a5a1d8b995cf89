import { readFileSync } from 'node:fs';
import { test, expect, loginAs } from './fixtures';
import { demo } from './support/pedidos';

test('the demo buyer filters his invoices, downloads one as a PDF and reads his account movements', async ({
  page,
  request,
}) => {
  await loginAs(page, await demo(request, 'comprador@cereza.example'));
  await page.goto('/Dashboard/comprador/facturas');
  await expect(page.getByRole('heading', { name: 'Facturas', level: 1 })).toBeVisible();
  const tabla = page.getByRole('table', { name: 'Facturas recibidas' });
  // The demo orders that shipped to him: one paid (completed), at least one other. The rows are counted once they
  // are there (the header and two invoices): counted while the list loaded, they were 0 on a loaded CI host.
  await expect(tabla.getByRole('row').nth(2)).toBeVisible();
  const todas = await tabla.getByRole('row').count();
  await page.getByLabel('Estado').selectOption('PAGADA');
  await expect(tabla.getByRole('row')).not.toHaveCount(todas);
  await expect(tabla.getByText('Pagada', { exact: true }).first()).toBeVisible();
  await expect(tabla.getByText('Emitida', { exact: true })).toHaveCount(0);
  await page.getByLabel('Estado').selectOption('');
  await expect(tabla.getByRole('row')).toHaveCount(todas);
  await expect(tabla.getByRole('link', { name: /^Pedido CZ-/ }).first()).toHaveAttribute(
    'href',
    /^\/Dashboard\/comprador\/pedidos\?pedido=[0-9a-f-]{36}$/,
  );

  const boton = tabla.getByRole('button', { name: /^Descargar la factura \d{4}-\d{6} en PDF$/ }).first();
  const [descarga] = await Promise.all([page.waitForEvent('download'), boton.click()]);
  expect(descarga.suggestedFilename()).toMatch(/^factura-\d{4}-\d{6}\.pdf$/);
  const bytes = readFileSync((await descarga.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The invoice's order lists it too, with its download, in the order's detail.
  const numero = (await tabla
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Descargar la factura/ })
    .getAttribute('aria-label'))!;
  await tabla
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /^Pedido CZ-/ })
    .click();
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/pedidos\?pedido=/);
  const delPedido = page.getByRole('region', { name: 'Facturas del pedido' });
  await expect(delPedido.getByRole('button', { name: numero })).toBeVisible();
  await page.goBack();

  await page.getByRole('link', { name: 'Movimientos de cuenta' }).click();
  await expect(page).toHaveURL(/vista=movimientos/);
  const movimientos = page.getByRole('table', { name: 'Movimientos de cuenta' });
  await expect(movimientos.getByText('Factura', { exact: true }).first()).toBeVisible();
  await expect(movimientos.getByText('Pago', { exact: true }).first()).toBeVisible();
});

test('the demo producer exports his movements as CSV and opens a client’s history', async ({ page, request }) => {
  await loginAs(page, await demo(request, 'productor@cereza.example'));
  await page.goto('/Dashboard/productor/informacion/movimientos');
  await expect(page.getByRole('heading', { name: 'Movimientos', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Saldo en [A-Z]{3}:/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Facturas emitidas y comisiones de Cereza' })).toBeVisible();

  await page.getByLabel('Tipo').first().selectOption('COMISION');
  // One commission per shipped demo order (six, the claim resolved with a discount among them) and the header.
  await expect(page.getByRole('table', { name: 'Movimientos de cuenta' }).getByRole('row')).toHaveCount(7);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('movimientos.csv');
  const bytes = readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lineas = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lineas[0]).toBe('Fecha;Tipo;Concepto;Factura;Pedido;Importe;Moneda;Saldo');
  expect(lineas).toHaveLength(7);
  for (const l of lineas.slice(1)) expect(l.split(';')[5]).toMatch(/^-\d+,\d{2}$/);

  await page.goto('/Dashboard/productor/comunidad/clientes');
  const clientes = page.getByRole('table', { name: /^Clientes/ });
  await expect(clientes.getByRole('link', { name: 'Cafés Pradera Tostadores' })).toBeVisible();
  await page.getByRole('button', { name: 'Kg' }).click();
  await expect(page.getByRole('columnheader', { name: 'Kg' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Buscar').fill('pradera');
  await expect(clientes.getByRole('row')).toHaveCount(2);
  await clientes.getByRole('link', { name: 'Cafés Pradera Tostadores' }).click();
  await expect(page.getByRole('heading', { name: 'Cafés Pradera Tostadores', level: 1 })).toBeVisible();
  const historial = page
    .getByRole('region', { name: 'Historial' })
    .or(page.locator('section[aria-labelledby="historial"]'));
  await expect(historial.getByRole('link', { name: /^Pedido CZ-/ }).first()).toBeVisible();
  await expect(historial.getByRole('link', { name: /^Muestra de / }).first()).toBeVisible();
});

// The tables scrolled inside their card, but the screen-reader texts of their last columns (absolutely placed,
// their containing block outside the card) widened the page to 622 and 666 px: the card is their containing block.
test('at 360 px the buyer’s invoices and movements scroll inside their own box, not the page (issue 32)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await loginAs(page, await demo(request, 'comprador@cereza.example'));
  await page.goto('/Dashboard/comprador/facturas');
  await expect(page.getByRole('table', { name: 'Facturas recibidas' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.goto('/Dashboard/comprador/facturas?vista=movimientos');
  await expect(page.getByRole('table', { name: 'Movimientos de cuenta' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('at 360 px the producer’s movements scroll inside their own box, not the page (issue 32)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await loginAs(page, await demo(request, 'productor@cereza.example'));
  await page.goto('/Dashboard/productor/informacion/movimientos');
  await expect(page.getByRole('table', { name: 'Facturas emitidas y comisiones de Cereza' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
