import { readFileSync } from 'node:fs';
import { formatoImporte } from '../src/contract/facturas-calculo';
import { test, expect, createUser, loginAs } from './fixtures';
import { extractoCamt053, readPain001 } from './support/banco';
import { createLote } from './support/comercio';
import { DEMO_PASSWORD, auth, demo, infoComercial, switchTo } from './support/pedidos';
import { DEMO_TOTP, apiSignIn } from './support/segundo-factor';

/*
 * Issue 29's journey, end to end on the demo data: money moves through Cereza. A buyer reserves an order paid
 * through Cereza, the producer confirms and ships it; the operator imports the bank statement with the buyer's
 * transfer (written here from the sale invoice's RF reference and amount) and the order is paid for both; the operator
 * batches the producer's share into a pain.001, marks it sent and imports the statement with its debit; the producer
 * sees the payout confirmed and downloads its statement.
 *
 * The producer is a seeded one whose payout account is in force (a new account waits 48 hours, decision 057) and
 * that no other browser test pays: the batch is generated for him alone.
 */

const PRODUCTOR = 'contacto@fincaelmirador.example';

/** "1.290,30 EUR", as the order page writes money (the payout pages write "1.290,30 €": formatoImporte). */
const dinero = (c: number, moneda: string) => {
  const [e, d] = (c / 100).toFixed(2).split('.');
  return `${e.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${d} ${moneda}`;
};
const re = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test('an order paid through Cereza: the bank statement pays it, a pain.001 pays the producer, the debit confirms it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const productor = await demo(request, PRODUCTOR);
  const comprador = await createUser(request, 'comprador');
  await infoComercial(request, comprador, 'Tostadores del Puerto S.L.', 'B12345678');
  const lote = await createLote(request, productor, {
    moneda: 'EUR',
    precioKg: 9.37,
    pesoSacoKg: 69,
    desglosePrecio: { precioFinca: 7, costosExportacion: 2 },
  });

  // The buyer reserves 2 bags, paid through Cereza (the default), without a pre-shipment sample.
  await loginAs(page, comprador);
  await page.goto(`/lote/${lote.id}`);
  await page.getByRole('button', { name: 'Comprar' }).click();
  const dialog = page.getByRole('dialog', { name: `Comprar ${lote.nombre}` });
  await dialog.getByRole('button', { name: 'Un saco más' }).click();
  await expect(dialog.getByLabel('Forma de pago')).toHaveValue('CEREZA');
  await dialog.getByLabel('Contrato sujeto a la aprobación de una muestra de preembarque (recomendado)').uncheck();
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByText('Forma de pago: Transferencia a la cuenta de clientes de Cereza.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar reserva' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/comprador\/pedidos\?pedido=/);
  const pedido = (await (await request.get('/api/pedidos', { headers: auth(comprador) })).json()).data.pedidos[0] as {
    id: string;
    numero: string;
  };

  // The producer confirms and ships.
  await switchTo(page, productor, '/Dashboard/productor/ventas/pedidos');
  const suyo = page.getByTestId(`pedido-${pedido.numero}`);
  await suyo.getByRole('button', { name: 'Confirmar pedido' }).click();
  await page
    .getByRole('dialog', { name: `Confirmar pedido · ${pedido.numero}` })
    .getByRole('button', { name: 'Confirmar pedido' })
    .click();
  await expect(page.getByText('Pedido confirmado. El contrato está en los documentos del pedido.')).toBeVisible();
  await suyo.getByRole('button', { name: 'Registrar embarque' }).click();
  const emb = page.getByRole('dialog', { name: `Registrar embarque · ${pedido.numero}` });
  await emb.getByLabel('Naviera').fill('Hapag-Lloyd');
  await emb.getByLabel('Contenedor').fill('HLXU1234567');
  await emb.getByLabel('Conocimiento de embarque (BL)').fill('HLCU-240077');
  await emb.getByLabel('Salida (ETD)').fill('2026-12-01');
  await emb.getByLabel('Llegada (ETA)').fill('2026-12-28');
  await emb.getByRole('button', { name: 'Registrar embarque' }).click();
  await expect(page.getByText('Embarque registrado.')).toBeVisible();

  // The sale invoice carries the instructions: Cereza's account, the order's RF reference, the amount.
  const facturas = (
    await (await request.get(`/api/facturas?pedidoId=${pedido.id}`, { headers: auth(comprador) })).json()
  ).data.facturas as {
    id: string;
    tipo: string;
    numero: string;
    totalCentavos: number;
    moneda: string;
    instruccionesPago: { iban: string; bic: string; referencia: string; titular: string };
  }[];
  const ventaId = facturas.find((f) => f.tipo === 'VENTA')!.id;
  const venta = (await (await request.get(`/api/facturas/${ventaId}`, { headers: auth(comprador) })).json()).data
    .factura as (typeof facturas)[number];
  const { referencia, iban, bic } = venta.instruccionesPago;
  expect(referencia).toMatch(/^RF\d{2}[A-Z0-9]+$/);
  expect(venta.moneda).toBe('EUR');

  // The buyer's order page shows how to pay (issue 29: instructions, IBAN/BIC, RF, amount, due date, QR).
  await switchTo(page, comprador, '/Dashboard/comprador/pedidos');
  const mio = page.getByTestId(`pedido-${pedido.numero}`);
  await mio.getByRole('button', { name: 'Ver detalle' }).click();
  await expect(mio.getByText('Transferencia a la cuenta de clientes de Cereza', { exact: true })).toBeVisible();
  const pago = mio.getByRole('region', { name: 'Pago a través de Cereza' });
  await expect(pago.getByTestId('cobro-estado')).toHaveText('Pendiente de pago.');
  const agrupado = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');
  await expect(pago.getByText(agrupado(iban), { exact: true })).toBeVisible();
  await expect(pago.getByText(bic, { exact: true })).toBeVisible();
  await expect(pago.getByTestId('cobro-referencia')).toHaveText(agrupado(referencia));
  await expect(pago.getByText(dinero(venta.totalCentavos, 'EUR'), { exact: true })).toBeVisible();
  await expect(pago.getByText(/^\d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();
  await expect(
    pago.getByRole('img', {
      name: `Código QR de transferencia SEPA: ${dinero(venta.totalCentavos, 'EUR')} a ${venta.instruccionesPago.titular}, referencia ${referencia}`,
    }),
  ).toBeVisible();

  // The operator imports the statement with the buyer's transfer.
  const operador = await apiSignIn(request, 'operador@cereza.example', DEMO_PASSWORD, DEMO_TOTP.operador);
  await switchTo(page, operador, '/Dashboard/operador/cobros');
  const abono = extractoCamt053(
    [
      {
        creditDebit: 'CRDT',
        amountMinor: BigInt(venta.totalCentavos),
        creditorReference: referencia,
        debtorName: 'Tostadores del Puerto S.L.',
        debtorIban: 'ES9121000418450200051332',
      },
    ],
    { version: '001.02' },
  );
  await page.getByLabel('Extracto camt.053 (XML)').setInputFiles(abono);
  await page.getByRole('button', { name: 'Importar extracto' }).click();
  const resultado = page.getByRole('status').filter({ hasText: 'apuntes nuevos' });
  await expect(resultado).toContainText('1 apuntes nuevos: 1 conciliados, 0 pendientes');
  await expect(resultado.getByRole('row').filter({ hasText: pedido.numero })).toBeVisible();

  // PAGADO for both.
  await switchTo(page, comprador, '/Dashboard/comprador/pedidos');
  await expect(mio.getByText('Pagado', { exact: true })).toBeVisible();
  await mio.getByRole('button', { name: 'Ver detalle' }).click();
  await expect(pago.getByTestId('cobro-estado')).toHaveText('Pagado: Cereza recibió la transferencia.');
  await expect(pago.getByRole('img')).toHaveCount(0);
  await switchTo(page, productor, '/Dashboard/productor/ventas/pedidos');
  await expect(suyo.getByText('Pagado', { exact: true })).toBeVisible();

  // The producer is owed the sale less the commission: his balance on "Cobros y liquidaciones".
  const antes = (await (await request.get('/api/liquidaciones', { headers: auth(productor) })).json()).data as {
    saldos: { moneda: string; pendienteCentavos: number }[];
    pendientes: { pedidoNumero: string; importeCentavos: number }[];
  };
  const debido = antes.saldos.find((s) => s.moneda === 'EUR')!.pendienteCentavos;
  const linea = antes.pendientes.find((l) => l.pedidoNumero === pedido.numero)!;
  expect(linea.importeCentavos).toBeGreaterThan(0);
  expect(linea.importeCentavos).toBeLessThan(venta.totalCentavos);
  await page.goto('/Dashboard/productor/informacion/movimientos');
  const cobros = page.getByRole('region', { name: 'Cobros y liquidaciones' });
  await expect(cobros.getByText('Pendiente de liquidar (EUR)')).toBeVisible();
  // The balance card comes first, then the order's line.
  await expect(cobros.getByText(formatoImporte(debido, 'EUR'), { exact: true }).first()).toBeVisible();
  await expect(
    cobros.getByRole('table', { name: 'Pedidos cobrados pendientes de liquidar' }).getByRole('row', {
      name: re(pedido.numero),
    }),
  ).toContainText(formatoImporte(linea.importeCentavos, 'EUR'));

  // The operator batches this producer's share alone, downloads the pain.001 and reads it back.
  await switchTo(page, operador, '/Dashboard/operador/liquidaciones');
  const casillas = page.getByRole('checkbox', { name: /^Incluir a .* en la remesa$/ });
  await expect(casillas.first()).toBeVisible();
  for (const casilla of await casillas.all()) await casilla.uncheck();
  await expect(page.getByText('Marca al menos un productor para la remesa.')).toBeVisible();
  await page.getByRole('checkbox', { name: `Incluir a ${productor.dataUser.nombre} (EUR) en la remesa` }).check();
  await page.getByLabel('Motivo de la remesa (queda en la auditoría)').fill('Liquidación del pedido de la prueba');
  await page.getByRole('button', { name: 'Generar remesa (1 transferencia)' }).click();
  await expect(
    page.getByText('Remesa generada: descarga el fichero pain.001 y envíalo a tu banco.').first(),
  ).toBeVisible();
  const remesas = page.getByRole('table', { name: 'Remesas generadas' });
  const fila = remesas.getByRole('row').filter({ hasText: 'Generada (sin enviar al banco)' }).first();
  const descarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: 'Descargar pain.001' }).click();
  const pain = readPain001(readFileSync(await (await descarga).path(), 'utf8'));
  // One transfer, to this producer, of everything he was owed: the batch's totals equal its lines.
  expect(pain.transferencias).toHaveLength(1);
  const [transferencia] = pain.transferencias;
  expect(transferencia).toMatchObject({ importeCentavos: debido, moneda: 'EUR' });
  await fila.getByRole('button', { name: 'Detalle' }).click();
  await expect(
    page.getByRole('table', { name: `Transferencias de ${pain.msgId}` }).getByText(transferencia.endToEndId),
  ).toBeVisible();
  await page.getByLabel('Nota para marcarla enviada (queda en la auditoría)').fill('Subida a la banca electrónica');
  await page.getByRole('button', { name: 'Marcar como enviada al banco' }).click();
  await expect(page.getByText('Remesa marcada como enviada al banco.').first()).toBeVisible();

  // The next statement shows the debit, by its EndToEndId.
  await page.goto('/Dashboard/operador/cobros');
  const cargo = extractoCamt053([
    {
      creditDebit: 'DBIT',
      amountMinor: BigInt(transferencia.importeCentavos),
      endToEndId: transferencia.endToEndId,
      creditorName: transferencia.acreedor,
    },
  ]);
  await page.getByLabel('Extracto camt.053 (XML)').setInputFiles(cargo);
  await page.getByRole('button', { name: 'Importar extracto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'apuntes nuevos' })).toContainText(
    '1 apuntes nuevos: 1 conciliados, 0 pendientes',
  );

  // The producer sees the payout confirmed, on his ledger too, and downloads its statement.
  await switchTo(page, productor, '/Dashboard/productor/informacion/movimientos');
  const liquidacion = cobros
    .getByRole('table', { name: 'Liquidaciones' })
    .getByRole('row', { name: re(transferencia.endToEndId) });
  await expect(liquidacion).toContainText('Pagada (confirmada por el banco)');
  await expect(liquidacion).toContainText(formatoImporte(debido, 'EUR'));
  await expect(
    page.getByRole('row', { name: re(`Transferencia de Cereza ${transferencia.endToEndId}`) }),
  ).toBeVisible();
  const pdf = page.waitForEvent('download');
  await liquidacion
    .getByRole('button', { name: `Descargar el extracto de la liquidación ${transferencia.endToEndId}` })
    .click();
  const fichero = await pdf;
  expect(fichero.suggestedFilename()).toBe(`liquidacion-${transferencia.endToEndId}.pdf`);
  expect(
    readFileSync(await fichero.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
