/*
 * What an invoice says of itself (decision 065): its title, the label of its tax line and the note on Cereza's role.
 * They are written into the row when it is issued, like the mentions, so that printing it again in a year, after the
 * labels or the list of EU countries have changed, gives the same document. Invoices issued before the texts were
 * frozen (null columns) print by the rule of their time, fixed here apart from the live labels.
 */
import {
  REGIMEN_LABELS,
  TIPO_FACTURA_LABELS,
  esPaisUE,
  type ParteFactura,
  type Regimen,
  type TipoFactura,
} from '../../../contract/facturas';

export interface TextosFactura {
  titulo: string;
  impuestoEtiqueta: string;
  nota: string;
}

const porcentaje = (bp: number) => `${(bp / 100).toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;

const NOTA_COMISION = 'Servicio de intermediación de Cereza en la venta indicada.';
const NOTA_VENTA = 'Venta entre las partes indicadas; Cereza actúa como intermediario y no es parte de la compraventa.';
const notaDe = (tipo: TipoFactura, emisorId: string | null) =>
  tipo === 'COMISION' || (tipo === 'RECTIFICATIVA' && emisorId === null) ? NOTA_COMISION : NOTA_VENTA;

/**
 * The texts of an invoice being issued. An exporter outside the EU issues a commercial invoice (issue 25 §2,
 * decision 048) whose tax line names no exemption of a VAT law that is not his: "Sin IVA (venta de exportación)".
 */
export function textosAlEmitir(f: {
  tipo: TipoFactura;
  emisorId: string | null;
  emisor: ParteFactura;
  regimen: Regimen;
  tasaBp: number;
}): TextosFactura {
  const fueraUE = !esPaisUE(f.emisor.direccion.pais);
  return {
    titulo: f.tipo === 'VENTA' && fueraUE ? 'Factura comercial' : TIPO_FACTURA_LABELS[f.tipo],
    impuestoEtiqueta:
      f.tasaBp > 0
        ? `IVA ${porcentaje(f.tasaBp)}`
        : fueraUE
          ? 'Sin IVA (venta de exportación)'
          : `IVA 0 % (${REGIMEN_LABELS[f.regimen].toLowerCase()})`,
    nota: notaDe(f.tipo, f.emisorId),
  };
}

/*
 * The rule before the texts were frozen, kept as it was (never edit these to follow the live labels). The title was
 * "Factura comercial" only on the sales that froze the commercial invoice's export mention (issued since decision
 * 048); every earlier sale of an exporter outside the EU was issued as a "Factura de venta" citing Spanish law, and
 * prints so.
 */
const TITULOS_ANTES: Record<TipoFactura, string> = {
  VENTA: 'Factura de venta',
  COMISION: 'Factura de comisión',
  RECTIFICATIVA: 'Factura rectificativa',
};
const REGIMENES_ANTES: Record<Regimen, string> = {
  NACIONAL: 'iva nacional',
  INTRACOMUNITARIA: 'entrega intracomunitaria exenta',
  EXPORTACION: 'exportación exenta',
  INVERSION_SUJETO_PASIVO: 'inversión del sujeto pasivo',
  NO_SUJETA: 'operación no sujeta',
};
const MENCION_COMERCIAL_ANTES = 'Factura comercial de exportación:';

/** What the invoice prints: its frozen texts, or for an invoice issued before they were frozen, the rule of its time. */
export function textosDe(f: {
  tipo: TipoFactura;
  emisorId: string | null;
  regimen: Regimen;
  tasaBp: number;
  menciones: string[];
  titulo: string | null;
  impuestoEtiqueta: string | null;
  nota: string | null;
}): TextosFactura {
  const comercial = f.tipo === 'VENTA' && f.menciones.some((m) => m.startsWith(MENCION_COMERCIAL_ANTES));
  return {
    titulo: f.titulo ?? (comercial ? 'Factura comercial' : TITULOS_ANTES[f.tipo]),
    impuestoEtiqueta:
      f.impuestoEtiqueta ?? (f.tasaBp > 0 ? `IVA ${porcentaje(f.tasaBp)}` : `IVA 0 % (${REGIMENES_ANTES[f.regimen]})`),
    nota: f.nota ?? notaDe(f.tipo, f.emisorId),
  };
}
