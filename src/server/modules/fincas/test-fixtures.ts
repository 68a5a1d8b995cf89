import type { GeometriaParcela } from '../../../contract/fincas';

/*
 * Real-shaped plots for tests: near Acevedo (Huila, Colombia), with seven decimals as a phone's GPS gives them.
 */

const r7 = (n: number) => Math.round(n * 1e7) / 1e7;

/** A square polygon of about `ha` hectares whose south-west corner is (lon, lat). */
export function cuadrado(lon: number, lat: number, ha: number): GeometriaParcela & { type: 'Polygon' } {
  const lado = Math.sqrt(ha * 10_000);
  const dLat = lado / 110_574;
  const dLon = lado / (111_320 * Math.cos((lat * Math.PI) / 180));
  const [x0, y0, x1, y1] = [r7(lon), r7(lat), r7(lon + dLon), r7(lat + dLat)];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  };
}

/** South-west corners of plots in Huila, far enough apart not to overlap (about 1 km between them). */
export const HUILA = { lon: -75.8812347, lat: 1.8034561 };
export const enHuila = (i: number, ha = 3) => cuadrado(HUILA.lon + i * 0.0101113, HUILA.lat + 0.0003217, ha);
export const puntoHuila = (i: number): GeometriaParcela => ({
  type: 'Point',
  coordinates: [r7(HUILA.lon - 0.0203331 - i * 0.0011117), r7(HUILA.lat - 0.0102229)],
});
