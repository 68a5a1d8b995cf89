/* Importing plots (issue 30 §Import): formats, row verdicts and messages. Zod-free. */

export const IMPORT_FORMATOS = ['geojson', 'kml', 'shapefile', 'csv'] as const;
export type ImportFormato = (typeof IMPORT_FORMATOS)[number];
export const IMPORT_FORMATO_LABELS: Record<ImportFormato, string> = {
  geojson: 'GeoJSON',
  kml: 'KML (Google Earth)',
  shapefile: 'Shapefile comprimido (.zip)',
  csv: 'CSV (latitud, longitud, hectáreas)',
};
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** One row or feature of the file and its verdict. */
export interface FilaImportada {
  fila: number;
  nombre: string;
  /** valida: created on confirmation; aviso: created on confirmation, with its warnings recorded; error: not created. */
  estado: 'valida' | 'aviso' | 'error';
  mensajes: string[];
  tipo: 'Point' | 'Polygon' | 'MultiPolygon' | null;
  hectareas: number | null;
  /** A refused row's data as read, so that the producer can fix it in the plot form (on the map). */
  borrador?: {
    productorNombre: string | null;
    region: string | null;
    municipio: string | null;
    pais: string | null;
    ubicacion:
      | { type: 'Point'; coordinates: number[] }
      | { type: 'Polygon'; coordinates: number[][][] }
      | { type: 'MultiPolygon'; coordinates: number[][][][] }
      | null;
  };
}

export const IMPORT_MESSAGES = {
  FORMATO: 'Formato no admitido: sube un GeoJSON, un KML, un shapefile comprimido (.zip) o un CSV.',
  SIN_ARCHIVO: 'Adjunta un archivo.',
  DEMASIADO_GRANDE: 'El archivo supera el máximo de 20 MB.',
  VACIO: 'El archivo no tiene ninguna parcela.',
  DEMASIADAS: (max: number) => `El archivo tiene más de ${max} parcelas: divídelo en varios.`,
  GEOJSON_ILEGIBLE: 'El archivo no es un GeoJSON válido (se espera una FeatureCollection).',
  KML_ILEGIBLE: 'El archivo no es un KML válido.',
  ZIP_ILEGIBLE: 'El archivo no es un .zip válido.',
  SIN_SHP: 'El .zip no contiene ningún archivo .shp.',
  SHP_ILEGIBLE: 'No pudimos leer el shapefile (¿faltan el .shp o el .dbf, o están dañados?).',
  PROYECCION: 'El shapefile no está en WGS84 (grados de longitud y latitud): expórtalo en EPSG:4326.',
  CSV_ILEGIBLE: 'No pudimos leer el CSV.',
  CSV_COLUMNAS:
    'El CSV necesita las columnas latitud y longitud (y hectareas; opcionales: nombre, productor, region, municipio, pais).',
  CSV_SIN_COORDENADAS: 'Faltan la latitud o la longitud, o no son números.',
  SIN_GEOMETRIA: 'La fila no tiene geometría.',
  GEOMETRIA_NO_ADMITIDA: (tipo: string) => `Geometría ${tipo} no admitida: se espera un punto o un polígono.`,
  AREA_TOMADA: (ha: string) => `Sin hectáreas declaradas: se toma el área del polígono (${ha} ha).`,
  SIN_PAIS: 'Sin país: se toma el de tu perfil.',
  NOMBRE_POR_DEFECTO: (n: number) => `Parcela ${n}`,
  ANALIZADO: (validas: number, errores: number) =>
    `${validas} ${validas === 1 ? 'parcela válida' : 'parcelas válidas'} y ${errores} con errores. Confirma para crear las válidas.`,
  CREADAS: (n: number) => `${n} ${n === 1 ? 'parcela creada' : 'parcelas creadas'}.`,
  NADA_QUE_CREAR: 'Ninguna fila es válida: no se creó nada.',
} as const;
