import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LotesQuerySchema } from '../../../contract/lotes';
import { OFERTA_COLUMNAS } from '../../../contract/oferta';
import { createTestApp, createUser, json, type TestContext } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { postLote } from '../lotes/test-fixtures';
import { lotesDeOferta } from './service';

/*
 * The offer list to take away (issue 32): the catalogue's filters as CSV, Excel and PDF, read back the way the
 * buyer's tools read them.
 */

let ctx: TestContext;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const altamira = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Altamira' });
  const sidama = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Sidama Coop' });
  ids.huila = (
    await postLote(ctx, altamira, {
      codigo: 'HU-001',
      nombre: 'Caturra de Huila',
      finca: '=HYPERLINK("http://evil.example")',
      precioKg: 25000.5,
      moneda: 'COP',
      desglosePrecio: null,
      puntaje: 86.25,
      sacosDisponibles: 1200,
      pesoSacoKg: 70,
    })
  ).id;
  ids.narino = (
    await postLote(ctx, altamira, {
      codigo: 'NA-002',
      nombre: 'Geisha de Nariño',
      region: 'Nariño',
      finca: 'La Loma; alta',
    })
  ).id;
  ids.sidama = (
    await postLote(ctx, sidama, {
      codigo: 'ET-003',
      nombre: 'Sidama natural',
      pais: 'ET',
      region: 'Sidama',
      finca: 'Bensa',
      variedades: ['Heirloom etíope'],
      proceso: 'NATURAL',
      ubicacion: null,
    })
  ).id;
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** The CSV's rows as arrays of fields (semicolons, quotes as RFC 4180 writes them). */
function csvRows(body: string): string[][] {
  const rows: string[][] = [];
  for (const line of body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')) {
    const fields: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cur += c;
      } else if (c === '"') quoted = true;
      else if (c === ';') {
        fields.push(cur);
        cur = '';
      } else cur += c;
    }
    fields.push(cur);
    rows.push(fields);
  }
  return rows;
}

describe('GET /api/lotes/oferta.csv', () => {
  it('answers every lot the filters match, to a visitor, in Spanish number format with a BOM', async () => {
    const res = await get('/api/lotes/oferta.csv?pais=CO&orden=precio_desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="oferta-cereza-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(OFERTA_COLUMNAS.map(([, t]) => t));
    expect(rows.map((r) => r[0])).toEqual(['HU-001', 'NA-002']);
    const huila = Object.fromEntries(OFERTA_COLUMNAS.map(([k], i) => [k, rows[0][i]]));
    expect(huila).toMatchObject({
      origen: 'Colombia',
      region: 'Huila, Pitalito',
      variedad: 'Geisha',
      proceso: 'Lavado',
      puntaje: '86,25',
      precioKg: '25000,50',
      moneda: 'COP',
      incoterm: 'FOB',
      sacos: '1200',
      pesoSacoKg: '70',
      posicion: 'Disponible en bodega',
      enlace: `${ctx.app.config.publicUrl}/lote/${ids.huila}`,
    });
    // A producer's text that a spreadsheet would run as a formula arrives inert.
    expect(huila.finca).toBe(`'=HYPERLINK("http://evil.example")`);
    // A semicolon inside a field is quoted, not a new column.
    expect(rows[1][3]).toBe('La Loma; alta');
    expect(rows[1]).toHaveLength(OFERTA_COLUMNAS.length);
  });

  it('refuses a bad filter with the catalogue’s Spanish message', async () => {
    const res = await get('/api/lotes/oferta.csv?puntajeMin=90&puntajeMax=80');
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields.puntajeMin).toBe('El puntaje mínimo no puede superar al máximo.');
  });
});

describe('GET /api/lotes/oferta.xlsx', () => {
  it('is a workbook whose numbers are numbers with Spanish-readable formats and whose links are links', async () => {
    const res = await get('/api/lotes/oferta.xlsx?q=huila');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Oferta')!;
    expect(ws.rowCount).toBe(2);
    const col = (key: string) => OFERTA_COLUMNAS.findIndex(([k]) => k === key) + 1;
    const row = ws.getRow(2);
    expect(row.getCell(col('codigo')).value).toBe('HU-001');
    expect(row.getCell(col('precioKg')).value).toBe(25000.5);
    expect(row.getCell(col('precioKg')).numFmt).toBe('#,##0.00');
    expect(row.getCell(col('puntaje')).value).toBe(86.25);
    expect(row.getCell(col('puntaje')).numFmt).toBe('0.00');
    expect(row.getCell(col('sacos')).value).toBe(1200);
    expect(row.getCell(col('sacos')).numFmt).toBe('#,##0');
    expect(row.getCell(col('enlace')).value).toMatchObject({
      hyperlink: `${ctx.app.config.publicUrl}/lote/${ids.huila}`,
    });
    expect(ws.getRow(1).getCell(1).value).toBe('Código');
  });
});

describe('GET /api/lotes/oferta.pdf', () => {
  it('has one page per lot with its terms', async () => {
    const res = await get('/api/lotes/oferta.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(3);
    const all = pages.join('\n');
    for (const nombre of ['Caturra de Huila', 'Geisha de Nariño', 'Sidama natural']) expect(all).toContain(nombre);
    const huila = pages.find((p) => p.includes('Caturra de Huila'))!;
    expect(huila).toContain('25.000,50 COP por kg');
    expect(huila).toContain('1.200 sacos de 70 kg');
  });
});

describe('lotesDeOferta', () => {
  it('never cuts a list silently: past the bound it answers the total and no lots', async () => {
    const q = LotesQuerySchema.parse({});
    expect(await lotesDeOferta(ctx.app, q, 2)).toEqual({ lotes: [], total: 3 });
    const all = await lotesDeOferta(ctx.app, q, 3);
    expect(all.lotes.map((l) => l.codigo).sort()).toEqual(['ET-003', 'HU-001', 'NA-002']);
  });
});
