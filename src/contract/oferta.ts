/**
 * The offer list to take away (issue 32): the catalogue's current filters downloaded as a spreadsheet (CSV, Excel)
 * or a one-page-per-lot PDF, the way importers send their offer lists. The query is the catalogue's own
 * (`LotesQuerySchema`); page, limit and view are ignored: the list holds every lot the filters match.
 */
export const OFERTA_FORMATOS = ['csv', 'xlsx', 'pdf'] as const;
export type OfertaFormato = (typeof OFERTA_FORMATOS)[number];

export const OFERTA_FORMATO_LABELS: Record<OfertaFormato, string> = {
  csv: 'CSV',
  xlsx: 'Excel',
  pdf: 'PDF',
};

export const OFERTA_LIMITS = {
  /** Rows of a spreadsheet: far above any real offer list, and a bound on the work of one request. */
  filas: 5000,
  /** Pages of the PDF (one per lot): past this, the buyer narrows the filters. */
  paginasPdf: 200,
} as const;

/** The columns, in order, with their Spanish headers: the CSV and the workbook share them. */
export const OFERTA_COLUMNAS = [
  ['codigo', 'Código'],
  ['origen', 'Origen'],
  ['region', 'Región'],
  ['finca', 'Finca'],
  ['variedad', 'Variedad'],
  ['proceso', 'Proceso'],
  ['puntaje', 'Puntaje'],
  ['precioKg', 'Precio por kg'],
  ['moneda', 'Moneda'],
  ['incoterm', 'Incoterm'],
  ['sacos', 'Sacos disponibles'],
  ['pesoSacoKg', 'Peso del saco (kg)'],
  ['posicion', 'Posición'],
  ['enlace', 'Enlace'],
] as const;

export type OfertaColumna = (typeof OFERTA_COLUMNAS)[number][0];

/** The download's file name: `oferta-cereza-2026-11-27.xlsx`. */
export const ofertaArchivo = (formato: OfertaFormato, hoy: Date) =>
  `oferta-cereza-${hoy.toISOString().slice(0, 10)}.${formato}`;

export const OFERTA_MESSAGES = {
  demasiadosParaPdf: (n: number) =>
    `El PDF admite como máximo ${OFERTA_LIMITS.paginasPdf} lotes y tus filtros encuentran ${n}: acota la búsqueda o descarga la hoja de cálculo.`,
  demasiados: (n: number) =>
    `La lista admite como máximo ${OFERTA_LIMITS.filas} lotes y tus filtros encuentran ${n}: acota la búsqueda.`,
} as const;
