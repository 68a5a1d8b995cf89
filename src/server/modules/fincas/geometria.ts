import { area } from '@turf/area';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { featureCollection, feature } from '@turf/helpers';
import { intersect } from '@turf/intersect';
import { kinks } from '@turf/kinks';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import {
  AREA_TOLERANCIA_MIN_HA,
  AREA_TOLERANCIA_RELATIVA,
  EUDR_DECIMALES_MIN,
  EUDR_HECTAREAS_PUNTO_MAX,
  PAIS_DUDA_KM,
  PARCELA_MESSAGES as M,
  SOLAPE_MIN_M2,
  type HallazgoParcela,
} from '../../../contract/parcelas-codes';
import type { GeometriaParcela } from '../../../contract/fincas';
import { paisName } from '../../../contract/lotes-codes';
import { bordeDe, dentroDe } from './paises-geo';

/*
 * The EUDR rules of a plot's geometry (issue 30, decision 058). Every rule answers in Spanish; errors refuse the plot,
 * warnings wait for the producer's confirmation. The same function judges the form, the API and each imported row.
 */

export interface ParcelaAJuzgar {
  geometria: GeometriaParcela;
  hectareas: number | null | undefined;
  pais: string;
  /** Decimals as the producer wrote them (CSV), when the JSON number lost its trailing zeros. */
  decimalesEscritos?: number;
}

export interface Veredicto {
  hallazgos: HallazgoParcela[];
  /** Geodesic area of the polygon in hectares; null for a point. */
  areaCalculadaHa: number | null;
}

/** Decimals in a number's shortest form: 4.6 has one, 4.123456 six. */
export function decimalesDe(n: number): number {
  const s = String(n);
  const e = s.match(/e-(\d+)$/);
  if (e) return Number(e[1]) + (s.split('e')[0].split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}

function posiciones(g: GeometriaParcela): Position[] {
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'Polygon') return g.coordinates.flat();
  return g.coordinates.flat(2);
}

const anillos = (g: GeometriaParcela): Position[][] =>
  g.type === 'Point' ? [] : g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();

const error = (regla: HallazgoParcela['regla'], campo: HallazgoParcela['campo'], mensaje: string): HallazgoParcela => ({
  regla,
  nivel: 'error',
  campo,
  mensaje,
});

/** Every rule that needs only the plot itself (overlap with the organisation's others: `solapes`). */
export function juzgarParcela(p: ParcelaAJuzgar): Veredicto {
  const hallazgos: HallazgoParcela[] = [];
  const g = p.geometria;
  const pts = posiciones(g);

  // 1. [longitude, latitude], in range. A latitude beyond ±90 with a longitude within it is the classic swap.
  for (const [lon, lat] of pts) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) {
      hallazgos.push(error('COORDENADAS', 'ubicacion', M.NO_NUMERO));
      return { hallazgos, areaCalculadaHa: null };
    }
    if (Math.abs(lat) > 90 && Math.abs(lon) <= 90) {
      hallazgos.push(error('COORDENADAS', 'ubicacion', M.INVERTIDAS(lon, lat)));
      return { hallazgos, areaCalculadaHa: null };
    }
    if (Math.abs(lon) > 180) hallazgos.push(error('COORDENADAS', 'ubicacion', M.RANGO_LONGITUD(lon)));
    if (Math.abs(lat) > 90) hallazgos.push(error('COORDENADAS', 'ubicacion', M.RANGO_LATITUD(lat)));
    if (hallazgos.length) return { hallazgos, areaCalculadaHa: null };
  }

  // 2. Six decimals: the geometry's precision is the most decimals any of its numbers carries (a true trailing zero
  // is lost by JSON, so one coordinate ending in 0 must not refuse the plot; decision 058).
  const decimales =
    p.decimalesEscritos ?? Math.max(...pts.flatMap(([lon, lat]) => [decimalesDe(lon), decimalesDe(lat)]));
  if (decimales < EUDR_DECIMALES_MIN) hallazgos.push(error('DECIMALES', 'ubicacion', M.DECIMALES(decimales)));

  // 3. Closed rings of at least four positions.
  let cerrados = true;
  for (const ring of anillos(g)) {
    if (ring.length < 4) {
      hallazgos.push(error('ANILLO_CERRADO', 'ubicacion', M.ANILLO_CORTO));
      cerrados = false;
      break;
    }
    const [a, b] = [ring[0], ring[ring.length - 1]];
    if (a[0] !== b[0] || a[1] !== b[1]) {
      hallazgos.push(error('ANILLO_CERRADO', 'ubicacion', M.ANILLO_ABIERTO));
      cerrados = false;
      break;
    }
  }

  // 4. No self-intersection (a bow tie); turf's kinks reports each crossing.
  let sinCruces = cerrados;
  if (cerrados && g.type !== 'Point') {
    const cruces = kinks(feature(g as Polygon | MultiPolygon)).features;
    if (cruces.length) {
      const [lon, lat] = cruces[0].geometry.coordinates;
      hallazgos.push(error('AUTOINTERSECCION', 'ubicacion', M.AUTOINTERSECCION(lon, lat)));
      sinCruces = false;
    }
  }

  // 5. Above 4 ha a polygon; 6. the polygon's geodesic area agrees with the declared one.
  let areaCalculadaHa: number | null = null;
  const declarada = p.hectareas ?? null;
  if (g.type === 'Point') {
    if (declarada == null) hallazgos.push(error('AREA', 'hectareas', M.SIN_HECTAREAS));
    else if (declarada > EUDR_HECTAREAS_PUNTO_MAX) {
      hallazgos.push(error('POLIGONO_REQUERIDO', 'ubicacion', M.POLIGONO_REQUERIDO(declarada)));
    }
  } else if (sinCruces) {
    areaCalculadaHa = area(g) / 10_000;
    if (declarada == null) hallazgos.push(error('AREA', 'hectareas', M.SIN_HECTAREAS));
    else {
      const tolerancia = Math.max(areaCalculadaHa * AREA_TOLERANCIA_RELATIVA, AREA_TOLERANCIA_MIN_HA);
      if (Math.abs(declarada - areaCalculadaHa) > tolerancia) {
        hallazgos.push(error('AREA', 'hectareas', M.AREA(declarada, areaCalculadaHa)));
      }
    }
  }

  // 7. In its declared country (coarse borders: near the border is a warning).
  if (!hallazgos.some((h) => h.regla === 'COORDENADAS')) hallazgos.push(...juzgarPais(pts, p.pais));

  return { hallazgos, areaCalculadaHa };
}

function juzgarPais(pts: Position[], pais: string): HallazgoParcela[] {
  const nombre = paisName(pais);
  const borde = bordeDe(pais);
  if (!borde) return [{ regla: 'PAIS', nivel: 'aviso', campo: 'pais', mensaje: M.PAIS_SIN_MAPA(nombre) }];
  // A polygon of 2,000 vertices needs no 2,000 tests: a spread sample of at most 64 says the same at this scale.
  const paso = Math.max(1, Math.ceil(pts.length / 64));
  const muestra = pts.filter((_, i) => i % paso === 0);
  const dentro = muestra.filter(([lon, lat]) => dentroDe(borde, lon, lat)).length;
  if (dentro === muestra.length) return [];
  const cerca =
    dentro > 0 ||
    muestra.some(([lon, lat]) => alrededor(lon, lat, PAIS_DUDA_KM).some(([x, y]) => dentroDe(borde, x, y)));
  if (cerca) return [{ regla: 'PAIS', nivel: 'aviso', campo: 'pais', mensaje: M.PAIS_DUDOSO(nombre) }];
  const invertida = muestra.every(([lon, lat]) => Math.abs(lon) <= 90 && dentroDe(borde, lat, lon));
  return [error('PAIS', 'pais', invertida ? M.FUERA_DE_PAIS_INVERTIDA(nombre) : M.FUERA_DE_PAIS(nombre))];
}

/** Eight points `km` away around a position (and four at half the distance): enough to tell "near the border". */
function alrededor(lon: number, lat: number, km: number): Position[] {
  const out: Position[] = [];
  for (const d of [km / 2, km]) {
    const dLat = d / 111.32;
    const dLon = d / (111.32 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      out.push([lon + dLon * Math.cos(a), lat + dLat * Math.sin(a)]);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Overlap between the plots of one organisation
// ---------------------------------------------------------------------------------------------------------

export interface ParcelaExistente {
  id: string;
  nombre: string;
  geometria: GeometriaParcela;
}

type Caja = [number, number, number, number];
function caja(g: GeometriaParcela): Caja {
  const pts = posiciones(g);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of pts) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0, y0, x1, y1];
}
const cruzan = (a: Caja, b: Caja) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

function seSuperponen(a: GeometriaParcela, b: GeometriaParcela): boolean {
  if (a.type === 'Point' && b.type === 'Point') {
    return Math.abs(a.coordinates[0] - b.coordinates[0]) < 1e-6 && Math.abs(a.coordinates[1] - b.coordinates[1]) < 1e-6;
  }
  if (a.type === 'Point')
    return booleanPointInPolygon(a.coordinates, b as Polygon | MultiPolygon, { ignoreBoundary: true });
  if (b.type === 'Point') return booleanPointInPolygon(b.coordinates, a, { ignoreBoundary: true });
  try {
    const comun = intersect(featureCollection([feature(a), feature(b as Polygon | MultiPolygon)]));
    return comun != null && area(comun) > SOLAPE_MIN_M2;
  } catch {
    // A degenerate ring the other rules already refused: no overlap to report on top.
    return false;
  }
}

/**
 * Indexes an organisation's plots by bounding box so that thousands of imported rows check overlap in milliseconds:
 * only plots whose boxes cross are intersected.
 */
export class IndiceParcelas {
  private readonly items: Array<{ caja: Caja } & ParcelaExistente> = [];
  // A coarse grid of one-degree cells: each plot sits in the cells its box covers.
  private readonly celdas = new Map<string, number[]>();

  constructor(parcelas: ParcelaExistente[] = []) {
    for (const p of parcelas) this.add(p);
  }

  private claves(c: Caja): string[] {
    const out: string[] = [];
    for (let x = Math.floor(c[0]); x <= Math.floor(c[2]); x++) {
      for (let y = Math.floor(c[1]); y <= Math.floor(c[3]); y++) out.push(`${x}:${y}`);
    }
    return out;
  }

  add(p: ParcelaExistente): void {
    const c = caja(p.geometria);
    const i = this.items.push({ ...p, caja: c }) - 1;
    for (const k of this.claves(c)) {
      const l = this.celdas.get(k);
      if (l) l.push(i);
      else this.celdas.set(k, [i]);
    }
  }

  /** The first plot (other than `exceptoId`) the geometry overlaps, as a finding; none when it is clear. */
  solape(g: GeometriaParcela, exceptoId?: string): HallazgoParcela | undefined {
    const c = caja(g);
    const vistos = new Set<number>();
    for (const k of this.claves(c)) {
      for (const i of this.celdas.get(k) ?? []) {
        if (vistos.has(i)) continue;
        vistos.add(i);
        const o = this.items[i];
        if (o.id === exceptoId || !cruzan(c, o.caja)) continue;
        if (seSuperponen(g, o.geometria)) return error('SOLAPE', 'ubicacion', M.SOLAPE(o.nombre));
      }
    }
    return undefined;
  }
}
