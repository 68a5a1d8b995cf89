import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { test, expect, createUser, loginAs, type E2EUser } from './fixtures';
import { signIn } from './support/accounts';
import { createLote } from './support/comercio';
import { auth, switchTo } from './support/pedidos';
import { apiSignIn, DEMO_TOTP, passSecondFactor } from './support/segundo-factor';

/**
 * The cupping sheet's total stays at the top while the cupper scrolls (sticky), over the fields: its background must
 * be opaque in light and dark mode, or the fields scrolling under it show through the figure (issue 32).
 */
async function expectTotalOpaco(page: Page, hoja: Locator) {
  const barra = hoja.getByLabel('Puntaje total').locator('xpath=..');
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(mode === 'dark');
    const { position, fondo, alfa } = await barra.evaluate((el) => {
      const estilo = getComputedStyle(el);
      // The colour as the browser paints it (oklch, rgb or a keyword): its alpha read back from a canvas.
      const lienzo = document.createElement('canvas').getContext('2d')!;
      lienzo.fillStyle = estilo.backgroundColor;
      lienzo.fillRect(0, 0, 1, 1);
      return {
        position: estilo.position,
        fondo: estilo.backgroundColor,
        alfa: lienzo.getImageData(0, 0, 1, 1).data[3],
      };
    });
    expect(position).toBe('sticky');
    expect(alfa, `the sticky total's background in ${mode} mode is ${fondo}`).toBe(255);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The demo lab account the seed creates (docs/demo-accounts.md). */
const LAB = { email: 'laboratorio@cereza.example', password: 'cereza-demo-2026' };

test('a producer sends a lot’s sample to the lab; the lab receives it, cups it and verifies the lot, which shows the lab’s mark', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  const nombre = `Pacamara de laboratorio ${randomUUID().slice(0, 6)}`;
  const res = await request.post('/api/lotes', {
    headers: auth(productor),
    data: {
      nombre,
      pais: 'SV',
      region: 'Chalatenango',
      variedades: ['Pacamara'],
      proceso: 'LAVADO',
      precioKg: 9.5,
      pesoSacoKg: 69,
      sacosDisponibles: 12,
      desglosePrecio: { precioFinca: 7.12, costosExportacion: 2 },
      muestra: { disponible: true, gramos: 200, precio: 0 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const loteId = (await res.json()).data.lote.id as string;

  // The producer marks "muestra enviada al laboratorio" from his lots (carrier, tracking).
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/Lotes?vista=por_enviar');
  await page
    .getByRole('button', { name: `Enviar muestra al laboratorio de ${nombre}` })
    .first()
    .click();
  const envio = page.getByRole('dialog', { name: 'Muestra enviada al laboratorio' });
  await envio.getByLabel('Número de guía').fill('LAB-778899');
  await envio.getByRole('button', { name: 'Confirmar envío' }).click();
  await expect(page.getByText('Muestra marcada como enviada al laboratorio.', { exact: false })).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: nombre }).getByText('Muestra enviada al laboratorio', { exact: true }),
  ).toBeVisible();

  // The lab signs in on the normal login and lands on its own dashboard.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth/login');
  await signIn(page, LAB.email, LAB.password);
  // The lab's second factor (decision 045): the demo secret gives the code.
  await passSecondFactor(page, DEMO_TOTP.laboratorio);
  await expect(page).toHaveURL(/\/dashboard\/laboratorio$/i);
  await expect(page.getByRole('heading', { name: 'Cola del laboratorio' })).toBeVisible();

  // It receives the sample…
  const porRecibir = page.getByRole('list', { name: 'Por recibir' });
  const fila = porRecibir.getByRole('listitem').filter({ hasText: nombre });
  await expect(fila.getByText('DHL, guía LAB-778899', { exact: false })).toBeVisible();
  // Receiving cannot be undone, so it asks once, saying what follows (issue 32); going back leaves the lot as it was
  // and returns focus to the button.
  const recibir = page.getByRole('dialog', { name: `Marcar la muestra como recibida · ${nombre}` });
  await fila.getByRole('button', { name: 'Marcar recibida' }).click();
  await expect(recibir).toContainText('El lote pasa a «En revisión» y avisamos al productor');
  await expect(recibir).toContainText('No se puede deshacer');
  await recibir.getByRole('button', { name: 'Volver' }).click();
  await expect(recibir).toBeHidden();
  await expect(fila.getByRole('button', { name: 'Marcar recibida' })).toBeFocused();
  await expect(page.getByText('Muestra recibida. El lote pasa a revisión.')).toHaveCount(0);
  await expect(fila.getByText('Muestra en camino')).toBeVisible();
  // The lot's page asks the same; Escape closes it and nothing moves.
  await fila.getByRole('link', { name: nombre }).click();
  await page.getByRole('button', { name: 'Marcar la muestra como recibida' }).click();
  await expect(recibir).toContainText('No se puede deshacer');
  await page.keyboard.press('Escape');
  await expect(recibir).toBeHidden();
  await expect(page.getByRole('button', { name: 'Marcar la muestra como recibida' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toContainText('Muestra en camino');
  await expect(page.getByRole('heading', { name: 'Ficha de cata del laboratorio' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a la cola' }).click();
  // Confirmed, the lot goes to review and focus to the tray it went to.
  await fila.getByRole('button', { name: 'Marcar recibida' }).click();
  await recibir.getByRole('button', { name: 'Marcar recibida' }).click();
  await expect(page.getByText('Muestra recibida. El lote pasa a revisión.')).toBeVisible();
  await expect(recibir).toBeHidden();
  await expect(page.getByRole('button', { name: /^Por catar/ })).toBeFocused();

  // …and cups it on the SCA sheet with the keyboard: the verdict follows the total live.
  await page.getByRole('button', { name: /^Por catar/ }).click();
  await page
    .getByRole('list', { name: 'Por catar' })
    .getByRole('listitem')
    .filter({ hasText: nombre })
    .getByRole('link', { name: 'Catar' })
    .click();
  const hoja = page.getByRole('form', { name: `Ficha de cata de ${nombre}` });
  await expect(hoja.getByLabel('Puntaje total')).toHaveText('82,50');
  await expectTotalOpaco(page, hoja);
  const sabor = hoja.getByRole('spinbutton', { name: 'Sabor' });
  await sabor.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
  await expect(hoja.getByLabel('Puntaje total')).toHaveText('83,50');
  await expect(hoja.getByText('Dictamen: el lote queda verificado con 83,50 puntos.')).toBeVisible();
  await hoja.getByLabel(/Descriptores/).fill('caramelo, mandarina');
  await hoja.getByRole('button', { name: 'Enviar ficha y dictamen' }).press('Enter');
  await expect(page.getByText('Lote verificado con 83,50 puntos.', { exact: false })).toBeVisible();
  await expect(page.getByText('Ficha de cata SCA del laboratorio de Cereza', { exact: false })).toBeVisible();

  // The lot page and the catalogue show the lab's mark and score.
  await page.goto(`/lote/${loteId}`);
  const marca = page.getByRole('region', { name: 'Catado por el laboratorio de Cereza' });
  await expect(marca.getByText('83,50 puntos SCA.', { exact: false })).toBeVisible();
  await expect(marca.getByText('Descriptores: caramelo, mandarina')).toBeVisible();
  await page.goto(`/lotes?q=${encodeURIComponent(nombre)}`);
  const card = page.getByRole('article').filter({ hasText: nombre });
  await expect(card.getByText('Catado por el laboratorio de Cereza: 83,5 pts')).toBeVisible();
  await expect(card.getByText('Verificado')).toBeVisible();

  // The producer reads the lab's sheet from his lots.
  await switchTo(page, productor, '/Dashboard/productor/Lotes');
  const fila2 = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila2.getByText('Verificado', { exact: true })).toBeVisible();
  await fila2.getByRole('button', { name: `Ver la ficha del laboratorio de ${nombre}` }).click();
  const ficha = page.getByRole('dialog', { name: `Ficha del laboratorio: ${nombre}` });
  await expect(ficha.getByText('83,50 puntos')).toBeVisible();

  // The producer heard of each step.
  const tipos = (
    (await (await request.get('/api/notificaciones?limit=50', { headers: auth(productor) })).json()).data
      .notificaciones as { tipo: string }[]
  ).map((n) => n.tipo);
  expect(tipos).toEqual(expect.arrayContaining(['LOTE_EN_REVISION', 'LOTE_VERIFICADO']));
});

test('a lab account never sees a trader’s dashboard, and traders never see the lab’s', async ({ page, request }) => {
  const lab = (await apiSignIn(request, LAB.email, LAB.password, DEMO_TOTP.laboratorio)) as {
    token: string;
    dataUser: E2EUser['dataUser'];
  };
  await loginAs(page, { email: LAB.email, password: LAB.password, token: lab.token, dataUser: lab.dataUser });
  for (const path of ['/Dashboard/productor', '/Dashboard/comprador/muestras', '/Dashboard/productor/Lotes']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/Dashboard\/laboratorio$/);
  }
  await expect(page.getByRole('navigation', { name: 'Laboratorio de Cereza' })).toBeVisible();

  const comprador = await createUser(request, 'comprador');
  await switchTo(page, comprador, '/Dashboard/laboratorio');
  await expect(page).toHaveURL(/\/Dashboard\/comprador$/);
  expect((await request.get('/api/laboratorio/lotes', { headers: auth(comprador) })).status()).toBe(403);
});

test('the producer reads where to send the reference sample: the operator’s lab address, in the send dialog and the guide (issue 25 §3)', async ({
  page,
  request,
}) => {
  // The operator moves the lab: a new address, with a reason.
  const operador = await apiSignIn(request, 'operador@cereza.example', LAB.password, DEMO_TOTP.operador);
  const sufijo = randomUUID().slice(0, 4);
  const direccion = {
    nombre: 'Laboratorio de calidad de Cereza',
    linea1: `Calle del Tueste ${sufijo}, nave 2`,
    linea2: '',
    codigoPostal: '46980',
    ciudad: 'Paterna (Valencia)',
    pais: 'ES',
    telefono: '+34 960 123 456',
    indicaciones: `Bolsa sellada con el código del lote visible (${sufijo}).`,
  };
  const cambio = await request.put('/api/operador/laboratorio/direccion', {
    headers: auth(operador),
    data: { ...direccion, motivo: 'El laboratorio se muda de nave.' },
  });
  expect(cambio.status(), await cambio.text()).toBe(200);

  const productor = await createUser(request, 'productor');
  const lote = await createLote(request, productor, { nombre: `Geisha de referencia ${sufijo}` });
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/Lotes?vista=por_enviar');
  await page
    .getByRole('button', { name: `Enviar muestra al laboratorio de ${lote.nombre}` })
    .first()
    .click();
  const envio = page.getByRole('dialog', { name: 'Muestra enviada al laboratorio' });
  const lineas = [
    'Laboratorio de calidad de Cereza',
    direccion.linea1,
    '46980 Paterna (Valencia)',
    'España',
    'Tel. +34 960 123 456',
  ];
  const enDialogo = envio.getByTestId('direccion-laboratorio');
  await expect(enDialogo).toHaveText(lineas.join(''));
  await expect(envio.getByText(direccion.indicaciones)).toBeVisible();
  await envio.getByRole('button', { name: 'Cerrar' }).click();

  // The guide to quality control says the same, from the same setting.
  await page.goto('/Guia/control-de-calidad');
  const enGuia = page.getByTestId('direccion-laboratorio');
  await expect(enGuia).toHaveText(lineas.join(''));
  await expect(page.getByText(direccion.indicaciones)).toBeVisible();
});
