import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import { ESTADO_PAGO_PRODUCTOR_LABELS } from '../../../contract/liquidaciones';
import { formatoImporte } from '../../../contract/facturas-calculo';
import type { DbOrTx } from '../../db/client';
import { cuentasCobro, devengos, pagoDevengos, pagosProductor, remesas } from '../../db/schema/liquidaciones';
import { notFound } from '../../errors';
import { renderPdf, tablaDeTerminos } from '../../lib/pdf';
import { enmascarar } from './cuenta-cobro';
import { saldosPendientes } from './devengos';

/*
 * What the producer reads under "Cobros y liquidaciones" (informacion/movimientos): his balance owed per currency,
 * the lines not yet paid, his payouts and each payout's statement (PDF).
 */

const lineaView = (d: typeof devengos.$inferSelect) => ({
  id: d.id,
  tipo: d.tipo,
  pedidoId: d.pedidoId,
  pedidoNumero: d.pedidoNumero,
  moneda: d.moneda,
  ventaNumero: d.ventaNumero,
  ventaCentavos: d.ventaCentavos,
  comisionNumero: d.comisionNumero,
  comisionCentavos: d.comisionCentavos,
  importeCentavos: d.importeCentavos,
  createdAt: d.createdAt.toISOString(),
});

export async function cobrosYLiquidaciones(db: DbOrTx, productorId: string) {
  const saldos = await saldosPendientes(db, productorId);
  const pendientes = await db
    .select({ d: devengos })
    .from(devengos)
    .leftJoin(pagoDevengos, eq(pagoDevengos.devengoId, devengos.id))
    .where(and(eq(devengos.productorId, productorId), sql`${pagoDevengos.devengoId} is null`))
    .orderBy(desc(devengos.n))
    .limit(200);
  const pagos = await db
    .select({ p: pagosProductor, c: cuentasCobro, enviadaAt: remesas.enviadaAt })
    .from(pagosProductor)
    .innerJoin(cuentasCobro, eq(cuentasCobro.id, pagosProductor.cuentaCobroId))
    .innerJoin(remesas, eq(remesas.id, pagosProductor.remesaId))
    .where(eq(pagosProductor.productorId, productorId))
    .orderBy(desc(pagosProductor.createdAt))
    .limit(100);
  const [cuenta] = await db
    .select()
    .from(cuentasCobro)
    .where(and(eq(cuentasCobro.productorId, productorId), sql`${cuentasCobro.sustituidaAt} is null`))
    .limit(1);
  return {
    saldos,
    cuentaEnVigor: cuenta
      ? { cuentaEnmascarada: enmascarar(cuenta), vigenteDesde: cuenta.vigenteDesde.toISOString() }
      : null,
    pendientes: pendientes.map((r) => lineaView(r.d)),
    pagos: pagos.map(({ p, c, enviadaAt }) => ({
      id: p.id,
      moneda: p.moneda,
      importeCentavos: p.importeCentavos,
      estado: p.estado,
      endToEndId: p.endToEndId,
      cuentaEnmascarada: enmascarar(c),
      enviadaAt: enviadaAt?.toISOString() ?? null,
      confirmadoAt: p.confirmadoAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

const fechaEs = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(d);

/** The payout, its account and its lines; 404 unless the producer (or an operator) may read it. */
export async function pagoConLineas(db: DbOrTx, pagoId: string, productorId: string | null) {
  const [row] = await db
    .select({ p: pagosProductor, c: cuentasCobro })
    .from(pagosProductor)
    .innerJoin(cuentasCobro, eq(cuentasCobro.id, pagosProductor.cuentaCobroId))
    .where(eq(pagosProductor.id, pagoId))
    .limit(1);
  if (!row || (productorId !== null && row.p.productorId !== productorId)) {
    throw notFound('NOT_FOUND', 'Liquidación no encontrada.');
  }
  const enlaces = await db.select().from(pagoDevengos).where(eq(pagoDevengos.pagoId, pagoId));
  const lineas = enlaces.length
    ? await db
        .select()
        .from(devengos)
        .where(
          inArray(
            devengos.id,
            enlaces.map((e) => e.devengoId),
          ),
        )
        .orderBy(devengos.n)
    : [];
  return { pago: row.p, cuenta: row.c, lineas };
}

/** The payout statement: the invoices it covers, Cereza's commission netted from each, the total sent. */
export async function extractoLiquidacionPdf(
  datos: Awaited<ReturnType<typeof pagoConLineas>>,
  opts: { sinComprimir?: boolean } = {},
): Promise<Buffer> {
  const { pago, cuenta, lineas } = datos;
  const m = (c: number) => formatoImporte(c, pago.moneda);
  const suma = (f: (l: (typeof lineas)[number]) => number) => lineas.reduce((a, l) => a + f(l), 0);
  const tabla: Content = {
    table: {
      headerRows: 1,
      widths: ['auto', '*', 'auto', '*', 'auto', 'auto'],
      body: [
        [
          { text: 'Pedido', style: 'cabeceraTabla' },
          { text: 'Factura de venta', style: 'cabeceraTabla' },
          { text: 'Importe', style: ['cabeceraTabla', 'importe'] },
          { text: 'Comisión de Cereza', style: 'cabeceraTabla' },
          { text: 'Comisión', style: ['cabeceraTabla', 'importe'] },
          { text: 'A pagar', style: ['cabeceraTabla', 'importe'] },
        ],
        ...lineas.map((l) => [
          l.pedidoNumero,
          l.tipo === 'AJUSTE' ? `${l.ventaNumero} (rectificativa)` : l.ventaNumero,
          { text: m(l.ventaCentavos), style: 'importe' },
          l.comisionNumero ?? '—',
          { text: m(-l.comisionCentavos), style: 'importe' },
          { text: m(l.importeCentavos), style: 'importe' },
        ]),
        [
          { text: 'Total', bold: true },
          '',
          { text: m(suma((l) => l.ventaCentavos)), bold: true, style: 'importe' },
          '',
          { text: m(-suma((l) => l.comisionCentavos)), bold: true, style: 'importe' },
          { text: m(pago.importeCentavos), bold: true, style: 'importe' },
        ],
      ],
    },
    layout: 'lightHorizontalLines',
  };
  const contenido: Content[] = [
    { text: `Extracto de liquidación ${pago.endToEndId}`, style: 'titulo' },
    tablaDeTerminos([
      ['Beneficiario', cuenta.titular],
      ['Cuenta', `${enmascarar(cuenta)} · BIC ${cuenta.bic}${cuenta.banco ? ` · ${cuenta.banco}` : ''}`],
      ['Referencia de la transferencia', pago.endToEndId],
      ['Importe transferido', m(pago.importeCentavos)],
      ['Estado', ESTADO_PAGO_PRODUCTOR_LABELS[pago.estado]],
      ['Fecha', fechaEs(pago.confirmadoAt ?? pago.createdAt)],
    ]),
    { text: 'Facturas que cubre', style: 'subtitulo' },
    tabla,
    {
      text:
        'Cereza cobró estas ventas del comprador en su cuenta de clientes y te transfiere su importe menos la ' +
        'factura de comisión de Cereza de cada pedido (y sus rectificativas).',
      style: 'pequeno',
      margin: [0, 12, 0, 0],
    },
  ];
  return renderPdf({
    titulo: 'Extracto de liquidación',
    referencia: pago.endToEndId,
    contenido,
    pie: 'Cereza · Liquidación al productor',
    sinComprimir: opts.sinComprimir,
  });
}
