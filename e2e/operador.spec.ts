import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, loginAs, test, type E2EUser } from './fixtures';
import { signIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { auth, infoComercial } from './support/pedidos';
import { apiSignIn, DEMO_TOTP, passSecondFactor, totp } from './support/segundo-factor';

/*
 * The operator's back office in a real browser (issue 28, decisions 045 and 052), at 360 px and at 1280 px: the
 * operator enrols his second factor (the demo's one unenrolled operator, on the first run: the phone's), signs in
 * with password and TOTP, reads Resumen and its charts' tables, approves a producer's organisation check (the badge
 * appears on the lot page), resolves a claim with a discount (the rectifying invoice appears on the order for both
 * parties), finds his acts in the audit log by action, suspends and reactivates an account and withdraws the badge.
 * A lab account is created, disabled and enabled again from Laboratorio, and enrols its own second factor. Every
 * page is checked by axe in light and dark mode, and none scrolls sideways.
 */

const OPERADOR = { email: 'operador@cereza.example', password: 'cereza-demo-2026' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A producer with a lot in the catalogue. */
async function productorPendiente(request: APIRequestContext) {
  const productor = await createUser(request, 'productor');
  const lote = await request.post('/api/lotes', {
    headers: { authorization: `Bearer ${productor.token}` },
    data: {
      nombre: `Caturra ${randomUUID().slice(0, 6)}`,
      pais: 'CO',
      region: 'Huila',
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      puntaje: 85,
      notasCata: ['Panela'],
      precioKg: 8.5,
      pesoSacoKg: 70,
      sacosDisponibles: 3,
      desglosePrecio: { precioFinca: 6.16, costosExportacion: 2 },
    },
  });
  expect(lote.status(), await lote.text()).toBe(201);
  return { productor, loteId: (await lote.json()).data.lote.id as string };
}

/**
 * An order of the producer's lot walked to delivery and claimed by a buyer, the producer having answered that he
 * accepts a discount: what the operator resolves. Both parties have the billing data the invoices need.
 */
/** The buyer's arrival cupping the claim carries (the operator reads it whole: issue 25 §3). */
const CATA_LLEGADA = {
  atributos: {
    fragranciaAroma: 7.25,
    sabor: 7,
    regusto: 7,
    acidez: 7.25,
    cuerpo: 7.5,
    balance: 7,
    puntajeCatador: 7,
  },
  tazas: {
    uniformidad: [true, true, true, true, true],
    tazaLimpia: [true, true, false, true, true],
    dulzor: [true, true, true, true, true],
  },
  defectos: { tazas: 1, intensidad: 'MANCHA' },
  notasCata: ['madera', 'papel'],
  comentarios: { general: 'Taza apagada a la llegada: humedad alta y notas de almacén.' },
  decision: null,
};

async function pedidoEnReclamo(request: APIRequestContext, productor: E2EUser, loteId: string) {
  const comprador = await createUser(request, 'comprador');
  await infoComercial(request, productor, `${productor.nombre} S.A.S.`, '900123456-7');
  await infoComercial(request, comprador, 'Tostadores del Puerto S.L.', 'B12345678');
  const reserva = await request.post('/api/pedidos', {
    headers: { ...auth(comprador), 'idempotency-key': randomUUID() },
    data: { loteId, sacos: 1, condicionMuestra: 'SIN_MUESTRA' },
  });
  expect(reserva.status(), await reserva.text()).toBe(201);
  const { id, numero } = (await reserva.json()).data.pedido as { id: string; numero: string };
  for (const [u, data] of [
    [productor, { accion: 'CONFIRMAR' }],
    [
      productor,
      {
        accion: 'EMBARCAR',
        naviera: 'Maersk',
        contenedor: 'MSKU1234567',
        conocimientoEmbarque: 'MAEU-240011',
        etd: '2026-12-01',
        eta: '2026-12-28',
      },
    ],
    [comprador, { accion: 'RECIBIR' }],
    [comprador, { accion: 'ABRIR_RECLAMO', motivo: 'Humedad del 12,8 % al llegar.', cataLlegada: CATA_LLEGADA }],
  ] as const) {
    const r = await request.post(`/api/pedidos/${id}/acciones`, { headers: auth(u), data });
    expect(r.status(), await r.text()).toBe(200);
  }
  const respuesta = await request.post(`/api/pedidos/${id}/reclamo/respuesta`, {
    headers: auth(productor),
    data: { postura: 'ACEPTA_DESCUENTO', descuentoCentavos: 1050 },
  });
  expect(respuesta.status(), await respuesta.text()).toBe(200);
  return { id, numero, comprador };
}

/** The producer asks for verification from his dashboard: his organisation's data and two PDFs. */
async function pedirVerificacion(page: Page, productor: E2EUser, razonSocial: string) {
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/verificacion');
  await expect(page.getByRole('heading', { level: 1, name: 'Verificación de productor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Estado: Sin enviar' })).toBeVisible();
  await page.getByLabel('Razón social de la organización').fill(razonSocial);
  await page.getByLabel('Identificación fiscal (NIT, RUC, RTN…)').fill('900123456-7');
  // Without the tax document the server says which one is missing.
  await page.getByLabel('Certificado de registro de la organización (PDF)').setInputFiles({
    name: 'camara-de-comercio.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('Subido: camara-de-comercio.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText('Adjunta el documento: Documento de identificación fiscal.').first()).toBeVisible();
  await page
    .getByLabel('Documento de identificación fiscal (PDF)')
    .setInputFiles({ name: 'rut.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Subido: rut.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('heading', { name: 'Estado: En revisión' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Documento de identificación fiscal' })).toBeVisible();
  await expectAccessible(page, 'Verificación del productor');
  await page.evaluate(() => localStorage.clear());
}

/**
 * The demo operator who has not enrolled yet (operadora@) enrols at her first sign-in: the QR code and the key, a
 * code of the app, the ten recovery codes shown once. Once per server: only the first test does it.
 */
async function alta(page: Page) {
  await page.goto('/auth/login');
  await signIn(page, 'operadora@cereza.example', OPERADOR.password);
  await expect(page.getByRole('heading', { name: 'Configura la verificación en dos pasos' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' })).toBeVisible();
  const clave = (await page.locator('code').first().innerText()).replace(/\s/g, '');
  await page.getByLabel('Código de verificación').fill(totp(clave));
  await page.getByRole('button', { name: 'Activar y entrar' }).click();
  await expect(page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'He guardado los códigos, continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/operador/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
}

/** A section of the back office through its navigation (on a phone, the sections' list opens first). */
async function seccion(page: Page, nombre: string, movil: boolean) {
  if (movil) await page.getByRole('button', { name: /^Operación de Cereza:/ }).click();
  await page.getByRole('navigation', { name: 'Operación de Cereza' }).getByRole('link', { name: nombre }).click();
}

// The phone first: its run enrols the demo's unenrolled operator (once per server).
for (const [ancho, movil] of [
  [360, true],
  [1280, false],
] as const) {
  test(`the operator runs Cereza from the browser at ${ancho} px`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const { productor, loteId } = await productorPendiente(request);
    const razonSocial = `${productor.nombre} S.A.S.`;
    const reclamado = await pedidoEnReclamo(request, productor, loteId);
    await page.setViewportSize({ width: ancho, height: 800 });
    await pedirVerificacion(page, productor, razonSocial);
    if (movil) await alta(page);

    // Password, then the code of the authenticator app: the back office opens on Resumen.
    await page.goto('/auth/login');
    await signIn(page, OPERADOR.email, OPERADOR.password);
    await passSecondFactor(page, DEMO_TOTP.operador);
    await page.goto('/Dashboard/operador');
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
    const pendientes = page.getByRole('region', { name: 'Lo que necesita a una persona ahora' });
    await expect(pendientes.getByRole('link', { name: 'Productores esperando verificación' })).toBeVisible();
    // A chart's figures as a table, months in Spanish: read by screen readers, opened by the eye.
    const valor = page.getByRole('figure', { name: /^Valor de los pedidos por mes y estado \(USD\)/ });
    await valor.getByRole('button', { name: /^Ver la tabla/ }).click();
    await expect(valor.getByRole('table')).toBeVisible();
    await expect(valor.getByRole('cell', { name: /^[a-z]+ de 20\d\d$/ }).first()).toBeVisible();
    await expect(page.getByRole('figure', { name: /^Muestras por mes de solicitud/ })).toBeVisible();
    await expectAccessible(page, 'Resumen');

    // Verificación de productores: the request, its documents, the decision with its reason.
    await seccion(page, 'Verificación', movil);
    await expect(page.getByRole('heading', { level: 1, name: 'Verificación de productores' })).toBeVisible();
    await page.getByRole('button', { name: `Revisar la solicitud de ${productor.nombre}` }).click();
    const solicitud = page.getByRole('region', { name: `Solicitud de ${productor.nombre}` });
    await expect(solicitud.getByRole('heading', { name: `Solicitud de ${productor.nombre}` })).toBeFocused();
    await expect(solicitud.getByText(razonSocial).first()).toBeVisible();
    const registro = solicitud.getByRole('link', { name: /Certificado de registro/ });
    const descarga = page.waitForEvent('download');
    await registro.click();
    expect((await descarga).suggestedFilename()).toMatch(/\.pdf$/);
    await expectAccessible(page, 'Verificación');
    const motivo = `Registro y RUT coinciden ${randomUUID().slice(0, 8)}`;
    await solicitud.getByRole('radio', { name: /Aprobar/ }).check();
    await solicitud.getByLabel('Motivo de la decisión (lo lee el productor)').fill(motivo);
    await solicitud.getByRole('button', { name: 'Guardar decisión' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Productor verificado' })).toBeVisible();

    // The badge on the lot page, for any visitor.
    const visitante = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: ancho, height: 800 } });
    await visitante.goto(`/lote/${loteId}`);
    await expect(visitante.getByText('Productor verificado')).toBeVisible();
    await visitante.close();

    // Reclamos: the order's claim with the buyer's claim and the producer's side, resolved with a discount.
    await seccion(page, 'Reclamos', movil);
    await expect(page.getByRole('heading', { level: 1, name: 'Reclamos' })).toBeVisible();
    await page.getByRole('button', { name: `Revisar el reclamo del pedido ${reclamado.numero}` }).click();
    await expect(page.getByRole('heading', { name: `Reclamo del pedido ${reclamado.numero}` })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'El comprador reclama' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Respuesta del productor' })).toBeVisible();
    // The buyer's arrival cupping whole, attribute by attribute (issue 25 §3), not only its score.
    const cataLlegada = page.getByRole('region', { name: 'Cata de llegada' });
    await expect(cataLlegada.getByText('Acidez', { exact: true })).toBeVisible();
    await expect(cataLlegada.getByText('Descriptores: madera, papel')).toBeVisible();
    await expect(cataLlegada.getByText('Taza apagada a la llegada: humedad alta y notas de almacén.')).toBeVisible();
    await expectAccessible(page, 'Reclamos');
    const reclamo = page.getByRole('region', { name: `Reclamo del pedido ${reclamado.numero}` });
    await reclamo
      .getByLabel('Resolución', { exact: true })
      .selectOption({ label: 'Descuento con facturas rectificativas' });
    await reclamo.getByLabel(/^Importe del descuento/).fill('10,50');
    await reclamo.getByLabel('Motivo de la resolución (lo verán ambas partes)').fill('Humedad fuera de contrato.');
    await reclamo.getByRole('button', { name: 'Resolver reclamo' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reclamo resuelto' })).toBeVisible();
    // The rectifying invoice is on the order's page of each party.
    for (const [parte, ruta] of [
      [reclamado.comprador, `/Dashboard/comprador/pedidos?pedido=${reclamado.id}`],
      [productor, `/Dashboard/productor/ventas/pedidos?pedido=${reclamado.id}`],
    ] as const) {
      const suya = await page
        .context()
        .browser()!
        .newPage({ viewport: { width: ancho, height: 800 } });
      await loginAs(suya, parte);
      await suya.goto(ruta);
      await expect(
        suya
          .getByRole('region', { name: 'Facturas del pedido' })
          .getByText(/^Factura rectificativa /)
          .first(),
        parte.email,
      ).toBeVisible();
      await suya.close();
    }

    // Auditoría: the approval is on record with its reason.
    await seccion(page, 'Auditoría', movil);
    await page.getByLabel('Acción', { exact: true }).selectOption('VERIFICACION_APROBAR');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const fila = page.getByRole('row').filter({ hasText: motivo });
    await expect(fila).toContainText('VERIFICACION_APROBAR');
    await expect(page.getByRole('row').filter({ hasText: 'VERIFICACION_RECHAZAR' })).toHaveCount(0);
    // The object's own history: the request, by its id.
    await fila.getByRole('button', { name: /^Ver su historial/ }).click();
    await expect(page.getByLabel('Tipo de objeto')).toHaveValue('verificacion');
    await expect(page.getByRole('row').filter({ hasText: motivo })).toBeVisible();
    await expectAccessible(page, 'Auditoría');

    // Cuentas: suspend with a reason, then reactivate.
    await seccion(page, 'Cuentas', movil);
    await page.getByRole('searchbox', { name: 'Buscar cuentas' }).fill(productor.email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('button', { name: `Ver cuenta de ${productor.email}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Prueba Productora/ })).toBeFocused();
    // Without a reason the box says so and takes the focus (issue 32: every form names the field).
    await page.getByRole('button', { name: 'Suspender cuenta' }).click();
    const motivoSuspension = page.getByLabel('Motivo de la suspensión');
    await expect(motivoSuspension).toBeFocused();
    await expect(motivoSuspension).toHaveAttribute('aria-invalid', 'true');
    await expect(motivoSuspension).toHaveAccessibleDescription(/Escribe el motivo \(al menos 3 caracteres\)/);
    await motivoSuspension.fill('Pruebas de suplantación en los mensajes.');
    await page.getByRole('button', { name: 'Suspender cuenta' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cuenta suspendida' })).toBeVisible();
    // His session no longer works.
    const yo = await request.get('/api/users/me', { headers: { authorization: `Bearer ${productor.token}` } });
    expect(yo.status()).toBe(401);
    await expectAccessible(page, 'Cuentas');
    await page.getByLabel('Motivo de la reactivación').fill('Aclarado con el productor por teléfono.');
    await page.getByRole('button', { name: 'Reactivar cuenta' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cuenta reactivada' })).toBeVisible();
    // The account's history lists both acts with their reasons.
    await expect(page.getByText(/CUENTA_SUSPENDER .*Pruebas de suplantación en los mensajes\./)).toBeVisible();
    await expect(page.getByText(/CUENTA_REACTIVAR .*Aclarado con el productor por teléfono\./)).toBeVisible();
    // The badge withdrawn: the reason goes to the producer and the log, and the lot page no longer shows it.
    await page
      .getByLabel('Motivo para retirar la insignia «Productor verificado» (lo lee el productor)')
      .fill('El registro mercantil aparece cancelado.');
    await page.getByRole('button', { name: 'Retirar la insignia' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Insignia retirada' })).toBeVisible();
    await expect(page.getByText(/VERIFICACION_RETIRAR .*El registro mercantil aparece cancelado\./)).toBeVisible();
    const otroVisitante = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: ancho, height: 800 } });
    await expect(async () => {
      await otroVisitante.goto(`/lote/${loteId}`);
      await expect(otroVisitante.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(otroVisitante.getByText('Productor verificado')).toHaveCount(0);
    }).toPass();
    await otroVisitante.close();

    // Laboratorio: the address producers ship their samples to, changed with a reason and on record.
    await seccion(page, 'Laboratorio', movil);
    const direccion = page.getByRole('form', { name: 'Dirección del laboratorio' });
    const telefono = `+34 960 ${String(ancho).padStart(3, '0')} 111`;
    await direccion.getByLabel('Teléfono').fill(telefono);
    await direccion.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(direccion.getByText('Escribe el motivo (al menos 3 caracteres).').first()).toBeVisible();
    await direccion.getByLabel(/Motivo del cambio/).fill('Nueva centralita del laboratorio.');
    await direccion.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(direccion.getByRole('status')).toHaveText(/Dirección del laboratorio guardada/);
    const publica = await request.get('/api/ajustes/direccion-laboratorio');
    expect((await publica.json()).data.direccion.telefono).toBe(telefono);
    await expectAccessible(page, 'Laboratorio');

    // The other sections render without a sideways scroll and pass axe as well.
    for (const [nombre, titulo] of [
      ['Lotes', 'Lotes'],
      ['Reportes', 'Reportes'],
      ['Pedidos', 'Pedidos'],
    ] as const) {
      await seccion(page, nombre, movil);
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
      await expectAccessible(page, nombre);
    }
  });
}

test('at 360 px a lab account is created, disabled and enabled again from Laboratorio, and enrols its second factor', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const op = await apiSignIn(request, OPERADOR.email, OPERADOR.password, DEMO_TOTP.operador);
  await loginAs(page, { ...OPERADOR, token: op.token, dataUser: op.dataUser as E2EUser['dataUser'] });
  await page.goto('/Dashboard/operador/laboratorio');
  await expect(page.getByRole('heading', { level: 1, name: 'Laboratorio' })).toBeVisible();

  const email = `catadora-${randomUUID().slice(0, 8)}@example.com`;
  // A refused address is said under its box, which takes the focus (issue 32).
  const correo = page.getByLabel('Correo electrónico');
  await correo.fill('laboratorio-sin-arroba');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(correo).toBeFocused();
  await expect(correo).toHaveAttribute('aria-invalid', 'true');
  await expect(correo).toHaveAccessibleDescription(/\S/);
  await correo.fill(email);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  const creada = page.getByRole('status').filter({ hasText: 'Contraseña de un solo uso' });
  const password = (await creada.locator('code').innerText()).trim();
  expect(password.length).toBeGreaterThan(8);

  const cuentas = page.getByRole('table', { name: 'Cuentas del laboratorio' });
  const fila = cuentas.getByRole('row').filter({ hasText: email });
  await fila.getByRole('button', { name: `Desactivar ${email}` }).click();
  await page.getByLabel(`Motivo para desactivar ${email}`).fill('Catadora de baja hasta enero.');
  await page.getByRole('button', { name: 'Desactivar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cuenta del laboratorio desactivada' })).toBeVisible();
  await expect(fila).toContainText('Desactivada');
  const refused = await request.post('/api/auth/login', { data: { email, password } });
  expect(refused.status()).toBe(403);

  await fila.getByRole('button', { name: `Reactivar ${email}` }).click();
  await page.getByLabel(`Motivo para reactivar ${email}`).fill('Vuelve de la baja.');
  await page.getByRole('button', { name: 'Reactivar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cuenta del laboratorio reactivada' })).toBeVisible();
  await expect(fila).toContainText('Activa');
  await expectAccessible(page, 'Laboratorio');

  // The lab account's first sign-in: the QR code, a code of the app, the recovery codes once, then its dashboard.
  // A context of its own (axe needs one made with newContext).
  const labContext = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 360, height: 800 }, locale: 'es-ES' });
  const lab = await labContext.newPage();
  await lab.goto('/auth/login');
  await signIn(lab, email, password);
  await expect(lab.getByRole('heading', { name: 'Configura la verificación en dos pasos' })).toBeVisible();
  await expect(lab.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' })).toBeVisible();
  const clave = (await lab.locator('code').first().innerText()).replace(/\s/g, '');
  // Sent empty, the code is refused under its box with the contract's words, and the box takes the focus.
  await lab.getByRole('button', { name: 'Activar y entrar' }).click();
  await expect(lab.getByLabel('Código de verificación')).toBeFocused();
  await expect(lab.getByLabel('Código de verificación')).toHaveAccessibleDescription(
    'Escribe el código de 6 cifras o un código de recuperación.',
  );
  await lab.getByLabel('Código de verificación').fill(totp(clave));
  await lab.getByRole('button', { name: 'Activar y entrar' }).click();
  await expect(lab.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(lab, 'Códigos de recuperación');
  await lab.getByRole('button', { name: 'He guardado los códigos, continuar' }).click();
  await expect(lab).toHaveURL(/\/dashboard\/laboratorio/i);
  await labContext.close();
});
