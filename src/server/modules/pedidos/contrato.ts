import type { Content } from 'pdfmake/interfaces';
import {
  CONDICION_MUESTRA_LABELS,
  CONDICION_PAGO_LABELS,
  PLAZOS_PEDIDO,
  desgloseTotal,
  formatoDineroDocumento,
  type ParteContrato,
} from '../../../contract/pedidos';
import { paisName, PROCESO_LABELS, type Proceso } from '../../../contract/lotes-codes';
import { MONTHS } from '../../../contract/months';
import { cuenta } from '../../../contract/plural';
import { renderPdf, tablaDeTerminos, type PdfDocumento } from '../../lib/pdf';
import type { PedidoRow } from './al-embarcar';

const kgTexto = (kg: number) =>
  `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 3, useGrouping: 'always' as unknown as boolean }).format(kg)} kg`;
/** "2026-06" → "junio de 2026"; anything else as it is. */
const cosechaTexto = (ym: string) => {
  const m = /^(\d{4})-(\d{2})$/.exec(ym);
  const mes = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && mes ? `${mes} de ${m[1]}` : ym;
};
const fecha = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);

function parteTexto(titulo: string, p: ParteContrato | undefined): Content {
  return {
    stack: [
      { text: titulo, style: 'subtitulo' },
      { text: p?.razonSocial ?? '—', bold: true },
      { text: p ? `${p.nombre} · NIF/Tax ID ${p.taxId}` : '' },
      { text: p ? `${p.direccion} (${paisName(p.pais)})` : '' },
      { text: p?.email ?? '' },
    ],
  };
}

/**
 * The sales contract of an order, from its frozen terms only (docs/TRADE.md "Orders as contracts"): parties with
 * their tax ids, the lot and its farms, bags and kg, price per kg and currency, incoterm and named place, the
 * price breakdown, shipment window, quality basis, sample-approval term, payment term and claim window. Nothing
 * is read from the live lot, so changing the lot later never changes the contract.
 */
export function contratoDocumento(p: PedidoRow, now: Date, opts: { sinComprimir?: boolean } = {}): PdfDocumento {
  const t = p.terminos;
  const dinero = (c: number) => formatoDineroDocumento(c, p.moneda);
  const q = t.calidad;
  const calidad = [
    q.puntaje !== null ? `puntaje SCA ${q.puntaje.toFixed(2).replace('.', ',')}` : null,
    q.humedad !== null ? `humedad ${String(q.humedad).replace('.', ',')} %` : null,
    q.defectos ? `defectos ${q.defectos}` : null,
    q.zaranda ? `zaranda ${q.zaranda}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const filas: Array<[string, string]> = [
    ['Lote', `${t.lote.nombre} (${t.lote.codigo})`],
    ['Origen', [t.lote.region, t.lote.pais && paisName(t.lote.pais)].filter(Boolean).join(', ')],
    ['Fincas', t.fincas.join(', ') || '—'],
    [
      'Variedades y proceso',
      [t.lote.variedades.join(', '), PROCESO_LABELS[t.lote.proceso as Proceso] ?? t.lote.proceso]
        .filter(Boolean)
        .join(' · '),
    ],
    ['Cosecha', t.lote.cosecha ? cosechaTexto(t.lote.cosecha) : '—'],
    ['Cantidad', `${cuenta(p.sacos, 'saco')} de ${String(p.pesoSacoKg).replace('.', ',')} kg = ${kgTexto(p.kg)}`],
    ['Precio', `${dinero(p.precioKgCentavos)} por kg (${p.moneda})`],
    ['Total', dinero(p.totalCentavos)],
    ['Comisión de Cereza (incluida en el total)', dinero(desgloseTotal(p).comisionCentavos)],
    ['Incoterm y lugar', `${p.incoterm} ${p.lugarEntrega} (Incoterms® 2020)`],
    ['Ventana de embarque', p.ventanaEmbarque ?? 'Según disponibilidad del lote'],
    ['Base de calidad', calidad || 'Según la muestra de oferta'],
    ['Muestra de preembarque', CONDICION_MUESTRA_LABELS[p.condicionMuestra]],
    ['Condición de pago', CONDICION_PAGO_LABELS[p.condicionPago]],
    ['Plazo de reclamo', `${cuenta(PLAZOS_PEDIDO.reclamoDias, 'día')} desde la entrega`],
  ];
  const d = p.desglosePrecio;
  const desglose: Content[] = d
    ? [
        { text: 'Desglose del precio por kg', style: 'subtitulo' },
        tablaDeTerminos([
          ['Precio en finca', dinero(d.precioFincaCentavos)],
          ['Costos de exportación', dinero(d.costosExportacionCentavos)],
          ['Comisión de Cereza', dinero(d.comisionPlataformaCentavos)],
          ['Precio por kg', dinero(p.precioKgCentavos)],
        ]),
      ]
    : [];
  return {
    titulo: 'Contrato de compraventa de café verde',
    referencia: `Pedido ${p.numero}`,
    sinComprimir: opts.sinComprimir,
    pie: `Cereza · contrato del pedido ${p.numero}, emitido el ${fecha(now)}`,
    contenido: [
      { text: `Contrato ${p.numero}`, style: 'titulo' },
      { text: `Reservado el ${fecha(p.createdAt)} y confirmado por el productor el ${fecha(now)}.`, style: 'pequeno' },
      { columns: [parteTexto('Vendedor', t.partes?.productor), parteTexto('Comprador', t.partes?.comprador)] },
      { text: 'Términos', style: 'subtitulo' },
      tablaDeTerminos(filas),
      ...desglose,
      {
        text:
          'Las partes acuerdan la compraventa del café descrito en los términos anteriores, copiados del lote en el momento ' +
          'de la reserva. El incumplimiento de la calidad pactada se reclama dentro del plazo de reclamo a través de Cereza.',
        margin: [0, 12, 0, 0],
      },
    ],
  };
}

export const renderContrato = (p: PedidoRow, now: Date) => renderPdf(contratoDocumento(p, now));
