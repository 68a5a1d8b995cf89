import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, loginAs, type E2EUser } from './fixtures';

/** A demo account (docs/demo-accounts.md), signed in through the API. */
async function demo(request: APIRequestContext, email: string): Promise<E2EUser> {
  const res = await request.post('/api/auth/login', { data: { email, password: 'cereza-demo-2026' } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return { email, password: 'cereza-demo-2026', token: body.token, dataUser: body.dataUser };
}

/** Another account in the same tab: the stored session is replaced and the next page load uses it. */
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

test('both parties read on the order how Cereza resolved the buyer’s claim (decision 035)', async ({
  page,
  request,
}) => {
  const comprador = await demo(request, 'distribuidor@cereza.example');
  const productor = await demo(request, 'productor@cereza.example');
  await loginAs(page, comprador);
  await page.goto('/Dashboard/comprador/pedidos?estado=COMPLETADO');
  const item = page.locator('li[data-testid^="pedido-"]').first();
  await item.getByRole('button', { name: 'Ver detalle' }).click();
  const reclamo = item.getByRole('region', { name: 'Reclamo' });
  await expect(reclamo.getByText('Motivo del comprador: Dos sacos llegaron rotos y con café húmedo.')).toBeVisible();
  await expect(reclamo.getByTestId('resolucion-reclamo')).toContainText(/Resuelto por Cereza el /);
  await expect(reclamo.getByTestId('resolucion-reclamo')).toContainText(
    /Cereza resolvió el reclamo con un descuento de .+ sobre el total de .+: el importe a pagar queda en /,
  );
  await expect(item.getByText('Descuento por reclamo')).toBeVisible();
  const historial = item.getByRole('list', { name: 'Historial del pedido' });
  await expect(historial.getByText('Reclamo resuelto por Cereza')).toBeVisible();
  await expect(historial.getByText(/Cereza \(operador\)/)).toBeVisible();
  await expect(historial.getByText(/Resolución: descuento de /)).toBeVisible();
  const numero = (await item.getAttribute('data-testid'))!.replace('pedido-', '');

  await switchTo(page, productor, '/Dashboard/productor/ventas/pedidos?estado=COMPLETADO');
  const suyo = page.getByTestId(`pedido-${numero}`);
  await suyo.getByRole('button', { name: 'Ver detalle' }).click();
  await expect(suyo.getByRole('region', { name: 'Reclamo' }).getByTestId('resolucion-reclamo')).toContainText(
    'Cereza resolvió el reclamo con un descuento de',
  );
});
