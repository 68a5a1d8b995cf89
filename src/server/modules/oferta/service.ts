import type { Content } from 'pdfmake/interfaces';
import type { Lote, LotesQuery } from '../../../contract/lotes';
import {
  PAIS_NAMES,
  POSICION_LABELS,
  PROCESO_LABELS,
  INCOTERM_LABELS,
  LOTE_LIMITS,
  CERTIFICACION_LABELS,
} from '../../../contract/lotes-codes';
import { OFERTA_COLUMNAS, type OfertaColumna } from '../../../contract/oferta';
import { renderPdf, tablaDeTerminos } from '../../lib/pdf';
import { listPublicLotes, type CatalogoReader } from '../lotes';

/** One row of the offer list: numbers stay numbers (the workbook formats them), texts are plain. */
export type FilaOferta = {
  [K in OfertaColumna]: K extends 'puntaje'
    ? number | null
    : K extends 'precioKg' | 'sacos' | 'pesoSacoKg'
      ? number
      : string;
};

/**
 * Every public lot the catalogue's filters match, in the catalogue's order, read page by page from the same
 * reader the catalogue answers with (the in-memory index, or SQL before it is loaded). Stops past `max` lots:
 * the caller refuses such a list instead of cutting it silently.
 */
export async function lotesDeOferta(
  reader: CatalogoReader,
  query: LotesQuery,
  max: number,
): Promise<{ lotes: Lote[]; total: number }> {
  const limit = LOTE_LIMITS.pageLimitMax;
  const lotes: Lote[] = [];
  for (let page = 1; ; page++) {
    const { lotes: pagina, pagination } = await listPublicLotes(reader, { ...query, page, limit, vista: 'completa' });
    if (pagination.total > max) return { lotes: [], total: pagination.total };
    lotes.push(...pagina);
    if (pagina.length < limit || lotes.length >= pagination.total) return { lotes, total: pagination.total };
  }
}

export function filaDeOferta(l: Lote, publicUrl: string): FilaOferta {
  return {
    codigo: l.codigo,
    origen: PAIS_NAMES.get(l.pais) ?? l.pais,
    region: [l.region, l.municipio].filter(Boolean).join(', '),
    finca: l.finca ?? '',
    variedad: l.variedades.join(', '),
    proceso: PROCESO_LABELS[l.proceso],
    puntaje: l.puntaje,
    precioKg: l.precioKg,
    moneda: l.moneda,
    incoterm: l.incoterm,
    sacos: Math.max(0, l.sacosDisponibles - l.sacosReservados),
    pesoSacoKg: l.pesoSacoKg,
    posicion:
      l.posicion === 'FUTURO' && l.ventanaEmbarque
        ? `${POSICION_LABELS[l.posicion]} (${l.ventanaEmbarque})`
        : POSICION_LABELS[l.posicion],
    enlace: `${publicUrl}/lote/${l.id}`,
  };
}

/** Spanish decimals for the CSV: a comma, no grouping (so a Spanish spreadsheet reads a number, not a text). */
const decimalEs = (n: number, digits: number) => n.toFixed(digits).replace('.', ',');

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading
 * apostrophe: a lot's name is the producer's text, and the buyer opens the file on his own machine (OWASP's
 * CSV injection advice).
 */
const inerte = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function celdaCsv(v: string | number | null, col: OfertaColumna): string {
  if (v === null) return '';
  if (typeof v === 'number') return col === 'sacos' ? String(v) : decimalEs(v, col === 'pesoSacoKg' ? 0 : 2);
  const s = inerte(v);
  return /[";\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * The list as CSV the way a Spanish spreadsheet opens it: UTF-8 with a byte-order mark (Excel reads the accents),
 * semicolons between fields, decimal commas, CRLF line ends, quotes only where needed (RFC 4180).
 */
export function ofertaCsv(filas: FilaOferta[]): Buffer {
  const lineas = [OFERTA_COLUMNAS.map(([, titulo]) => titulo).join(';')];
  for (const f of filas) lineas.push(OFERTA_COLUMNAS.map(([col]) => celdaCsv(f[col], col)).join(';'));
  return Buffer.from(`\uFEFF${lineas.join('\r\n')}\r\n`, 'utf8');
}

/** Number formats of the workbook's columns: a Spanish Excel shows 1.234,50 and 86,25 from these. */
export const OFERTA_FORMATOS_XLSX: Partial<Record<OfertaColumna, string>> = {
  puntaje: '0.00',
  precioKg: '#,##0.00',
  sacos: '#,##0',
  pesoSacoKg: '0',
};

const ANCHOS: Partial<Record<OfertaColumna, number>> = {
  codigo: 16,
  origen: 14,
  region: 22,
  finca: 22,
  variedad: 24,
  proceso: 14,
  posicion: 20,
  enlace: 48,
};

/** The list as an Excel workbook: one sheet, a frozen and filterable header, numbers as numbers, links as links. */
export async function ofertaXlsx(filas: FilaOferta[], hoy: Date): Promise<Buffer> {
  // Loaded when a workbook is asked for: it costs the server about 7 MB of heap and 26 MB resident (issue 33).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Cereza';
  wb.created = hoy;
  const ws = wb.addWorksheet('Oferta', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = OFERTA_COLUMNAS.map(([col, titulo]) => ({
    header: titulo,
    key: col,
    width: ANCHOS[col] ?? 12,
    style: OFERTA_FORMATOS_XLSX[col] ? { numFmt: OFERTA_FORMATOS_XLSX[col] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const f of filas) {
    const row = ws.addRow({
      ...f,
      // Texts stay texts: a name that starts with "=" is never a formula in a workbook cell, but keep the CSV's rule.
      enlace: { text: f.enlace, hyperlink: f.enlace },
    });
    for (const [col, fmt] of Object.entries(OFERTA_FORMATOS_XLSX)) row.getCell(col).numFmt = fmt;
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: OFERTA_COLUMNAS.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const numeroEs = (n: number, digits: number) =>
  new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: 'always',
  }).format(n);

function paginaDeLote(l: Lote, fila: FilaOferta, primera: boolean): Content[] {
  const filas: Array<[string, string]> = [
    ['Código', l.codigo],
    ['Productor', l.perfilProductor?.nombre ?? '—'],
    ['Origen', [fila.region, fila.origen].filter(Boolean).join(', ')],
    ['Finca', fila.finca || '—'],
    [
      'Altitud',
      l.altitudMin || l.altitudMax
        ? `${[l.altitudMin, l.altitudMax].filter((a) => a != null).join('–')} m s. n. m.`
        : '—',
    ],
    ['Variedades', fila.variedad],
    ['Proceso', fila.proceso + (l.secado ? ` · secado ${l.secado}` : '')],
    ['Cosecha', l.cosecha ?? '—'],
    ['Puntaje SCA', l.puntaje === null ? 'Sin puntaje' : numeroEs(l.puntaje, 2)],
    ['Notas de cata', l.notasCata.join(', ') || '—'],
    ['Precio', `${numeroEs(l.precioKg, 2)} ${l.moneda} por kg, ${INCOTERM_LABELS[l.incoterm]}`],
    [
      'Disponibles',
      `${numeroEs(fila.sacos, 0)} ${fila.sacos === 1 ? 'saco' : 'sacos'} de ${l.pesoSacoKg} kg (mínimo ${l.loteMinimoSacos})`,
    ],
    ['Posición', fila.posicion],
    ['Certificaciones', l.certificaciones.map((c) => CERTIFICACION_LABELS[c]).join(', ') || '—'],
    ['Enlace', fila.enlace],
  ];
  return [
    { text: l.nombre, style: 'titulo', ...(primera ? {} : { pageBreak: 'before' as const }) },
    tablaDeTerminos(filas),
    ...(l.descripcion ? [{ text: 'Descripción', style: 'subtitulo' }, { text: l.descripcion }] : []),
  ];
}

/** The list as a PDF: one page per lot, the terms a buyer compares, and its link. */
export function ofertaPdf(lotes: Lote[], filas: FilaOferta[], hoy: Date): Promise<Buffer> {
  const fecha = new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(hoy);
  return renderPdf({
    titulo: 'Oferta de lotes de café verde',
    referencia: `${lotes.length} ${lotes.length === 1 ? 'lote' : 'lotes'} · ${fecha}`,
    contenido: lotes.flatMap((l, i) => paginaDeLote(l, filas[i], i === 0)),
    pie: 'Precios y disponibilidad a la fecha de la descarga; el contrato de cada pedido fija los términos.',
  });
}
