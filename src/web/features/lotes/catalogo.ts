import type { Certificacion, Incoterm, LoteStatus, OrdenLotes, Posicion, Proceso } from '../../../contract/lotes';

/*
 * Zod-free copies of the lot contract's codes, labels and countries. The catalogue (/lotes, /lote/:id) must
 * stay within its JavaScript budget, and importing any value from contract/lotes.ts pulls in zod (~34 KB
 * gzip) because its schemas are built at module load. catalogo.test.ts fails if these ever drift from the
 * contract, so the contract stays the one source of truth.
 */

export const PROCESO_LABELS: Record<Proceso, string> = {
  LAVADO: 'Lavado',
  NATURAL: 'Natural',
  HONEY: 'Honey',
  SEMI_LAVADO: 'Semilavado',
  ANAEROBICO: 'Anaeróbico',
  EXPERIMENTAL: 'Experimental',
};

export const CERTIFICACION_LABELS: Record<Certificacion, string> = {
  ORGANICO: 'Orgánico',
  COMERCIO_JUSTO: 'Comercio justo',
  RAINFOREST_ALLIANCE: 'Rainforest Alliance',
  BIRD_FRIENDLY: 'Bird Friendly',
  OTRA: 'Otra',
};

export const POSICION_LABELS: Record<Posicion, string> = {
  DISPONIBLE: 'Disponible en bodega',
  EN_TRANSITO: 'En tránsito',
  FUTURO: 'Futuro',
};

export const INCOTERM_LABELS: Record<Incoterm, string> = {
  EXW: 'EXW – En fábrica',
  FCA: 'FCA – Franco transportista',
  FOB: 'FOB – Franco a bordo',
  DAP: 'DAP – Entregado en lugar',
};

export const LOTE_STATUS_LABELS: Record<LoteStatus, string> = {
  POR_ENVIAR: 'Muestra por enviar',
  EN_REVISION: 'En revisión',
  VERIFICADO: 'Verificado',
  RECHAZADO: 'Rechazado',
};

export const ORDEN_LABELS: Record<OrdenLotes, string> = {
  relevancia: 'Relevancia',
  recientes: 'Más recientes',
  puntaje: 'Mayor puntaje',
  precio_asc: 'Precio: de menor a mayor',
  precio_desc: 'Precio: de mayor a menor',
};

export const PROCESOS = Object.keys(PROCESO_LABELS) as Proceso[];
export const CERTIFICACIONES = Object.keys(CERTIFICACION_LABELS) as Certificacion[];
export const POSICIONES = Object.keys(POSICION_LABELS) as Posicion[];
export const ORDENES = Object.keys(ORDEN_LABELS) as OrdenLotes[];

export const PAGE_LIMIT_DEFAULT = 12;

/** Coffee origins (ISO 3166 alpha-2), in the contract's order. */
export const PAISES_ORIGEN: ReadonlyArray<{ code: string; nombre: string }> = [
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
].map(([code, nombre]) => ({ code, nombre }));

const NOMBRES = new Map(PAISES_ORIGEN.map((p) => [p.code, p.nombre]));
/** Spanish name of an origin; other codes (rare for a lot) fall back to the browser's Spanish region names. */
export function nombrePais(code: string): string {
  const upper = code.toUpperCase();
  const known = NOMBRES.get(upper);
  if (known) return known;
  try {
    return new Intl.DisplayNames(['es'], { type: 'region' }).of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** The flag emoji of an ISO 3166 alpha-2 code: two regional-indicator symbols. */
export function banderaEmoji(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
