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

/**
 * A real ESRI shapefile (.shp, .shx, .dbf, .prj) of polygons with a NOMBRE and a HA column, written byte by byte
 * to the format's specification, for the import's round trip. Outer rings clockwise, as the format wants.
 */
export function shapefilePoligonos(filas: Array<{ nombre: string; ha: number; anillo: number[][] }>) {
  const registros = filas.map((f) => {
    const ring = esHorario(f.anillo) ? f.anillo : [...f.anillo].reverse();
    const len = 4 + 32 + 4 + 4 + 4 + ring.length * 16;
    const b = Buffer.alloc(8 + len);
    b.writeInt32LE(5, 8);
    const [x0, y0, x1, y1] = cajaDe(ring);
    b.writeDoubleLE(x0, 12);
    b.writeDoubleLE(y0, 20);
    b.writeDoubleLE(x1, 28);
    b.writeDoubleLE(y1, 36);
    b.writeInt32LE(1, 44);
    b.writeInt32LE(ring.length, 48);
    b.writeInt32LE(0, 52);
    ring.forEach(([x, y], i) => {
      b.writeDoubleLE(x, 56 + i * 16);
      b.writeDoubleLE(y, 64 + i * 16);
    });
    return b;
  });
  const todas = filas.flatMap((f) => f.anillo);
  const cabecera = (bytes: number) => {
    const h = Buffer.alloc(100);
    h.writeInt32BE(9994, 0);
    h.writeInt32BE(bytes / 2, 24);
    h.writeInt32LE(1000, 28);
    h.writeInt32LE(5, 32);
    const [x0, y0, x1, y1] = cajaDe(todas);
    h.writeDoubleLE(x0, 36);
    h.writeDoubleLE(y0, 44);
    h.writeDoubleLE(x1, 52);
    h.writeDoubleLE(y1, 60);
    return h;
  };
  let offset = 100;
  const shx: Buffer[] = [];
  registros.forEach((r, i) => {
    r.writeInt32BE(i + 1, 0);
    r.writeInt32BE((r.length - 8) / 2, 4);
    const e = Buffer.alloc(8);
    e.writeInt32BE(offset / 2, 0);
    e.writeInt32BE((r.length - 8) / 2, 4);
    shx.push(e);
    offset += r.length;
  });
  const shp = Buffer.concat([cabecera(offset), ...registros]);
  const shxBuf = Buffer.concat([cabecera(100 + shx.length * 8), ...shx]);
  // dBASE III: NOMBRE C(60), HA N(10,2)
  const campos: Array<[string, 'C' | 'N', number, number]> = [
    ['NOMBRE', 'C', 60, 0],
    ['HA', 'N', 10, 2],
  ];
  const recLen = 1 + campos.reduce((s, c) => s + c[2], 0);
  const headLen = 32 + campos.length * 32 + 1;
  const dbf = Buffer.alloc(headLen + filas.length * recLen + 1, 0x20);
  dbf.fill(0, 0, headLen);
  dbf.writeUInt8(3, 0);
  dbf.writeUInt8(126, 1);
  dbf.writeUInt8(11, 2);
  dbf.writeUInt8(27, 3);
  dbf.writeInt32LE(filas.length, 4);
  dbf.writeInt16LE(headLen, 8);
  dbf.writeInt16LE(recLen, 10);
  campos.forEach(([n, t, l, d], i) => {
    dbf.write(n, 32 + i * 32, 'ascii');
    dbf.write(t, 32 + i * 32 + 11, 'ascii');
    dbf.writeUInt8(l, 32 + i * 32 + 16);
    dbf.writeUInt8(d, 32 + i * 32 + 17);
  });
  dbf.writeUInt8(0x0d, headLen - 1);
  filas.forEach((f, i) => {
    const o = headLen + i * recLen;
    dbf.write(' ', o, 'ascii');
    dbf.write(f.nombre.padEnd(60).slice(0, 60), o + 1, 'latin1');
    dbf.write(f.ha.toFixed(2).padStart(10), o + 61, 'ascii');
  });
  dbf.writeUInt8(0x1a, dbf.length - 1);
  const prj =
    'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';
  return { shp, shx: shxBuf, dbf, prj };
}

function cajaDe(pts: number[][]) {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
/** Shoelace: negative signed area is clockwise (x east, y north). */
function esHorario(ring: number[][]) {
  let s = 0;
  for (let i = 0; i < ring.length - 1; i++) s += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return s < 0;
}
