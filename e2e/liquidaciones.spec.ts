import { test, expect, createUser, loginAs, E2E_PASSWORD } from './fixtures';
import { DEMO_PASSWORD, demo } from './support/pedidos';
import { DEMO_TOTP, passSecondFactor } from './support/segundo-factor';
import { signIn } from './support/accounts';
import { expectAccessible } from './support/axe';

/*
 * Payouts to producers (issue 29, docs/decisions/056 and 057) on the demo data: the producer's payout account and
 * "Cobros y liquidaciones"; the operator's batch of what is due, downloaded as pain.001 and marked sent.
 */

test('the producer reads what Cereza owes him and his confirmed payout with its statement', async ({
  page,
  request,
}) => {
  const productor = await demo(request, 'productor@cereza.example');
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/informacion/movimientos');
  const cobros = page.getByRole('region', { name: 'Cobros y liquidaciones' });
  await expect(cobros.getByText(/Pendiente de liquidar \(/).first()).toBeVisible();
  const liquidaciones = cobros.getByRole('table', { name: 'Liquidaciones' });
  await expect(liquidaciones.getByText('Pagada (confirmada por el banco)').first()).toBeVisible();
  const descarga = page.waitForEvent('download');
  await liquidaciones
    .getByRole('button', { name: /Descargar el extracto de la liquidación/ })
    .first()
    .click();
  expect((await descarga).suggestedFilename()).toMatch(/^liquidacion-CZR-.+\.pdf$/);
  // The ledger shows the transfer.
  await expect(page.getByRole('row', { name: /Liquidación de Cereza/ }).first()).toBeVisible();
});

test('recording and changing the payout account asks for the password and holds payouts for 48 hours', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/usuario/InformacionComercial');
  const seccion = page.getByRole('region', { name: 'Cuenta de cobro' });
  await expect(seccion.getByText('Aún no tienes cuenta de cobro: sin ella no podemos pagarte.')).toBeVisible();
  await seccion.getByLabel('Cuenta fuera de la zona SEPA').check();
  await seccion.getByLabel('Titular de la cuenta').fill('Finca Los Naranjos SAS');
  await seccion.getByLabel('Nombre del banco').fill('Bancolombia');
  await seccion.getByLabel('Número de cuenta').fill('123-456789-01');
  await seccion.getByLabel('País del banco').selectOption('CO');
  await seccion.getByLabel('BIC (SWIFT)').fill('COLOCOBMXXX');
  await seccion.getByLabel('Tu contraseña').fill(E2E_PASSWORD);
  await seccion.getByRole('button', { name: 'Guardar la cuenta de cobro' }).click();
  await expect(seccion.getByText(/Cuenta nueva: por seguridad no te enviaremos pagos a ella hasta el/)).toBeVisible();

  await seccion.getByLabel('Cuenta SEPA (IBAN)').check();
  await seccion.getByLabel('Titular de la cuenta').fill('Finca Los Naranjos SAS');
  await seccion.getByLabel('IBAN', { exact: true }).fill('ES91 2100 0418 4502 0005 1333');
  await seccion.getByLabel('BIC (SWIFT)').fill('CAIXESBBXXX');
  await seccion.getByLabel('Tu contraseña').fill(E2E_PASSWORD);
  await seccion.getByRole('button', { name: 'Cambiar la cuenta de cobro' }).click();
  await expect(
    seccion.getByText('El IBAN no es válido: revisa las cifras de control y el país.').first(),
  ).toBeVisible();
  await seccion.getByLabel('IBAN', { exact: true }).fill('ES91 2100 0418 4502 0005 1332');
  await seccion.getByLabel('Tu contraseña').fill('no-es-la-clave');
  await seccion.getByRole('button', { name: 'Cambiar la cuenta de cobro' }).click();
  await expect(seccion.getByRole('alert').first()).toContainText(/contraseña/i);
  await seccion.getByLabel('Tu contraseña').fill(E2E_PASSWORD);
  await seccion.getByRole('button', { name: 'Cambiar la cuenta de cobro' }).click();
  await expect(seccion.getByText('ES•• •••• 1332')).toBeVisible();
  await expect(seccion.getByText(/Cuentas anteriores \(1\)/)).toBeVisible();
});

test('the operator batches what is due into a pain.001 file and marks it sent', async ({ page }) => {
  // Password, then the authenticator's code, as the operator signs in (docs/decisions/045).
  await page.goto('/auth/login');
  await signIn(page, 'operador@cereza.example', DEMO_PASSWORD);
  await passSecondFactor(page, DEMO_TOTP.operador);
  await page.goto('/Dashboard/operador/liquidaciones');
  await expect(page.getByRole('heading', { name: 'Liquidaciones a productores' })).toBeVisible();
  const pendiente = page.getByRole('table', { name: 'Pendiente de liquidar por productor' });
  await expect(pendiente.getByText(/^Lista \(/).first()).toBeVisible();
  await page.getByLabel('Motivo de la remesa (queda en la auditoría)').fill('Remesa de la prueba');
  await page.getByRole('button', { name: /^Generar remesa/ }).click();
  // Said twice, as a toast and beside the form (it stays when the result replaces the form).
  await expect(
    page.getByText('Remesa generada: descarga el fichero pain.001 y envíalo a tu banco.').first(),
  ).toBeVisible();
  const remesas = page.getByRole('table', { name: 'Remesas generadas' });
  // A batch not yet sent can be cancelled (decision 067): what it held is due again, for the next one.
  await remesas
    .getByRole('row')
    .filter({ hasText: 'Generada (sin enviar al banco)' })
    .first()
    .getByRole('button', { name: 'Detalle' })
    .click();
  await page.getByLabel('Motivo para anularla sin enviarla (queda en la auditoría)').fill('Fecha de ejecución errónea');
  await page.getByRole('button', { name: 'Anular la remesa' }).click();
  await expect(
    page.getByText('Remesa anulada: sus pagos vuelven a estar pendientes de liquidar.').first(),
  ).toBeVisible();
  await expect(remesas.getByText('Anulada (no se envió)').first()).toBeVisible();
  await expect(pendiente.getByText(/^Lista \(/).first()).toBeVisible();
  await page.getByLabel('Motivo de la remesa (queda en la auditoría)').fill('Remesa de la prueba, otra vez');
  await page.getByRole('button', { name: /^Generar remesa/ }).click();
  const fila = remesas.getByRole('row').filter({ hasText: 'Generada (sin enviar al banco)' }).first();
  const descarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: 'Descargar pain.001' }).click();
  const fichero = await descarga;
  expect(fichero.suggestedFilename()).toMatch(/^CZR-\d{8}-\d{6}\.xml$/);
  await fila.getByRole('button', { name: 'Detalle' }).click();
  await page.getByLabel('Nota para marcarla enviada (queda en la auditoría)').fill('Subida a la banca electrónica');
  await page.getByRole('button', { name: 'Marcar como enviada al banco' }).click();
  await expect(page.getByText('Remesa marcada como enviada al banco.').first()).toBeVisible();
  await expect(remesas.getByText('Enviada al banco').first()).toBeVisible();
});

test("the operator's Cobros and Liquidaciones pass axe in light and dark mode, at 1280 px and at 360 px without a sideways scroll", async ({
  page,
}) => {
  await page.goto('/auth/login');
  await signIn(page, 'operador@cereza.example', DEMO_PASSWORD);
  await passSecondFactor(page, DEMO_TOTP.operador);
  for (const ancho of [1280, 360]) {
    await page.setViewportSize({ width: ancho, height: 800 });
    await page.goto('/Dashboard/operador/cobros');
    await expect(page.getByRole('heading', { level: 1, name: 'Cobros' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dinero de clientes por moneda' })).toBeVisible();
    await expectAccessible(page, `Cobros at ${ancho} px`);
    await page.goto('/Dashboard/operador/liquidaciones');
    await expect(page.getByRole('heading', { name: 'Liquidaciones a productores' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pendiente de liquidar por productor' })).toBeVisible();
    await expectAccessible(page, `Liquidaciones at ${ancho} px`);
  }
});
