import { randomUUID } from 'node:crypto';
import { test, expect, createUser, loginAs } from './fixtures';
import { auth, switchTo } from './support/pedidos';
import { createLote, reservar } from './support/comercio';

test('a buyer publishes a request from his plan, a producer answers with a lot, the buyer shortlists, asks a sample and accepts: the order is there for both and the plan counts it', async ({
  page,
  request,
}) => {
  page.on('dialog', (d) => void d.accept());
  const productor = await createUser(request, 'productor');
  const comprador = await createUser(request, 'comprador');
  const nombre = `Caturra de ladera ${randomUUID().slice(0, 6)}`;
  const lote = await request.post('/api/lotes', {
    headers: auth(productor),
    data: {
      nombre,
      pais: 'CO',
      region: 'Cauca',
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      puntaje: 86,
      precioKg: 8.5,
      pesoSacoKg: 70,
      sacosDisponibles: 20,
      desglosePrecio: { precioFinca: 6.16, costosExportacion: 2 },
      muestra: { disponible: true, gramos: 200, precio: 0 },
    },
  });
  expect(lote.status(), await lote.text()).toBe(201);
  const anio = new Date().getFullYear() + 1;
  const plan = await request.post('/api/planificadores', {
    headers: auth(comprador),
    data: { anio, nombre: `Compras ${anio}` },
  });
  const planId = (await plan.json()).data.plan.id as string;
  const componente = `Espresso ${randomUUID().slice(0, 4)}`;
  const linea = await request.post(`/api/planificadores/${planId}/lineas`, {
    headers: auth(comprador),
    data: {
      componente,
      origen: 'CO',
      proceso: 'LAVADO',
      puntajeMin: 84,
      periodo: `${anio}-Q2`,
      kgObjetivo: 1400,
      moneda: 'USD',
    },
  });
  expect(linea.status(), await linea.text()).toBe(201);

  // The buyer creates the request from the plan's line: the form comes prefilled.
  await loginAs(page, comprador);
  await page.goto('/Dashboard/comprador/planificadores');
  const item = page.getByTestId('plan-linea').filter({ hasText: componente });
  await item.getByRole('link', { name: 'Crear solicitud' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva solicitud' });
  await expect(form.getByLabel('Título')).toHaveValue(`${componente}: Colombia`);
  await expect(form.getByLabel('Colombia')).toBeChecked();
  await form.getByLabel('Sacos').fill('10');
  await form.getByLabel('Peso por saco (kg)').selectOption('70');
  await form.getByLabel('Precio máximo por kg').fill('9,5');
  await form.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('Solicitud guardada como borrador.')).toBeVisible();
  const solicitud = page.getByTestId('solicitud').filter({ hasText: componente });
  await solicitud.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Solicitud publicada: los productores ya pueden responder.')).toBeVisible();

  // The producer sees it among those matching his lots, with why, and answers with his lot.
  await switchTo(page, productor, '/Dashboard/productor/solicita');
  const suya = page.getByTestId('solicitud').filter({ hasText: componente });
  await expect(suya.getByText(`${nombre} encaja: Origen: Colombia`)).toBeVisible();
  await suya.getByRole('button', { name: 'Responder' }).click();
  const resp = page.getByRole('dialog', { name: /Responder a/ });
  await expect(resp.getByLabel('Ofrecer')).toHaveValue(/.+/);
  await resp.getByLabel(/Precio por kg/).fill('8,9');
  await resp.getByLabel('Ventana de embarque').fill('Marzo 2027');
  await resp.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText('Respuesta enviada.')).toBeVisible();
  await expect(suya.getByText('Enviada: puedes cambiarla o retirarla')).toBeVisible();

  // The buyer compares, shortlists, asks a sample and accepts.
  await switchTo(page, comprador, '/Dashboard/comprador/solicitudes');
  const mia = page.getByTestId('solicitud').filter({ hasText: componente });
  await mia.getByRole('button', { name: 'Ver detalle y respuestas' }).click();
  const fila = mia.getByTestId('respuesta').filter({ hasText: nombre });
  await expect(fila.getByText('8,90 USD')).toBeVisible();
  await expect(fila.getByText('Dentro del rango')).toBeVisible();
  await fila.getByRole('button', { name: 'Preseleccionar' }).click();
  await expect(page.getByText('Respuesta preseleccionada.')).toBeVisible();
  await fila.getByRole('button', { name: 'Pedir muestra' }).click();
  const envio = page.getByRole('dialog', { name: 'Pedir muestra' });
  await envio.getByLabel('Nombre de quien recibe').fill('Prueba Compradora');
  await envio.getByLabel('Dirección', { exact: true }).fill('Calle del Tueste 4');
  await envio.getByLabel('Ciudad').fill('Valencia');
  await envio.getByLabel('País', { exact: true }).selectOption({ label: 'España' });
  await envio.getByRole('button', { name: 'Pedir muestra' }).click();
  await expect(page.getByText('Muestra pedida al productor.')).toBeVisible();
  await expect(fila.getByRole('link', { name: 'Ver muestra' })).toBeVisible();
  await fila.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Respuesta aceptada: se creó el pedido.')).toBeVisible();
  await expect(fila.getByRole('link', { name: 'Ver pedido' })).toBeVisible();

  // The order, reserved on the answered terms, for both parties.
  const suyos = await (await request.get('/api/pedidos?rol=comprador', { headers: auth(comprador) })).json();
  expect(suyos.data.pedidos).toHaveLength(1);
  expect(suyos.data.pedidos[0]).toMatchObject({ estado: 'RESERVADO', sacos: 10 });
  const delProductor = await (await request.get('/api/pedidos?rol=productor', { headers: auth(productor) })).json();
  expect(delProductor.data.pedidos.map((p: { id: string }) => p.id)).toEqual([suyos.data.pedidos[0].id]);

  // The plan's line counts it: 10 bags × 70 kg.
  await page.goto('/Dashboard/comprador/planificadores');
  await expect(page.getByTestId('plan-linea').filter({ hasText: componente }).getByTestId('contratado')).toHaveText(
    '700 kg',
  );
});

test('a cooperative adds a member farm with a drawn plot; the lot page shows it on the map with its coordinates', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor', { perfilData: { tipoProductor: 'COOPERATIVA' } });
  const lote = await request.post('/api/lotes', {
    headers: auth(productor),
    data: {
      nombre: `Lote de socios ${randomUUID().slice(0, 6)}`,
      pais: 'CO',
      region: 'Huila',
      variedades: ['Castillo'],
      proceso: 'LAVADO',
      precioKg: 8.5,
      pesoSacoKg: 70,
      sacosDisponibles: 10,
      desglosePrecio: { precioFinca: 6.16, costosExportacion: 2 },
    },
  });
  const loteId = (await lote.json()).data.lote.id as string;
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/productores');
  await page.getByRole('button', { name: 'Añadir finca' }).click();
  const form = page.getByRole('dialog', { name: 'Añadir finca' });
  await form.getByLabel('Nombre de la finca').fill('Finca La Cumbre');
  await form.getByLabel('Región').fill('Huila');
  // An EUDR plot (decision 058): six decimals, and the declared area agrees with the polygon's (3,77 ha).
  await form.getByLabel('Hectáreas').fill('3,8');
  await form.getByLabel('Polígono').check();
  await form.getByLabel(/Vértices/).fill('1.851234, -76.061234\n1.851234, -76.058765\n1.848765, -76.058765');
  await form.getByRole('button', { name: 'Guardar finca' }).click();
  await expect(page.getByText('Finca añadida.')).toBeVisible();
  await expect(page.getByText('polígono de 3 vértices')).toBeVisible();

  // The lot says it comes from that farm.
  await page.goto(`/Dashboard/productor/Lotes/Edit/${loteId}`);
  // One save for the lot and its farms (issue 32): the drying goes with the farm.
  await page.getByLabel('Finca La Cumbre').check();
  await page.getByLabel('Secado').fill('Camas africanas, 21 días');
  await expect(page.getByRole('button', { name: 'Guardar fincas del lote' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Lote actualizado correctamente.')).toBeVisible();
  expect((await (await page.request.get(`/api/lotes/${loteId}`)).json()).data.lote.secado).toBe(
    'Camas africanas, 21 días',
  );

  await page.goto(`/lote/${loteId}`);
  const traza = page.getByRole('region', { name: 'Trazabilidad: fincas de origen' });
  await expect(traza.getByText('1.851234° N, 76.061234° O', { exact: false })).toBeVisible();
  // The map (Leaflet, OpenStreetMap tiles) loads when the visitor asks for it, not with the page (issue 30).
  await expect(traza.getByRole('region', { name: 'Mapa de las fincas' })).toHaveCount(0);
  const cargados = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r.name)
        .filter((n) => /mapa-leaflet/.test(n)),
    );
  expect(await cargados()).toEqual([]);
  await traza.getByRole('button', { name: 'Ver las parcelas en el mapa' }).click();
  const mapa = traza.getByRole('region', { name: 'Mapa de las fincas' });
  await expect(mapa.locator('path.leaflet-interactive')).toHaveCount(1);
  await expect(mapa.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  // Its script and its stylesheet came with the click.
  expect((await cargados()).map((n) => n.split('.').pop()).sort()).toEqual(['css', 'js']);
});

test('a producer answers with a proposal and no published lot; the buyer shortlists it, asks its sample and accepts it: the order is reserved on the proposed terms (issue 25 §3)', async ({
  page,
  request,
}) => {
  page.on('dialog', (d) => void d.accept());
  const comprador = await createUser(request, 'comprador');
  // A producer with no lot at all: his answer can only be a proposal.
  const productor = await createUser(request, 'productor');
  const anio = new Date().getFullYear() + 1;
  const titulo = `Honey para filtro ${randomUUID().slice(0, 6)}`;
  const cierre = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const creada = await request.post('/api/solicitudes', {
    headers: { ...auth(comprador), 'idempotency-key': randomUUID() },
    data: {
      titulo,
      descripcion: 'Un honey dulce para la carta de filtro.',
      origenes: ['CO'],
      procesos: ['HONEY'],
      puntajeMin: 85,
      puntajeMax: 89,
      sacos: 8,
      pesoSacoKg: 70,
      precioMin: 15,
      precioMax: 19,
      moneda: 'USD',
      incoterm: 'FOB',
      lugarEntrega: 'Valencia',
      entregaDesde: `${anio}-06`,
      entregaHasta: `${anio}-08`,
      cierre,
    },
  });
  expect(creada.status(), await creada.text()).toBe(201);
  const solicitudId = (await creada.json()).data.solicitud.id as string;
  const publicar = await request.post(`/api/solicitudes/${solicitudId}/acciones`, {
    headers: auth(comprador),
    data: { accion: 'PUBLICAR' },
  });
  expect(publicar.status(), await publicar.text()).toBe(200);

  // The producer proposes: origin, process, bag, estimated score, price, bags, window.
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/solicita');
  const suya = page.getByTestId('solicitud').filter({ hasText: titulo });
  await suya.getByRole('button', { name: 'Responder' }).click();
  const resp = page.getByRole('dialog', { name: /Responder a/ });
  await expect(resp.getByLabel('Ofrecer')).toHaveValue('');
  await resp.getByLabel('Origen').selectOption({ label: 'Colombia' });
  await resp.getByLabel('Proceso').selectOption({ label: 'Honey' });
  await resp.getByLabel('Peso por saco (kg)').selectOption('70');
  await resp.getByLabel('Puntaje estimado').fill('86,5');
  await resp.getByLabel(/Precio por kg/).fill('17,25');
  await resp.getByLabel('Sacos').fill('6');
  await resp.getByLabel('Gramos de muestra').fill('200');
  // An empty window passes the browser (no attribute asks for it) and only the contract refuses it: the server's
  // message stands beside the field, which gets the focus (issue 32: no more "Los datos enviados no son válidos.").
  const ventana = resp.getByLabel('Ventana de embarque');
  await ventana.fill(' ');
  await resp.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(ventana).toBeFocused();
  await expect(ventana).toHaveAttribute('aria-invalid', 'true');
  await expect(ventana).toHaveAccessibleDescription('La ventana de embarque es obligatoria.');
  await expect(page.getByText('Los datos enviados no son válidos.')).toHaveCount(0);
  await ventana.fill(`Julio ${anio}`);
  await resp.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText('Respuesta enviada.')).toBeVisible();

  // The buyer shortlists it, asks for its sample and accepts it (it could be shortlisted and nothing more).
  await switchTo(page, comprador, '/Dashboard/comprador/solicitudes');
  const mia = page.getByTestId('solicitud').filter({ hasText: titulo });
  await mia.getByRole('button', { name: 'Ver detalle y respuestas' }).click();
  const fila = mia.getByTestId('respuesta').filter({ hasText: 'Propuesta: Colombia honey' });
  await expect(fila.getByText('17,25 USD')).toBeVisible();
  await expect(fila.getByText('6 × 70 kg')).toBeVisible();
  await fila.getByRole('button', { name: 'Preseleccionar' }).click();
  await expect(page.getByText('Respuesta preseleccionada.')).toBeVisible();
  await fila.getByRole('button', { name: 'Pedir muestra' }).click();
  const envio = page.getByRole('dialog', { name: 'Pedir muestra' });
  await envio.getByLabel('Nombre de quien recibe').fill('Prueba Compradora');
  await envio.getByLabel('Dirección', { exact: true }).fill('Calle del Tueste 4');
  await envio.getByLabel('Ciudad').fill('Valencia');
  await envio.getByLabel('País', { exact: true }).selectOption({ label: 'España' });
  await envio.getByRole('button', { name: 'Pedir muestra' }).click();
  await expect(page.getByText('Muestra pedida al productor.')).toBeVisible();
  await expect(fila.getByRole('link', { name: 'Ver muestra' })).toBeVisible();
  await fila.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Respuesta aceptada: se creó el pedido.')).toBeVisible();

  // The order: the proposed bags, price, window and the request's place, for both parties.
  await fila.getByRole('link', { name: 'Ver pedido' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/pedidos\?pedido=/);
  const { pedidos } = (await (await request.get('/api/pedidos?rol=comprador', { headers: auth(comprador) })).json())
    .data;
  expect(pedidos).toHaveLength(1);
  const pedido = (await (await request.get(`/api/pedidos/${pedidos[0].id}`, { headers: auth(comprador) })).json()).data
    .pedido;
  expect(pedido).toMatchObject({
    estado: 'RESERVADO',
    sacos: 6,
    pesoSacoKg: 70,
    precioKgCentavos: 1725,
    totalCentavos: 6 * 70 * 1725,
    ventanaEmbarque: `Julio ${anio}`,
    lugarEntrega: 'Valencia',
  });
  // 6 × 70 kg × 17,25 USD/kg
  await expect(
    page
      .getByTestId(`pedido-${pedido.numero}`)
      .getByText(/7\.245,00 USD/)
      .first(),
  ).toBeVisible();
  const delProductor = (
    await (await request.get('/api/pedidos?rol=productor', { headers: auth(productor) })).json()
  ).data.pedidos.map((p: { id: string }) => p.id);
  expect(delProductor).toEqual([pedido.id]);
  // The sample asked from the proposal is the producer's to send.
  const muestras = (await (await request.get('/api/muestras?rol=productor', { headers: auth(productor) })).json()).data
    .muestras as { estado: string; gramos: number }[];
  expect(muestras).toEqual([expect.objectContaining({ estado: 'SOLICITADA', gramos: 200 })]);
});

test('the answer form offers only the lot’s free bags: 14 bags with 10 reserved offer at most 4 (issue 25 §3)', async ({
  page,
  request,
}) => {
  const comprador = await createUser(request, 'comprador');
  const productor = await createUser(request, 'productor');
  const lote = await createLote(request, productor, { sacosDisponibles: 14 });
  await reservar(request, comprador, lote.id, { sacos: 10, condicionMuestra: 'SIN_MUESTRA' });
  const anio = new Date().getFullYear() + 1;
  const titulo = `Lavado de Huila ${randomUUID().slice(0, 6)}`;
  const creada = await request.post('/api/solicitudes', {
    headers: { ...auth(comprador), 'idempotency-key': randomUUID() },
    data: {
      titulo,
      descripcion: 'Catorce sacos de un lavado limpio.',
      origenes: ['CO'],
      procesos: ['LAVADO'],
      puntajeMin: 80,
      puntajeMax: 89,
      sacos: 14,
      pesoSacoKg: 70,
      precioMin: 5,
      precioMax: 12,
      moneda: 'USD',
      incoterm: 'FOB',
      lugarEntrega: 'Valencia',
      entregaDesde: `${anio}-06`,
      entregaHasta: `${anio}-08`,
      cierre: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(creada.status(), await creada.text()).toBe(201);
  const solicitudId = (await creada.json()).data.solicitud.id as string;
  const publicar = await request.post(`/api/solicitudes/${solicitudId}/acciones`, {
    headers: auth(comprador),
    data: { accion: 'PUBLICAR' },
  });
  expect(publicar.status(), await publicar.text()).toBe(200);

  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/solicita');
  const suya = page.getByTestId('solicitud').filter({ hasText: titulo });
  await suya.getByRole('button', { name: 'Responder' }).click();
  const resp = page.getByRole('dialog', { name: /Responder a/ });
  const ofrecer = resp.getByLabel('Ofrecer');
  // The lot is offered with its 4 free bags, not its 14.
  await expect(ofrecer.getByRole('option', { name: new RegExp(`^${lote.nombre} .*· 4 sacos libres$`) })).toHaveCount(1);
  await ofrecer.selectOption(lote.id);
  await expect(resp.getByText(/4 sacos libres de 70 kg \(10 reservados por pedidos\)/)).toBeVisible();
  // The request asked for 14: the proposal is lowered to what is free, and more is refused beside the field.
  const sacos = resp.getByLabel('Sacos (máximo 4)');
  await expect(sacos).toHaveValue('4');
  await sacos.fill('5');
  await resp.getByLabel(/Precio por kg/).fill('8,9');
  await resp.getByLabel('Ventana de embarque').fill(`Julio ${anio}`);
  await resp.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(sacos).toHaveAccessibleDescription(/^Este lote tiene 4 sacos libres; no puedes ofrecer más\./);
  await sacos.fill('4');
  await resp.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText('Respuesta enviada.')).toBeVisible();
  const suyas = await request.get(`/api/solicitudes/${solicitudId}`, { headers: auth(comprador) });
  expect(JSON.stringify(await suyas.json())).toContain('"sacos":4');
});

test('the answer form counts one reserved bag in the singular: "1 reservado por un pedido" (issue 32)', async ({
  page,
  request,
}) => {
  const comprador = await createUser(request, 'comprador');
  const productor = await createUser(request, 'productor');
  const lote = await createLote(request, productor, { sacosDisponibles: 2 });
  await reservar(request, comprador, lote.id, { sacos: 1, condicionMuestra: 'SIN_MUESTRA' });
  const anio = new Date().getFullYear() + 1;
  const titulo = `Lavado de Huila ${randomUUID().slice(0, 6)}`;
  const creada = await request.post('/api/solicitudes', {
    headers: { ...auth(comprador), 'idempotency-key': randomUUID() },
    data: {
      titulo,
      descripcion: 'Dos sacos de un lavado limpio.',
      origenes: ['CO'],
      procesos: ['LAVADO'],
      puntajeMin: 80,
      puntajeMax: 89,
      sacos: 2,
      pesoSacoKg: 70,
      precioMin: 5,
      precioMax: 12,
      moneda: 'USD',
      incoterm: 'FOB',
      lugarEntrega: 'Valencia',
      entregaDesde: `${anio}-06`,
      entregaHasta: `${anio}-08`,
      cierre: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(creada.status(), await creada.text()).toBe(201);
  const solicitudId = (await creada.json()).data.solicitud.id as string;
  const publicar = await request.post(`/api/solicitudes/${solicitudId}/acciones`, {
    headers: auth(comprador),
    data: { accion: 'PUBLICAR' },
  });
  expect(publicar.status(), await publicar.text()).toBe(200);

  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/solicita');
  await page.getByTestId('solicitud').filter({ hasText: titulo }).getByRole('button', { name: 'Responder' }).click();
  const resp = page.getByRole('dialog', { name: /Responder a/ });
  await resp.getByLabel('Ofrecer').selectOption(lote.id);
  await expect(resp.getByText(/1 saco libre de 70 kg \(1 reservado por un pedido\)\./)).toBeVisible();
});
