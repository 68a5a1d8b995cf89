import sharp from 'sharp';
import { UploadResponseSchema, type LoteInputDraft } from '../../../contract/lotes';
import { bearer, json, type TestContext } from '../../test/helpers';

/** A complete, valid lot body; tests override what they are about. */
export function loteBody(overrides: Record<string, unknown> = {}): LoteInputDraft & Record<string, unknown> {
  return {
    nombre: 'Geisha lavado de altura',
    descripcion: 'Lote seleccionado a mano, fermentación de 36 horas.',
    pais: 'CO',
    region: 'Huila',
    municipio: 'Pitalito',
    finca: 'La Esperanza',
    altitudMin: 1700,
    altitudMax: 1900,
    ubicacion: { type: 'Point', coordinates: [-76.05, 1.85] },
    variedades: ['Geisha'],
    proceso: 'LAVADO',
    secado: 'Camas africanas',
    cosecha: '2024-11',
    puntaje: 87.5,
    notasCata: ['jazmín', 'bergamota', 'miel'],
    humedad: 10.5,
    actividadAgua: 0.55,
    densidad: 720,
    zaranda: '16+',
    sacosDisponibles: 20,
    pesoSacoKg: 35,
    loteMinimoSacos: 1,
    precioKg: 18.5,
    moneda: 'USD',
    incoterm: 'FOB',
    // 18,50 = 14,26 + 3,50 + 0,74 (Cereza's 4 % of 18,50).
    desglosePrecio: { precioFinca: 14.26, costosExportacion: 3.5 },
    certificaciones: ['ORGANICO'],
    posicion: 'DISPONIBLE',
    galeriaLote: [{ url: '/uploads/demo/t/portada-lg.webp', thumb: '/uploads/demo/t/portada-sm.webp', alt: 'Granos' }],
    muestra: { disponible: true, gramos: 250, precio: 15 },
    ...overrides,
  } as LoteInputDraft & Record<string, unknown>;
}

export async function postLote(ctx: TestContext, user: { token: string }, overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/lotes',
    headers: bearer(user),
    payload: loteBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`postLote ${res.statusCode}: ${res.body}`);
  return json(res).data.lote as { id: string; codigo: string } & Record<string, any>;
}

/** Uploads a plain image of width × height through POST /api/uploads; answers the stored result. */
export async function uploadPhoto(ctx: TestContext, user: { token: string }, width: number, height: number) {
  const data = await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  const boundary = `----cereza${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(user), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`uploadPhoto ${res.statusCode}: ${res.body}`);
  return UploadResponseSchema.parse(json(res)).data;
}
