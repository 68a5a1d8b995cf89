import { DOMParser } from '@xmldom/xmldom';
import { kml } from '@tmcw/togeojson';
import { parseString } from '@fast-csv/parse';
import JSZip from 'jszip';
import { read as readShapefile } from 'shapefile';
import type { Feature, Geometry, Position } from 'geojson';
import type { GeometriaParcela } from '../../../contract/fincas';
import { PAIS_NAMES } from '../../../contract/lotes-codes';
import { IMPORT_MESSAGES as M, type FilaImportada, type ImportFormato } from '../../../contract/parcelas-import';
import { badRequest } from '../../errors';

/*
 * Reading what producers have (issue 30 §Import): GeoJSON, KML (Google Earth, field apps), a zipped shapefile and a CSV
 * of farms with latitude, longitude and hectares. Each format becomes a list of rows (the plot's fields and geometry,
 * or the reason the row cannot be read); the rules are judged afterwards, row by row (service.importParcelas).
 */

export interface FilaLeida {
  fila: number;
  nombre: string | null;
  productorNombre: string | null;
  region: string | null;
  municipio: string | null;
  pais: string | null;
  hectareas: number | null;
  geometria: GeometriaParcela | null;
  decimalesEscritos?: number;
  /** Why the row could not be read at all (no geometry, a line instead of a polygon...). */
  problema?: string;
}

export const IMPORT_MAX_FILAS = 5000;

export function formatoDe(nombreArchivo: string, buf: Buffer): ImportFormato | undefined {
  const ext = nombreArchivo.toLowerCase().split('.').pop() ?? '';
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  if (ext === 'kml') return 'kml';
  if (ext === 'zip' || (buf[0] === 0x50 && buf[1] === 0x4b)) return 'shapefile';
  if (ext === 'csv' || ext === 'txt') return 'csv';
  return undefined;
}

export async function readArchivo(formato: ImportFormato, buf: Buffer): Promise<FilaLeida[]> {
  const filas = await read(formato, buf);
  if (!filas.length) throw badRequest('VALIDATION_ERROR', M.VACIO, { file: M.VACIO });
  if (filas.length > IMPORT_MAX_FILAS) {
    throw badRequest('VALIDATION_ERROR', M.DEMASIADAS(IMPORT_MAX_FILAS), { file: M.DEMASIADAS(IMPORT_MAX_FILAS) });
  }
  return filas;
}

async function read(formato: ImportFormato, buf: Buffer): Promise<FilaLeida[]> {
  const ilegible = (m: string) => badRequest('VALIDATION_ERROR', m, { file: m });
  if (formato === 'csv') return readCsv(buf.toString('utf8').replace(/^\uFEFF/, ''));
  if (formato === 'geojson') {
    let doc: unknown;
    try {
      doc = JSON.parse(buf.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw ilegible(M.GEOJSON_ILEGIBLE);
    }
    return desdeFeatures(featuresDe(doc) ?? throwIt(ilegible(M.GEOJSON_ILEGIBLE)));
  }
  if (formato === 'kml') {
    const errores: string[] = [];
    const dom = new DOMParser({ onError: (level, msg) => level !== 'warning' && errores.push(msg) }).parseFromString(
      buf.toString('utf8'),
      'text/xml',
    );
    if (errores.length || !dom.documentElement || dom.getElementsByTagName('kml').length === 0) {
      throw ilegible(M.KML_ILEGIBLE);
    }
    // xmldom's Document is the W3C one togeojson reads.
    const fc = kml(dom as unknown as Document);
    return desdeFeatures(fc.features as Feature[]);
  }
  return readZipShapefile(buf, ilegible);
}

function throwIt(e: Error): never {
  throw e;
}

async function readZipShapefile(buf: Buffer, ilegible: (m: string) => Error): Promise<FilaLeida[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buf);
  } catch {
    throw ilegible(M.ZIP_ILEGIBLE);
  }
  const archivos = Object.values(zip.files).filter((f) => !f.dir && !f.name.startsWith('__MACOSX/'));
  const shp = archivos.find((f) => f.name.toLowerCase().endsWith('.shp'));
  if (!shp) throw ilegible(M.SIN_SHP);
  const base = shp.name.slice(0, -4).toLowerCase();
  const hermano = (ext: string) => archivos.find((f) => f.name.toLowerCase() === `${base}.${ext}`);
  const prj = hermano('prj');
  if (prj) {
    const texto = await prj.async('string');
    // WGS84 in geographic degrees only: a projected shapefile (UTM...) would need reprojection we do not do.
    if (/PROJCS/i.test(texto) || !/WGS[_ ]?(19)?84/i.test(texto)) throw ilegible(M.PROYECCION);
  }
  const dbf = hermano('dbf');
  try {
    const fc = await readShapefile(await shp.async('uint8array'), dbf ? await dbf.async('uint8array') : undefined, {
      encoding: 'utf-8',
    });
    return desdeFeatures(fc.features as Feature[]);
  } catch {
    throw ilegible(M.SHP_ILEGIBLE);
  }
}

function featuresDe(doc: unknown): Feature[] | undefined {
  if (!doc || typeof doc !== 'object') return undefined;
  const d = doc as { type?: string; features?: unknown; geometry?: unknown; coordinates?: unknown };
  if (d.type === 'FeatureCollection' && Array.isArray(d.features)) return d.features as Feature[];
  if (d.type === 'Feature') return [d as Feature];
  if (typeof d.type === 'string' && d.coordinates)
    return [{ type: 'Feature', properties: {}, geometry: d as Geometry }];
  return undefined;
}

/** A property by any of the names files use for it (our Spanish ones, the EU Information System's, English). */
function prop(p: Record<string, unknown>, ...nombres: string[]): unknown {
  const llaves = Object.keys(p);
  for (const n of nombres) {
    const k = llaves.find((x) => x.toLowerCase() === n.toLowerCase());
    if (k && p[k] != null && p[k] !== '') return p[k];
  }
  return undefined;
}
const texto = (v: unknown) => (v == null ? null : String(v).trim().slice(0, 120) || null);
function numero(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() && Number.isFinite(n) ? n : null;
}
function pais(v: unknown): string | null {
  const t = texto(v);
  if (!t) return null;
  const code = t.toUpperCase();
  if (PAIS_NAMES.has(code)) return code;
  for (const [c, nombre] of PAIS_NAMES) if (nombre.toLowerCase() === t.toLowerCase()) return c;
  return code;
}

const sinAltitud = (p: Position): Position => [p[0], p[1]];

/** A feature's geometry as a plot's: points and polygons as they are, several polygons as one MultiPolygon. */
function geometriaDe(g: Geometry | null): GeometriaParcela | string {
  if (!g) return M.SIN_GEOMETRIA;
  switch (g.type) {
    case 'Point':
      return { type: 'Point', coordinates: sinAltitud(g.coordinates) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: g.coordinates.map((r) => r.map(sinAltitud)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map((r) => r.map(sinAltitud))) };
    case 'GeometryCollection': {
      const partes = g.geometries.map(geometriaDe).filter((x): x is GeometriaParcela => typeof x !== 'string');
      const poligonos = partes.flatMap((x) =>
        x.type === 'Polygon' ? [x.coordinates] : x.type === 'MultiPolygon' ? x.coordinates : [],
      );
      if (poligonos.length) return { type: 'MultiPolygon', coordinates: poligonos };
      const punto = partes.find((x) => x.type === 'Point');
      return punto ?? M.GEOMETRIA_NO_ADMITIDA(g.type);
    }
    default:
      return M.GEOMETRIA_NO_ADMITIDA(g.type);
  }
}

function desdeFeatures(features: Feature[]): FilaLeida[] {
  return features.map((f, i) => {
    const p = (f?.properties ?? {}) as Record<string, unknown>;
    const g = geometriaDe(f?.geometry ?? null);
    return {
      fila: i + 1,
      nombre: texto(prop(p, 'nombre', 'name', 'ProductionPlace', 'finca', 'plot')),
      productorNombre: texto(prop(p, 'productor', 'ProducerName', 'producer', 'farmer')),
      region: texto(prop(p, 'region', 'región', 'departamento', 'state')),
      municipio: texto(prop(p, 'municipio', 'municipality')),
      pais: pais(prop(p, 'pais', 'país', 'ProducerCountry', 'country')),
      hectareas: numero(prop(p, 'hectareas', 'hectáreas', 'ha', 'Area', 'area_ha')),
      geometria: typeof g === 'string' ? null : g,
      problema: typeof g === 'string' ? g : undefined,
    };
  });
}

/** Decimals as written: "1.803450" has six. */
const decimalesEscritos = (s: string) => s.trim().replace(',', '.').split('.')[1]?.length ?? 0;

async function readCsv(contenido: string): Promise<FilaLeida[]> {
  const primera = contenido.split(/\r?\n/, 1)[0] ?? '';
  // A Spanish spreadsheet writes decimal commas and separates columns with semicolons.
  const delimiter = (primera.match(/;/g)?.length ?? 0) > (primera.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows = await new Promise<Record<string, string>[]>((resolve, reject) => {
    const out: Record<string, string>[] = [];
    parseString(contenido, {
      headers: (hs) => hs.map((h) => h?.trim().toLowerCase()),
      delimiter,
      ignoreEmpty: true,
      trim: true,
      strictColumnHandling: false,
      discardUnmappedColumns: true,
    })
      .on('error', reject)
      .on('data', (r: Record<string, string>) => out.push(r))
      .on('end', () => resolve(out));
  }).catch(() => {
    throw badRequest('VALIDATION_ERROR', M.CSV_ILEGIBLE, { file: M.CSV_ILEGIBLE });
  });
  if (rows.length) {
    const cols = Object.keys(rows[0]);
    const tiene = (...ns: string[]) => ns.some((n) => cols.includes(n));
    if (!tiene('latitud', 'lat', 'latitude') || !tiene('longitud', 'lon', 'lng', 'longitude')) {
      throw badRequest('VALIDATION_ERROR', M.CSV_COLUMNAS, { file: M.CSV_COLUMNAS });
    }
  }
  return rows.map((r, i) => {
    const latS = String(prop(r, 'latitud', 'lat', 'latitude') ?? '');
    const lonS = String(prop(r, 'longitud', 'lon', 'lng', 'longitude') ?? '');
    const lat = numero(latS);
    const lon = numero(lonS);
    const base = {
      fila: i + 2, // the spreadsheet's own row number: the header is row 1
      nombre: texto(prop(r, 'nombre', 'finca', 'name')),
      productorNombre: texto(prop(r, 'productor', 'producer')),
      region: texto(prop(r, 'region', 'región', 'departamento')),
      municipio: texto(prop(r, 'municipio')),
      pais: pais(prop(r, 'pais', 'país', 'country')),
      hectareas: numero(prop(r, 'hectareas', 'hectáreas', 'ha', 'area')),
    };
    if (lat == null || lon == null) return { ...base, geometria: null, problema: M.CSV_SIN_COORDENADAS };
    return {
      ...base,
      geometria: { type: 'Point' as const, coordinates: [lon, lat] },
      decimalesEscritos: Math.max(decimalesEscritos(latS), decimalesEscritos(lonS)),
    };
  });
}

export type { FilaImportada };
