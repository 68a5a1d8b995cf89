import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportResponseSchema } from '../../../contract/fincas';
import { PARCELA_MESSAGES } from '../../../contract/parcelas-codes';
import { IMPORT_MESSAGES } from '../../../contract/parcelas-import';
import { fincas } from '../../db/schema/abastecimiento';
import { productorPerfiles } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { enHuila, HUILA, shapefilePoligonos } from './test-fixtures';

let ctx: TestContext;
let coop: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  coop = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Coop importadora' });
  await ctx.app.db
    .update(productorPerfiles)
    .set({ tipoProductor: 'COOPERATIVA' })
    .where(eq(productorPerfiles.userId, coop.id));
});
afterAll(() => ctx.close());

function importFile(u: TestUser, filename: string, data: Buffer | string, confirmar = false) {
  const boundary = `----cereza${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/productor/productores/importar${confirmar ? '?confirmar=true' : ''}`,
    headers: { ...bearer(u), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const cuenta = async () => (await ctx.app.db.select().from(fincas).where(eq(fincas.productorId, coop.id))).length;
const parse = (res: Awaited<ReturnType<typeof importFile>>) => ImportResponseSchema.parse(json(res)).data;

/** A 6-decimal point in Huila, on a grid: row i never overlaps row j. */
const punto = (i: number) => {
  const lat = (HUILA.lat - 0.1 + Math.floor(i / 50) * 0.002111).toFixed(6);
  const lon = (HUILA.lon - 0.2 + (i % 50) * 0.002113).toFixed(6);
  return { lat, lon };
};

describe('importing plots (issue 30 §Import)', () => {
  it('a CSV with errors in some rows: every row has its verdict, nothing is created until confirmed, then only the valid ones', async () => {
    const antes = await cuenta();
    const csv = [
      'nombre;productor;latitud;longitud;hectareas',
      `La Esperanza;Rosa Muñoz;${punto(0).lat.replace('.', ',')};${punto(0).lon.replace('.', ',')};2,5`,
      `El Roble;Luis Pérez;${punto(1).lat};${punto(1).lon};12`,
      `Cinco decimales;Ana;1,80345;-75,87123;1`,
      `Sin coordenadas;Ana;;;1`,
      `Ceros al final;Ana;${punto(2).lat.slice(0, -1)}0;${punto(2).lon.slice(0, -1)}0;1,5`,
    ].join('\n');
    const analisis = parse(await importFile(coop, 'socios.csv', csv));
    expect(analisis.filas.map((f) => [f.fila, f.estado])).toEqual([
      [2, 'valida'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'valida'],
    ]);
    expect(analisis.filas[1].mensajes).toEqual([PARCELA_MESSAGES.POLIGONO_REQUERIDO(12)]);
    expect(analisis.filas[2].mensajes).toEqual([PARCELA_MESSAGES.DECIMALES(5)]);
    expect(analisis.filas[3].mensajes).toEqual([IMPORT_MESSAGES.CSV_SIN_COORDENADAS]);
    expect(await cuenta()).toBe(antes);

    const hecho = await importFile(coop, 'socios.csv', csv, true);
    expect(json(hecho).message).toBe(IMPORT_MESSAGES.CREADAS(2));
    expect(parse(hecho)).toMatchObject({ creadas: 2, validas: 2, errores: 3 });
    expect(await cuenta()).toBe(antes + 2);
    // The same file again: its valid rows now overlap the plots just created, nothing is doubled.
    const otra = parse(await importFile(coop, 'socios.csv', csv, true));
    expect(otra.creadas).toBe(0);
    expect(otra.filas[0].mensajes).toEqual([PARCELA_MESSAGES.SOLAPE('La Esperanza')]);
    expect(await cuenta()).toBe(antes + 2);
  });

  // How long it takes is printed, not asserted: timings belong in `npm run bench`, never in a test on a clock.
  it('a 2,000-row CSV imports whole, in one request', async () => {
    const filas = Array.from({ length: 2000 }, (_, i) => {
      const p = punto(i + 100);
      return `Finca ${i + 1},Socio ${i + 1},${p.lat},${p.lon},${(1 + (i % 30) / 10).toFixed(1)}`;
    });
    const csv = ['nombre,productor,latitud,longitud,hectareas', ...filas].join('\n');
    const antes = await cuenta();
    const t0 = performance.now();
    const res = await importFile(coop, 'cooperativa.csv', csv, true);
    const ms = performance.now() - t0;
    expect(res.statusCode, res.body).toBe(200);
    expect(parse(res)).toMatchObject({ creadas: 2000, errores: 0 });
    expect(await cuenta()).toBe(antes + 2000);
    console.info(`2000-row CSV imported in ${Math.round(ms)} ms`);
  });

  it('GeoJSON round trip: polygons and points with their properties; a line is refused by row', async () => {
    const a = enHuila(20, 3);
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { nombre: 'Lote Alto', productor: 'Marta', hectareas: 3 }, geometry: a },
        { type: 'Feature', properties: { ProductionPlace: 'Sin área' }, geometry: enHuila(21, 2) },
        {
          type: 'Feature',
          properties: { name: 'Camino' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [HUILA.lon, HUILA.lat],
              [HUILA.lon + 0.001, HUILA.lat],
            ],
          },
        },
      ],
    };
    const r = parse(await importFile(coop, 'parcelas.geojson', JSON.stringify(fc), true));
    expect(r.filas.map((f) => [f.nombre, f.estado, f.tipo])).toEqual([
      ['Lote Alto', 'valida', 'Polygon'],
      ['Sin área', 'aviso', 'Polygon'],
      ['Camino', 'error', null],
    ]);
    expect(r.filas[1].mensajes[0]).toMatch(
      /^Sin hectáreas declaradas: se toma el área del polígono \(2(,\d+)? ha\)\.$/,
    );
    expect(r.creadas).toBe(2);
    const [alto] = await ctx.app.db.select().from(fincas).where(eq(fincas.nombre, 'Lote Alto'));
    expect(alto).toMatchObject({ productorNombre: 'Marta', hectareas: 3, pais: 'CO', eudrValida: true });
    expect(alto.ubicacion).toEqual(a);
  });

  it('KML round trip (Google Earth): placemarks with polygons, altitude dropped', async () => {
    const ring = enHuila(30, 2)
      .coordinates[0].map(([x, y]) => `${x},${y},0`)
      .join(' ');
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>Finca KML</name><ExtendedData><Data name="hectareas"><value>2</value></Data></ExtendedData>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>
  </Placemark>
  <Placemark><name>Punto KML</name><Point><coordinates>${HUILA.lon - 0.3012345},${HUILA.lat + 0.2012345},0</coordinates></Point></Placemark>
</Document></kml>`;
    const r = parse(await importFile(coop, 'google-earth.kml', kml, true));
    expect(r.filas.map((f) => [f.nombre, f.estado, f.tipo])).toEqual([
      ['Finca KML', 'valida', 'Polygon'],
      ['Punto KML', 'error', 'Point'],
    ]);
    // A point without hectares cannot say it is up to 4 ha.
    expect(r.filas[1].mensajes).toEqual([PARCELA_MESSAGES.SIN_HECTAREAS]);
    const [k] = await ctx.app.db.select().from(fincas).where(eq(fincas.nombre, 'Finca KML'));
    expect(k.ubicacion?.type).toBe('Polygon');
    expect((k.ubicacion?.coordinates as number[][][])[0][0]).toHaveLength(2);
  });

  it('zipped shapefile round trip; a projected shapefile is refused whole', async () => {
    const filas = [
      { nombre: 'Finca SHP Uno', ha: 3, anillo: enHuila(40, 3).coordinates[0] },
      { nombre: 'Finca SHP Dos', ha: 9, anillo: enHuila(41, 3).coordinates[0] },
    ];
    const s = shapefilePoligonos(filas);
    const zip = new JSZip();
    zip.file('parcelas.shp', s.shp).file('parcelas.shx', s.shx).file('parcelas.dbf', s.dbf).file('parcelas.prj', s.prj);
    const buf = await zip.generateAsync({ type: 'nodebuffer' });
    const r = parse(await importFile(coop, 'parcelas.zip', buf, true));
    expect(r.filas.map((f) => [f.nombre, f.estado])).toEqual([
      ['Finca SHP Uno', 'valida'],
      ['Finca SHP Dos', 'error'],
    ]);
    expect(r.filas[1].mensajes[0]).toMatch(/^Declaras 9 ha pero el polígono mide 3/);
    expect(r.creadas).toBe(1);

    const antes = await cuenta();
    const utm = new JSZip();
    utm
      .file('p.shp', s.shp)
      .file('p.dbf', s.dbf)
      .file('p.prj', 'PROJCS["WGS_1984_UTM_Zone_18N",GEOGCS["GCS_WGS_1984"]]');
    const res = await importFile(coop, 'utm.zip', await utm.generateAsync({ type: 'nodebuffer' }), true);
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toBe(IMPORT_MESSAGES.PROYECCION);
    expect(await cuenta()).toBe(antes);
  });

  it('refuses a file it cannot read, whole, in Spanish', async () => {
    const antes = await cuenta();
    const roto = await importFile(coop, 'roto.geojson', '{"type": "FeatureCollection", "features": [', true);
    expect(roto.statusCode).toBe(400);
    expect(json(roto).error.message).toBe(IMPORT_MESSAGES.GEOJSON_ILEGIBLE);
    const raro = await importFile(coop, 'mapa.gpx', '<gpx/>', true);
    expect(json(raro).error.message).toBe(IMPORT_MESSAGES.FORMATO);
    const columnas = await importFile(coop, 'x.csv', 'nombre,ha\nA,1', true);
    expect(json(columnas).error.message).toBe(IMPORT_MESSAGES.CSV_COLUMNAS);
    expect(await cuenta()).toBe(antes);
  });
});
