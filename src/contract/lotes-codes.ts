/*
 * The lot contract's codes, Spanish labels, countries and limits, without zod: the public catalogue imports
 * these, and zod would cost it ~34 KB gzip. src/contract/lotes.ts builds its schemas on them and re-exports them.
 */

// ---------------------------------------------------------------------------------------------------------
// Enumerations with their Spanish labels
// ---------------------------------------------------------------------------------------------------------

export const PROCESOS = ['LAVADO', 'NATURAL', 'HONEY', 'SEMI_LAVADO', 'ANAEROBICO', 'EXPERIMENTAL'] as const;
export type Proceso = (typeof PROCESOS)[number];
export const PROCESO_LABELS: Record<Proceso, string> = {
  LAVADO: 'Lavado',
  NATURAL: 'Natural',
  HONEY: 'Honey',
  SEMI_LAVADO: 'Semilavado',
  ANAEROBICO: 'Anaeróbico',
  EXPERIMENTAL: 'Experimental',
};

export const INCOTERMS = ['EXW', 'FCA', 'FOB', 'DAP'] as const;

/**
 * Whether an incoterm's named place is the buyer's (issue 25): the C-terms (CPT, CIP, CFR, CIF) name the
 * destination carriage is paid to and the D-terms (DAP, DPU, DDP) the place of delivery, so the buyer must give
 * it; EXW, FCA and FOB name a place at origin, the lot's.
 */
export const lugarDelComprador = (incoterm: string): boolean => /^[CD]/i.test(incoterm.trim());
export type Incoterm = (typeof INCOTERMS)[number];
export const INCOTERM_LABELS: Record<Incoterm, string> = {
  EXW: 'EXW – En fábrica',
  FCA: 'FCA – Franco transportista',
  FOB: 'FOB – Franco a bordo',
  DAP: 'DAP – Entregado en lugar',
};

export const MONEDAS = ['USD', 'EUR', 'GBP', 'COP', 'BRL', 'MXN', 'PEN'] as const;
export type Moneda = (typeof MONEDAS)[number];
export const MONEDA_DEFAULT: Moneda = 'USD';
export const MONEDA_LABELS: Record<Moneda, string> = {
  USD: 'Dólar estadounidense (USD)',
  EUR: 'Euro (EUR)',
  GBP: 'Libra esterlina (GBP)',
  COP: 'Peso colombiano (COP)',
  BRL: 'Real brasileño (BRL)',
  MXN: 'Peso mexicano (MXN)',
  PEN: 'Sol peruano (PEN)',
};

export const CERTIFICACIONES = ['ORGANICO', 'COMERCIO_JUSTO', 'RAINFOREST_ALLIANCE', 'BIRD_FRIENDLY', 'OTRA'] as const;
export type Certificacion = (typeof CERTIFICACIONES)[number];
export const CERTIFICACION_LABELS: Record<Certificacion, string> = {
  ORGANICO: 'Orgánico',
  COMERCIO_JUSTO: 'Comercio justo',
  RAINFOREST_ALLIANCE: 'Rainforest Alliance',
  BIRD_FRIENDLY: 'Bird Friendly',
  OTRA: 'Otra',
};

export const POSICIONES = ['DISPONIBLE', 'EN_TRANSITO', 'FUTURO'] as const;
export type Posicion = (typeof POSICIONES)[number];
export const POSICION_LABELS: Record<Posicion, string> = {
  DISPONIBLE: 'Disponible en bodega',
  EN_TRANSITO: 'En tránsito',
  FUTURO: 'Futuro',
};

/** Quality-control state of the lot's reference sample (docs/product.md §10); only the platform's lab changes it. */
export const LOTE_STATUS = ['POR_ENVIAR', 'EN_REVISION', 'VERIFICADO', 'RECHAZADO'] as const;
export type LoteStatus = (typeof LOTE_STATUS)[number];
export const LOTE_STATUS_LABELS: Record<LoteStatus, string> = {
  POR_ENVIAR: 'Muestra por enviar',
  EN_REVISION: 'En revisión',
  VERIFICADO: 'Verificado',
  RECHAZADO: 'Rechazado',
};

export const PESOS_SACO = [30, 35, 46, 60, 69, 70] as const;
export type PesoSaco = (typeof PESOS_SACO)[number];
export const PESO_SACO_LABELS: Record<PesoSaco, string> = {
  30: 'Saco de 30 kg',
  35: 'Saco de 35 kg',
  46: 'Saco de 46 kg',
  60: 'Saco de 60 kg',
  69: 'Saco de 69 kg',
  70: 'Saco de 70 kg',
};

export const LOTE_SORTS = ['relevancia', 'recientes', 'puntaje', 'precio_asc', 'precio_desc'] as const;
export type LoteSort = (typeof LOTE_SORTS)[number];
export const SORT_LABELS: Record<LoteSort, string> = {
  relevancia: 'Relevancia',
  recientes: 'Más recientes',
  puntaje: 'Mayor puntaje',
  precio_asc: 'Precio: de menor a mayor',
  precio_desc: 'Precio: de mayor a menor',
};

/** Common varieties offered in the form's searchable select; the producer may type any other. */
export const SUGGESTED_VARIEDADES = [
  'Caturra',
  'Castillo',
  'Colombia',
  'Typica',
  'Bourbon',
  'Bourbon Rosado',
  'Bourbon Amarillo',
  'Geisha',
  'Pacamara',
  'Maragogipe',
  'SL28',
  'SL34',
  'Ruiru 11',
  'Batian',
  'Heirloom',
  '74110',
  '74112',
  'Catuaí',
  'Mundo Novo',
  'Catimor',
  'Sarchimor',
  'Sidra',
  'Wush Wush',
  'Java',
  'Laurina',
  'Tabi',
  'Cenicafé 1',
  'Marsellesa',
  'Parainema',
  'Lempira',
  'Obatá',
] as const;

// ---------------------------------------------------------------------------------------------------------
// Countries (ISO 3166 alpha-2): coffee origins first, then the usual buyer countries
// ---------------------------------------------------------------------------------------------------------

export interface Pais {
  code: string;
  nombre: string;
  origen: boolean;
}

const ORIGENES: Array<[string, string]> = [
  ['CO', 'Colombia'],
  ['BR', 'Brasil'],
  ['ET', 'Etiopía'],
  ['KE', 'Kenia'],
  ['PE', 'Perú'],
  ['EC', 'Ecuador'],
  ['BO', 'Bolivia'],
  ['HN', 'Honduras'],
  ['GT', 'Guatemala'],
  ['SV', 'El Salvador'],
  ['NI', 'Nicaragua'],
  ['CR', 'Costa Rica'],
  ['PA', 'Panamá'],
  ['MX', 'México'],
  ['DO', 'República Dominicana'],
  ['JM', 'Jamaica'],
  ['CU', 'Cuba'],
  ['HT', 'Haití'],
  ['PR', 'Puerto Rico'],
  ['VE', 'Venezuela'],
  ['RW', 'Ruanda'],
  ['BI', 'Burundi'],
  ['TZ', 'Tanzania'],
  ['UG', 'Uganda'],
  ['CD', 'República Democrática del Congo'],
  ['CM', 'Camerún'],
  ['MW', 'Malaui'],
  ['ZM', 'Zambia'],
  ['ZW', 'Zimbabue'],
  ['YE', 'Yemen'],
  ['IN', 'India'],
  ['ID', 'Indonesia'],
  ['VN', 'Vietnam'],
  ['LA', 'Laos'],
  ['TH', 'Tailandia'],
  ['MM', 'Myanmar'],
  ['CN', 'China'],
  ['PG', 'Papúa Nueva Guinea'],
  ['TL', 'Timor Oriental'],
  ['PH', 'Filipinas'],
];

const COMPRADORES: Array<[string, string]> = [
  ['ES', 'España'],
  ['US', 'Estados Unidos'],
  ['CA', 'Canadá'],
  ['DE', 'Alemania'],
  ['FR', 'Francia'],
  ['IT', 'Italia'],
  ['PT', 'Portugal'],
  ['NL', 'Países Bajos'],
  ['BE', 'Bélgica'],
  ['GB', 'Reino Unido'],
  ['IE', 'Irlanda'],
  ['CH', 'Suiza'],
  ['AT', 'Austria'],
  ['SE', 'Suecia'],
  ['NO', 'Noruega'],
  ['DK', 'Dinamarca'],
  ['FI', 'Finlandia'],
  ['PL', 'Polonia'],
  ['CZ', 'Chequia'],
  ['GR', 'Grecia'],
  ['TR', 'Turquía'],
  ['IL', 'Israel'],
  ['AE', 'Emiratos Árabes Unidos'],
  ['SA', 'Arabia Saudí'],
  ['JP', 'Japón'],
  ['KR', 'Corea del Sur'],
  ['TW', 'Taiwán'],
  ['SG', 'Singapur'],
  ['HK', 'Hong Kong'],
  ['AU', 'Australia'],
  ['NZ', 'Nueva Zelanda'],
  ['CL', 'Chile'],
  ['AR', 'Argentina'],
  ['UY', 'Uruguay'],
];

export const PAISES: readonly Pais[] = [
  ...ORIGENES.map(([code, nombre]) => ({ code, nombre, origen: true })),
  ...COMPRADORES.map(([code, nombre]) => ({ code, nombre, origen: false })),
];
export const PAISES_ORIGEN: readonly Pais[] = PAISES.filter((p) => p.origen);
export const PAIS_NAMES = new Map(PAISES.map((p) => [p.code, p.nombre]));
export const paisName = (code: string): string => PAIS_NAMES.get(code.toUpperCase()) ?? code;

/** The label the parties' pages show on a retired lot (docs/decisions/046); here, without zod, for the lot page. */
export const LOTE_RETIRADO_LABEL = 'Lote retirado';

export const LOTE_LIMITS = {
  notasCata: 8,
  galeriaLote: 12,
  variedades: 10,
  certificaciones: CERTIFICACIONES.length,
  altitudMax: 6000,
  precioKgMax: 100_000,
  sacosMax: 1_000_000,
  pageLimitDefault: 12,
  pageLimitMax: 60,
  productorPageLimitMax: 100,
} as const;

/** Every uploaded photo is stored in these widths (px), as …-sm, …-md and …-lg with one base name. */
export const IMAGE_SIZES = { sm: 400, md: 800, lg: 1600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

// ---------------------------------------------------------------------------------------------------------
// Price and its breakdown (docs/decisions/016-el-desglose-del-precio.md)
// ---------------------------------------------------------------------------------------------------------

/** Cereza's commission: this share of every lot's price per kg. The About page and the guides show it. */
export const COMISION_RATE = 0.04;
/** "4 %", as the interface writes the rate. */
export const COMISION_LABEL = `${Math.round(COMISION_RATE * 1000) / 10} %`.replace('.', ',');

const toCents = (v: number) => Math.round(v * 100);
/** The commission on a price per kg in minor units: the rate, rounded to the unit (no ties: the rate is 1/25). */
export const comisionKgCentavos = (precioCents: number) => Math.round(precioCents * COMISION_RATE);

/** The commission on a price per kg: the rate, rounded to the cent. */
export const comisionOf = (precioKg: number): number => comisionKgCentavos(toCents(precioKg)) / 100;

/**
 * The price per kg a breakdown gives: the lowest price whose commission, added to the farm price and the export
 * costs, makes the price itself (precio = finca + exportación + comisión, comisión = tasa × precio).
 */
export function precioFromDesglose(precioFinca: number, costosExportacion: number): number {
  const net = toCents(precioFinca) + toCents(costosExportacion);
  let precio = Math.max(0, Math.floor(net / (1 - COMISION_RATE)) - 2);
  while (precio - comisionKgCentavos(precio) < net) precio++;
  return precio / 100;
}

/** Whether a price per kg is exactly farm price + export costs + its commission (to the cent). */
export const desgloseMatches = (precioKg: number, precioFinca: number, costosExportacion: number): boolean =>
  toCents(precioKg) === toCents(precioFinca) + toCents(costosExportacion) + comisionKgCentavos(toCents(precioKg));
