/*
 * An invoice's PDF, printed from its frozen row only (decision 034 for the library; its texts: decision 065): parties, the lines table,
 * the taxable base, the tax apart, the total, the mentions and the payment terms. Nothing live is read.
 */
import type { Content } from 'pdfmake/interfaces';
import { formatoImporte, formatoKg, type InstruccionesPago, type ParteFactura } from '../../../contract/facturas';
import { renderPdf } from '../../lib/pdf';
import type { FacturaRow } from './emision';
import { textosDe } from './textos';
import { cargaEpc } from '../../lib/iso20022/epc-qr';
import { rfImpreso } from '../../lib/iso20022/rf';

const fechaEs = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
};

function parte(titulo: string, p: ParteFactura): Content {
  const d = p.direccion;
  return {
    stack: [
      { text: titulo, style: 'etiqueta' },
      { text: p.razonSocial, bold: true },
      { text: `NIF: ${p.taxId}` },
      { text: d.linea1 },
      { text: [d.codigoPostal, d.ciudad].filter(Boolean).join(' ') },
      { text: [d.region, d.pais].filter(Boolean).join(', ') },
      { text: p.email, style: 'pequeno' },
    ],
  };
}

export function contenidoFactura(f: FacturaRow): Content[] {
  const m = (c: number) => formatoImporte(c, f.moneda);
  const textos = textosDe(f);
  const cabecera: Content = {
    columns: [
      {
        stack: [
          { text: `${textos.titulo} nº ${f.numero}`, style: 'titulo' },
          { text: `Fecha de emisión: ${fechaEs(f.fechaEmision)}` },
          { text: `Fecha de operación: ${fechaEs(f.fechaOperacion)}` },
          ...(f.pedidoNumero ? [{ text: `Pedido: ${f.pedidoNumero}` }] : []),
          ...(f.rectificaNumero ? [{ text: `Rectifica la factura nº ${f.rectificaNumero}`, bold: true }] : []),
        ],
      },
    ],
  };
  const partes: Content = {
    columns: [parte('Emisor', f.emisor), parte('Destinatario', f.receptor)],
    columnGap: 20,
    margin: [0, 12, 0, 12],
  };
  const lineas: Content = {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [
        [
          { text: 'Concepto', style: 'cabeceraTabla' },
          { text: 'Kg', style: ['cabeceraTabla', 'importe'] },
          { text: `Precio/kg`, style: ['cabeceraTabla', 'importe'] },
          { text: 'Base', style: ['cabeceraTabla', 'importe'] },
        ],
        ...f.lineas.map((l) => [
          { stack: [l.descripcion, ...(l.referencia ? [{ text: l.referencia, style: 'pequeno' }] : [])] },
          { text: l.gramos === null ? '' : formatoKg(l.gramos), style: 'importe' },
          { text: l.centavosKg === null ? '' : m(l.centavosKg), style: 'importe' },
          { text: m(l.baseCentavos), style: 'importe' },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
  };
  const impuesto = textos.impuestoEtiqueta;
  const resumen: Content = {
    columns: [
      { text: '' },
      {
        width: 'auto',
        table: {
          widths: [120, 90],
          body: [
            ['Base imponible', { text: m(f.baseCentavos), style: 'importe' }],
            [impuesto, { text: m(f.impuestoCentavos), style: 'importe' }],
            [
              { text: 'Total', bold: true },
              { text: `${m(f.totalCentavos)}`, bold: true, style: 'importe' },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
    margin: [0, 12, 0, 0],
  };
  const ip = f.instruccionesPago;
  const condiciones: Content = {
    stack: [
      { text: 'Condiciones de pago', style: 'subtitulo' },
      { text: `${f.condicionPago}. Vencimiento: ${fechaEs(f.vencimiento)}. Moneda: ${f.moneda}.` },
      ...(ip ? [instruccionesDePago(f, ip)] : []),
    ],
  };
  const menciones: Content[] = f.menciones.length
    ? [{ text: 'Menciones', style: 'subtitulo' }, { ul: f.menciones.map((t) => ({ text: t })) }]
    : [];
  const intermediacion: Content = {
    text: textos.nota,
    style: 'pequeno',
    margin: [0, 16, 0, 0],
  };
  return [cabecera, partes, lineas, resumen, condiciones, ...menciones, intermediacion];
}

/**
 * A sale paid through Cereza (issue 29, decision 054): the transfer to Cereza's client-money account with the
 * order's RF reference, and for EUR the EPC "SEPA transfer" QR code a banking app scans.
 */
function instruccionesDePago(f: FacturaRow, ip: InstruccionesPago): Content {
  const texto: Content = {
    stack: [
      { text: 'Pago por transferencia a la cuenta de clientes de Cereza', bold: true, margin: [0, 6, 0, 2] },
      { text: `Beneficiario: ${ip.titular}` },
      { text: `IBAN: ${ip.iban.replace(/(.{4})(?=.)/g, '$1 ')} · BIC: ${ip.bic}` },
      { text: `Importe: ${formatoImporte(f.totalCentavos, f.moneda)}` },
      { text: `Referencia (obligatoria): ${rfImpreso(ip.referencia)}`, bold: true },
      {
        text: 'Cereza concilia la transferencia con esta referencia y paga al vendedor su parte.',
        style: 'pequeno',
      },
    ],
  };
  if (f.moneda !== 'EUR') return texto;
  return {
    columns: [
      { width: '*', ...texto } as Content,
      {
        width: 'auto',
        stack: [
          { qr: cargaEpc({ ...ip, centavos: f.totalCentavos }), fit: 96, eccLevel: 'M' },
          { text: 'Escanéalo con tu banco', style: 'pequeno', alignment: 'center' },
        ],
      },
    ],
    columnGap: 12,
  } as Content;
}

export function facturaPdf(f: FacturaRow, opts: { sinComprimir?: boolean } = {}): Promise<Buffer> {
  return renderPdf({
    titulo: textosDe(f).titulo,
    referencia: `Nº ${f.numero}`,
    contenido: contenidoFactura(f),
    pie: `${f.emisor.razonSocial} · NIF ${f.emisor.taxId}`,
    sinComprimir: opts.sinComprimir,
  });
}
