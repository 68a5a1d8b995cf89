import { randomUUID } from 'node:crypto';
import { test, expect, createUser, loginAs } from './fixtures';
import { createLote, reservar } from './support/comercio';
import { auth } from './support/pedidos';

/*
 * The purchase planner adds money only within one currency (issue 25 §3): an order in COP and one in USD on the same
 * line are two amounts, never "3.500.525", and the plan's totals are one per currency.
 */

test('a plan with an order in COP and one in USD shows the spend per currency, on the line and in the totals', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  const comprador = await createUser(request, 'comprador');
  const uid = randomUUID().slice(0, 6);
  const cop = await createLote(request, productor, {
    nombre: `Castillo en pesos ${uid}`,
    moneda: 'COP',
    precioKg: 25000,
    desglosePrecio: null,
  });
  const usd = await createLote(request, productor, {
    nombre: `Caturra en dólares ${uid}`,
    precioKg: 7.5,
    desglosePrecio: null,
  });
  // 2 × 70 kg × 25.000 COP = 3.500.000 COP; 1 × 70 kg × 7,50 USD = 525 USD.
  const pedidoCop = await reservar(request, comprador, cop.id, { sacos: 2 });
  const pedidoUsd = await reservar(request, comprador, usd.id, { sacos: 1 });

  const anio = new Date().getFullYear() + 1;
  const plan = await request.post('/api/planificadores', {
    headers: auth(comprador),
    data: { anio, nombre: `Compras ${anio}` },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = (await plan.json()).data.plan.id as string;
  const componente = `Espresso ${uid}`;
  const linea = await request.post(`/api/planificadores/${planId}/lineas`, {
    headers: auth(comprador),
    data: { componente, origen: 'CO', periodo: `${anio}-Q2`, kgObjetivo: 1400, presupuesto: 10000, moneda: 'USD' },
  });
  expect(linea.status(), await linea.text()).toBe(201);
  const lineaId = (await linea.json()).data.linea.id as string;
  const vinculo = await request.post(`/api/planificadores/lineas/${lineaId}/pedidos`, {
    headers: auth(comprador),
    data: { pedidoId: pedidoCop.id },
  });
  expect(vinculo.status(), await vinculo.text()).toBe(200);

  // The buyer links the USD order in the page.
  await loginAs(page, comprador);
  await page.goto('/Dashboard/comprador/planificadores');
  const item = page.getByTestId('plan-linea').filter({ hasText: componente });
  await item.getByRole('button', { name: 'Vincular pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vincular un pedido' });
  // The order already in the line is not offered again (issue 32: it was, and linking it did nothing).
  const elegir = dialog.getByLabel(`Pedido para «${componente}»`);
  await expect(elegir.locator('option')).toHaveText([new RegExp(`^${pedidoUsd.numero} · `)]);
  await elegir.selectOption(pedidoUsd.id);
  await dialog.getByRole('button', { name: 'Vincular' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item.getByRole('link', { name: pedidoUsd.numero })).toBeVisible();
  // With both in the line, there is nothing left to offer, and the dialog says so.
  await item.getByRole('button', { name: 'Vincular pedido' }).click();
  await expect(dialog.getByText('Todos tus pedidos ya están vinculados a esta línea.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Vincular' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The line: its currency's spend against its budget, the other currency beside it, never added.
  await expect(item.getByTestId('gasto')).toHaveText(
    '525,00 USD de 10.000,00 USD' + 'y 3.500.000,00 COP en pedidos en COP',
  );
  // The plan's totals, one per currency.
  const totales = page.getByRole('region', { name: 'Gasto del plan por moneda' });
  await expect(totales.getByRole('listitem')).toHaveText([
    'COP: 3.500.000,00 COP gastados',
    'USD: 525,00 USD gastados de 10.000,00 USD',
  ]);
  await expect(page.getByText(/3\.500\.525/)).toHaveCount(0);
});

test('a plan line the server refuses names the field and puts the focus on it (issue 32)', async ({
  page,
  request,
}) => {
  const comprador = await createUser(request, 'comprador');
  const anio = new Date().getFullYear() + 1;
  const plan = await request.post('/api/planificadores', {
    headers: auth(comprador),
    data: { anio, nombre: `Compras ${anio}` },
  });
  expect(plan.status(), await plan.text()).toBe(201);

  await loginAs(page, comprador);
  await page.goto('/Dashboard/comprador/planificadores');
  await page.getByRole('button', { name: 'Añadir línea' }).click();
  // A blank component passes the browser (no attribute asks for it) and only the contract refuses it.
  const componente = page.getByLabel(/^Componente/);
  await componente.fill('   ');
  await page.getByLabel('Kg objetivo').fill('1.200');
  await page.getByRole('button', { name: 'Guardar línea' }).click();
  await expect(componente).toBeFocused();
  await expect(componente).toHaveAttribute('aria-invalid', 'true');
  await expect(componente).toHaveAccessibleDescription('El componente es obligatorio.');
  await expect(page.getByText('Los datos enviados no son válidos.')).toHaveCount(0);
  await componente.fill('Base de filtro');
  await page.getByRole('button', { name: 'Guardar línea' }).click();
  await expect(page.getByTestId('plan-linea').filter({ hasText: 'Base de filtro' })).toBeVisible();
});
