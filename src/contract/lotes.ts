import { z } from 'zod';
import { PaginationSchema, UuidSchema } from './common';

/*
 * The lot contract: one set of schemas validates the producer's form in the browser and the request on the
 * server (PRODUCT.md, "Lote"). Labels are the Spanish texts the interface shows for each code.
 */

import {
  PROCESOS,
  INCOTERMS,
  MONEDAS,
  MONEDA_DEFAULT,
  CERTIFICACIONES,
  POSICIONES,
  LOTE_STATUS,
  PESOS_SACO,
  ORDENES,
  PAIS_NOMBRES,
  LIMITES,
} from './lotes-codigos';
export * from './lotes-codigos';

export const ProcesoSchema = z.enum(PROCESOS, { error: 'Elige un proceso de la lista.' });
export const IncotermSchema = z.enum(INCOTERMS, { error: 'Elige un incoterm de la lista (EXW, FCA, FOB o DAP).' });
export const MonedaSchema = z.enum(MONEDAS, { error: 'Elige una moneda de la lista.' });
export const CertificacionSchema = z.enum(CERTIFICACIONES, { error: 'Elige una certificación de la lista.' });
export const PosicionSchema = z.enum(POSICIONES, { error: 'Elige una posición de la lista.' });
export const LoteStatusSchema = z.enum(LOTE_STATUS, { error: 'Estado de lote no válido.' });
export const PesoSacoSchema = z.literal(PESOS_SACO, { error: 'El peso por saco debe ser 30, 35, 46, 60, 69 o 70 kg.' });

export const PaisSchema = z
  .string({ error: 'Elige un país de la lista.' })
  .refine((v) => PAIS_NOMBRES.has(v), { error: 'Elige un país de la lista.' });

// ---------------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------------

/** PostgreSQL text cannot hold NUL characters; refuse them as input instead of failing on write. */
const sinNul = (s: string) => !s.includes('\u0000');

const texto = (campo: string, min: number, max: number) =>
  z
    .string({ error: `${campo} debe ser un texto.` })
    .refine(sinNul, { error: `${campo} contiene caracteres no válidos.` })
    .trim()
    .min(min, min <= 1 ? `${campo} es obligatorio.` : `${campo} debe tener al menos ${min} caracteres.`)
    .max(max, `${campo} admite como máximo ${max} caracteres.`);

/** Optional text: absent, null or a bounded string (an empty string is stored as "no value"). */
const textoOpcional = (campo: string, max: number) =>
  z
    .string({ error: `${campo} debe ser un texto.` })
    .refine(sinNul, { error: `${campo} contiene caracteres no válidos.` })
    .trim()
    .max(max, `${campo} admite como máximo ${max} caracteres.`)
    .nullable()
    .optional();

const entero = (campo: string, min: number, max: number) =>
  z
    .number({ error: `${campo} debe ser un número.` })
    .int(`${campo} debe ser un número entero.`)
    .min(min, `${campo} debe ser como mínimo ${min}.`)
    .max(max, `${campo} debe ser como máximo ${max}.`);

const decimal = (campo: string, min: number, max: number) =>
  z
    .number({ error: `${campo} debe ser un número.` })
    .min(min, `${campo} debe ser como mínimo ${min}.`)
    .max(max, `${campo} debe ser como máximo ${max}.`);

/** Money with at most two decimals (floating-point tolerant: 12.1 * 100 is not exactly 1210). */
const conCentimos = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
/** Rounding also turns subnormal doubles such as 5e-324 into 0 (PostgreSQL refuses them as real). */
const redondear = (decimales: number) => (v: number) => Math.round(v * 10 ** decimales) / 10 ** decimales;
const dinero = (campo: string, min: number, max: number) =>
  decimal(campo, min, max)
    .refine(conCentimos, { error: `${campo} admite como máximo dos decimales.` })
    .transform(redondear(2));
/** A measurement with at most `decimales` decimals, stored rounded. */
const medida = (campo: string, min: number, max: number, decimales: number) =>
  decimal(campo, min, max)
    .refine((v) => Math.abs(Math.round(v * 10 ** decimales) - v * 10 ** decimales) < 1e-6, {
      error: `${campo} admite como máximo ${decimales} decimales.`,
    })
    .transform(redondear(decimales));

/**
 * Image addresses: our own uploads (site-relative paths) or https. Anything else (javascript:, data:,
 * protocol-relative //host) is refused because it ends up in an <img src>.
 */
const urlImagen = (campo: string) =>
  z
    .string({ error: `${campo} debe ser una dirección.` })
    .trim()
    .max(500, `${campo} admite como máximo 500 caracteres.`)
    .refine((v) => sinNul(v) && (/^\/[^/\\]/.test(v) || /^https:\/\/[^\s]+$/i.test(v)) && !/\s/.test(v), {
      error: `${campo} debe ser una imagen subida o una dirección https.`,
    });

export const ImagenLoteSchema = z.object({
  url: urlImagen('La imagen'),
  thumb: urlImagen('La miniatura').optional(),
  alt: textoOpcional('El texto alternativo', 200),
  width: entero('El ancho', 1, 20_000).optional(),
  height: entero('El alto', 1, 20_000).optional(),
});
export type ImagenLote = z.infer<typeof ImagenLoteSchema>;

export const MuestraSchema = z
  .object({
    disponible: z.boolean({ error: 'Indica si ofreces muestra.' }),
    gramos: entero('Los gramos de la muestra', 1, 5000).nullable().optional(),
    precio: dinero('El precio de la muestra', 0, 10_000).nullable().optional(),
    imagen: urlImagen('La foto de la muestra').nullable().optional(),
  })
  .refine((m) => !m.disponible || (m.gramos !== undefined && m.gramos !== null), {
    error: 'Indica cuántos gramos tiene la muestra.',
    path: ['gramos'],
  });
export type Muestra = z.infer<typeof MuestraSchema>;

export const DesglosePrecioSchema = z.object({
  precioFinca: dinero('El precio en finca', 0, LIMITES.precioKgMax),
  costosExportacion: dinero('Los costos de exportación', 0, LIMITES.precioKgMax),
  comisionPlataforma: dinero('La comisión de la plataforma', 0, LIMITES.precioKgMax),
});
export type DesglosePrecio = z.infer<typeof DesglosePrecioSchema>;

const finite = (n: number) => Number.isFinite(n);
const longitud = z
  .number({ error: 'Las coordenadas deben ser números.' })
  .refine(finite)
  .min(-180, 'La longitud debe estar entre -180 y 180.')
  .max(180, 'La longitud debe estar entre -180 y 180.');
const latitud = z
  .number({ error: 'Las coordenadas deben ser números.' })
  .min(-90, 'La latitud debe estar entre -90 y 90.')
  .max(90, 'La latitud debe estar entre -90 y 90.');
/** GeoJSON positions are [longitude, latitude] (RFC 7946), optionally with an altitude we ignore. */
const Posicion2DSchema = z
  .tuple([longitud, latitud], z.number({ error: 'Las coordenadas deben ser números.' }), {
    error: 'Cada punto debe ser [longitud, latitud].',
  })
  .refine((p) => p.length <= 3, { error: 'Cada punto debe ser [longitud, latitud].' });

const AnilloSchema = z
  .array(Posicion2DSchema)
  .min(4, 'Un polígono necesita al menos cuatro puntos (el último repite el primero).')
  .max(2000, 'El polígono admite como máximo 2000 puntos.')
  // zod runs refinements even after .min() failed: an empty ring must not reach the index arithmetic.
  .refine(
    (ring) => ring.length < 4 || (ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]),
    {
      error: 'El polígono debe cerrarse: el último punto repite el primero.',
    },
  );

export const UbicacionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Point'), coordinates: Posicion2DSchema }),
    z.object({
      type: z.literal('Polygon'),
      coordinates: z.array(AnilloSchema).min(1, 'El polígono no tiene puntos.').max(20, 'Demasiados anillos.'),
    }),
  ],
  { error: 'La ubicación debe ser un punto o un polígono GeoJSON.' },
);
export type Ubicacion = z.infer<typeof UbicacionSchema>;

/** "YYYY-MM", a month between January 2000 and December 2100. */
export const CosechaSchema = z
  .string({ error: 'La cosecha debe tener el formato AAAA-MM.' })
  .regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, 'La cosecha debe tener el formato AAAA-MM (por ejemplo 2024-11).');

const sinRepetidos = <T>(xs: T[]) => new Set(xs).size === xs.length;

// ---------------------------------------------------------------------------------------------------------
// Lot bodies
// ---------------------------------------------------------------------------------------------------------

/**
 * Every field a producer may set, without defaults (so that the partial update schema never fills in
 * values the caller did not send). id, owner, status and timestamps are not here: the server decides them,
 * and zod strips unknown keys.
 */
const loteCampos = {
  codigo: texto('El código del lote', 1, 40).regex(
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/,
    'El código solo admite letras, números, puntos, guiones y barras, sin espacios.',
  ),
  nombre: texto('El nombre del lote', 3, 120),
  descripcion: z
    .string({ error: 'La descripción debe ser un texto.' })
    .refine(sinNul, { error: 'La descripción contiene caracteres no válidos.' })
    .trim()
    .max(5000, 'La descripción admite como máximo 5000 caracteres.'),
  pais: PaisSchema,
  region: texto('La región', 1, 100),
  municipio: textoOpcional('El municipio', 100),
  finca: textoOpcional('La finca', 120),
  altitudMin: entero('La altitud mínima', 0, LIMITES.altitudMax).nullable().optional(),
  altitudMax: entero('La altitud máxima', 0, LIMITES.altitudMax).nullable().optional(),
  ubicacion: UbicacionSchema.nullable().optional(),
  variedades: z
    .array(texto('La variedad', 1, 60), { error: 'Las variedades deben ser una lista.' })
    .min(1, 'Indica al menos una variedad.')
    .max(LIMITES.variedades, `Indica como máximo ${LIMITES.variedades} variedades.`)
    .refine(sinRepetidos, { error: 'Hay variedades repetidas.' }),
  proceso: ProcesoSchema,
  secado: textoOpcional('El secado', 120),
  cosecha: CosechaSchema.nullable().optional(),
  puntaje: decimal('El puntaje', 0, 100)
    .refine((v) => Number.isInteger(v * 4), { error: 'El puntaje va en pasos de 0,25.' })
    .nullable()
    .optional(),
  notasCata: z
    .array(texto('La nota de cata', 1, 40), { error: 'Las notas de cata deben ser una lista.' })
    .max(LIMITES.notasCata, `Indica como máximo ${LIMITES.notasCata} notas de cata.`)
    .refine(sinRepetidos, { error: 'Hay notas de cata repetidas.' }),
  humedad: medida('La humedad (%)', 0, 100, 2).nullable().optional(),
  actividadAgua: medida('La actividad de agua', 0, 1, 3).nullable().optional(),
  densidad: entero('La densidad (g/L)', 0, 2000).nullable().optional(),
  zaranda: textoOpcional('La zaranda', 20),
  sacosDisponibles: entero('Los sacos disponibles', 0, LIMITES.sacosMax),
  pesoSacoKg: PesoSacoSchema,
  loteMinimoSacos: entero('El lote mínimo (sacos)', 1, LIMITES.sacosMax),
  precioKg: dinero('El precio por kg', 0.01, LIMITES.precioKgMax),
  moneda: MonedaSchema,
  incoterm: IncotermSchema,
  desglosePrecio: DesglosePrecioSchema.nullable().optional(),
  certificaciones: z
    .array(CertificacionSchema, { error: 'Las certificaciones deben ser una lista.' })
    .max(LIMITES.certificaciones, 'Hay demasiadas certificaciones.')
    .refine(sinRepetidos, { error: 'Hay certificaciones repetidas.' }),
  posicion: PosicionSchema,
  ventanaEmbarque: textoOpcional('La ventana de embarque', 60),
  galeriaLote: z
    .array(ImagenLoteSchema, { error: 'La galería debe ser una lista de imágenes.' })
    .max(LIMITES.galeriaLote, `La galería admite como máximo ${LIMITES.galeriaLote} imágenes.`),
  muestra: MuestraSchema,
  ocultar: z.boolean({ error: 'Indica si el lote está oculto (verdadero o falso).' }),
};

export const LoteFieldsSchema = z.object(loteCampos);

type LoteCampos = Partial<z.output<typeof LoteFieldsSchema>>;

/** Rules between fields; used by create and, on the merged result, by update. */
export function checkLoteRules(
  v: LoteCampos,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void },
) {
  if (v.altitudMin != null && v.altitudMax != null && v.altitudMin > v.altitudMax) {
    ctx.addIssue({ code: 'custom', message: 'La altitud mínima no puede superar la máxima.', path: ['altitudMin'] });
  }
  if (v.desglosePrecio && v.precioKg !== undefined) {
    const d = v.desglosePrecio;
    const suma = d.precioFinca + d.costosExportacion + d.comisionPlataforma;
    if (Math.abs(suma - v.precioKg) > 0.01 + 1e-9) {
      ctx.addIssue({
        code: 'custom',
        message: 'El desglose (finca + exportación + comisión) debe sumar el precio por kg.',
        path: ['desglosePrecio'],
      });
    }
  }
  if (v.posicion === 'FUTURO' && !v.ventanaEmbarque) {
    ctx.addIssue({
      code: 'custom',
      message: 'Indica la ventana de embarque de un lote a futuro.',
      path: ['ventanaEmbarque'],
    });
  }
  if (
    v.loteMinimoSacos !== undefined &&
    v.sacosDisponibles !== undefined &&
    v.sacosDisponibles > 0 &&
    v.loteMinimoSacos > v.sacosDisponibles
  ) {
    ctx.addIssue({
      code: 'custom',
      message: 'El lote mínimo no puede superar los sacos disponibles.',
      path: ['loteMinimoSacos'],
    });
  }
}

/** POST /api/lotes body (and the create form). */
export const LoteInputSchema = LoteFieldsSchema.extend({
  codigo: loteCampos.codigo.optional(),
  descripcion: loteCampos.descripcion.default(''),
  notasCata: loteCampos.notasCata.default([]),
  sacosDisponibles: loteCampos.sacosDisponibles.default(0),
  loteMinimoSacos: loteCampos.loteMinimoSacos.default(1),
  moneda: loteCampos.moneda.default(MONEDA_DEFAULT),
  incoterm: loteCampos.incoterm.default('FOB'),
  certificaciones: loteCampos.certificaciones.default([]),
  posicion: loteCampos.posicion.default('DISPONIBLE'),
  galeriaLote: loteCampos.galeriaLote.default([]),
  muestra: loteCampos.muestra.default({ disponible: false }),
  ocultar: loteCampos.ocultar.default(false),
}).superRefine(checkLoteRules);
export type LoteInput = z.infer<typeof LoteInputSchema>;
/** What the form holds before parsing (defaults not yet applied). */
export type LoteInputDraft = z.input<typeof LoteInputSchema>;

/** PUT /api/lotes/{id} body: any subset, e.g. `{ ocultar: true }`. Cross-field rules run on the merged lot. */
export const LoteUpdateSchema = LoteFieldsSchema.partial().superRefine(checkLoteRules);
export type LoteUpdate = z.infer<typeof LoteUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------------

export const PerfilProductorResumenSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  pais: z.string(),
  region: z.string(),
  avatar: z.string().nullable(),
  verificado: z.boolean(),
});
export type PerfilProductorResumen = z.infer<typeof PerfilProductorResumenSchema>;

export const LoteSchema = z.object({
  id: z.string(),
  productorId: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  pais: z.string(),
  region: z.string(),
  municipio: z.string().nullable(),
  finca: z.string().nullable(),
  altitudMin: z.number().nullable(),
  altitudMax: z.number().nullable(),
  ubicacion: UbicacionSchema.nullable(),
  variedades: z.array(z.string()),
  proceso: ProcesoSchema,
  secado: z.string().nullable(),
  cosecha: z.string().nullable(),
  puntaje: z.number().nullable(),
  notasCata: z.array(z.string()),
  humedad: z.number().nullable(),
  actividadAgua: z.number().nullable(),
  densidad: z.number().nullable(),
  zaranda: z.string().nullable(),
  sacosDisponibles: z.number(),
  pesoSacoKg: z.number(),
  loteMinimoSacos: z.number(),
  precioKg: z.number(),
  moneda: MonedaSchema,
  incoterm: IncotermSchema,
  desglosePrecio: DesglosePrecioSchema.nullable(),
  certificaciones: z.array(CertificacionSchema),
  posicion: PosicionSchema,
  ventanaEmbarque: z.string().nullable(),
  galeriaLote: z.array(ImagenLoteSchema),
  muestra: z.object({
    disponible: z.boolean(),
    gramos: z.number().nullable().optional(),
    precio: z.number().nullable().optional(),
    imagen: z.string().nullable().optional(),
  }),
  ocultar: z.boolean(),
  status: LoteStatusSchema,
  /** The lab's reason when status is RECHAZADO; shown to the owner only. */
  motivoRechazo: z.string().nullable(),
  perfilProductor: PerfilProductorResumenSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lote = z.infer<typeof LoteSchema>;

export const LotesPageSchema = z.object({
  lotes: z.array(LoteSchema),
  pagination: PaginationSchema,
});
export type LotesPage = z.infer<typeof LotesPageSchema>;

export const LotesListResponseSchema = z.object({ success: z.literal(true), data: LotesPageSchema });
export const LoteResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ lote: LoteSchema }),
  message: z.string().optional(),
});
export type LotesListResponse = z.infer<typeof LotesListResponseSchema>;
export type LoteResponse = z.infer<typeof LoteResponseSchema>;

/** Success messages of the lot calls. */
export const LOTE_MESSAGES = {
  CREATED: 'Lote creado correctamente.',
  UPDATED: 'Lote actualizado correctamente.',
  DELETED: 'Lote eliminado correctamente.',
  HIDDEN: 'El lote ya no es visible en el catálogo.',
  SHOWN: 'El lote vuelve a ser visible en el catálogo.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Queries (URL search parameters: strings in, typed values out)
// ---------------------------------------------------------------------------------------------------------

const vacioAUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Accepts `a,b`, repeated parameters (`?x=a&x=b`) or an array; answers a de-duplicated list. */
const lista = <T extends z.ZodType>(item: T, campo: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
      const clean = [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
      return clean.length ? clean : undefined;
    },
    z.array(item).max(20, `Demasiados valores en ${campo}.`).optional(),
  );

const numeroQuery = (campo: string, min: number, max: number) =>
  z.preprocess(
    vacioAUndefined,
    z.coerce
      .number({ error: `${campo} debe ser un número.` })
      .min(min, `${campo} debe ser como mínimo ${min}.`)
      .max(max, `${campo} debe ser como máximo ${max}.`)
      .optional(),
  );

const enteroQuery = (campo: string, min: number, max: number) =>
  z.preprocess(
    vacioAUndefined,
    z.coerce
      .number({ error: `${campo} debe ser un número.` })
      .int(`${campo} debe ser un número entero.`)
      .min(min, `${campo} debe ser como mínimo ${min}.`)
      .max(max, `${campo} debe ser como máximo ${max}.`)
      .optional(),
  );

const textoQuery = (campo: string, max: number) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : vacioAUndefined(v)),
    z
      .string()
      .refine(sinNul, { error: `${campo} contiene caracteres no válidos.` })
      .trim()
      .max(max, `${campo} admite como máximo ${max} caracteres.`)
      .optional(),
  );

export const PageQuerySchema = z.object({
  page: z.preprocess(
    vacioAUndefined,
    z.coerce
      .number({ error: 'La página debe ser un número.' })
      .int('La página debe ser un número entero.')
      .min(1, 'La página empieza en 1.')
      .max(100_000, 'Página fuera de rango.')
      .default(1),
  ),
  limit: z.preprocess(
    vacioAUndefined,
    z.coerce
      .number({ error: 'El límite debe ser un número.' })
      .int('El límite debe ser un número entero.')
      .min(1, 'El límite debe ser como mínimo 1.')
      .max(LIMITES.pageLimitMax, `El límite debe ser como máximo ${LIMITES.pageLimitMax}.`)
      .default(LIMITES.pageLimitDefault),
  ),
});

/** GET /api/lotes: the public catalogue. Lists accept comma-separated values (any of them matches, except
 * certificaciones, where the lot must hold every one asked for). */
export const LotesQuerySchema = PageQuerySchema.extend({
  q: textoQuery('La búsqueda', 100),
  pais: lista(z.string().trim().toUpperCase().pipe(PaisSchema), 'país'),
  region: textoQuery('La región', 100),
  proceso: lista(ProcesoSchema, 'proceso'),
  variedad: textoQuery('La variedad', 60),
  certificacion: lista(CertificacionSchema, 'certificación'),
  posicion: lista(PosicionSchema, 'posición'),
  status: lista(LoteStatusSchema, 'estado'),
  puntajeMin: numeroQuery('El puntaje mínimo', 0, 100),
  puntajeMax: numeroQuery('El puntaje máximo', 0, 100),
  precioMin: numeroQuery('El precio mínimo', 0, LIMITES.precioKgMax),
  precioMax: numeroQuery('El precio máximo', 0, LIMITES.precioKgMax),
  sacosMin: enteroQuery('El mínimo de sacos', 0, LIMITES.sacosMax),
  productor: z.preprocess(vacioAUndefined, UuidSchema.optional()),
  orden: z.preprocess(vacioAUndefined, z.enum(ORDENES, { error: 'Orden no válido.' }).default('relevancia')),
}).superRefine((v, ctx) => {
  if (v.puntajeMin !== undefined && v.puntajeMax !== undefined && v.puntajeMin > v.puntajeMax) {
    ctx.addIssue({ code: 'custom', message: 'El puntaje mínimo no puede superar al máximo.', path: ['puntajeMin'] });
  }
  if (v.precioMin !== undefined && v.precioMax !== undefined && v.precioMin > v.precioMax) {
    ctx.addIssue({ code: 'custom', message: 'El precio mínimo no puede superar al máximo.', path: ['precioMin'] });
  }
});
export type LotesQuery = z.infer<typeof LotesQuerySchema>;
export type LotesQueryInput = z.input<typeof LotesQuerySchema>;

/** GET /api/productor/lotes: the producer's own lots, hidden ones included. */
export const ProductorLotesQuerySchema = z.object({
  page: PageQuerySchema.shape.page,
  limit: z.preprocess(
    vacioAUndefined,
    z.coerce
      .number({ error: 'El límite debe ser un número.' })
      .int('El límite debe ser un número entero.')
      .min(1, 'El límite debe ser como mínimo 1.')
      .max(LIMITES.productorPageLimitMax, `El límite debe ser como máximo ${LIMITES.productorPageLimitMax}.`)
      .default(LIMITES.pageLimitDefault),
  ),
  status: z.preprocess(vacioAUndefined, LoteStatusSchema.optional()),
});
export type ProductorLotesQuery = z.infer<typeof ProductorLotesQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Favourites and uploads
// ---------------------------------------------------------------------------------------------------------

export const FavoritoInputSchema = z.object({ loteId: UuidSchema });
export type FavoritoInput = z.infer<typeof FavoritoInputSchema>;

/** Spec §3 names the favourite's fields `_id` and `userID`. */
export const FavoritoSchema = z.object({
  _id: z.string(),
  userID: z.string(),
  lote: LoteSchema,
  createdAt: z.string(),
});
export type Favorito = z.infer<typeof FavoritoSchema>;

export const FavoritosResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ favoritos: z.array(FavoritoSchema) }),
});
export type FavoritosResponse = z.infer<typeof FavoritosResponseSchema>;

export const FAVORITO_MESSAGES = {
  ADDED: 'Lote guardado en favoritos.',
  REMOVED: 'Lote quitado de favoritos.',
} as const;

export { IMAGEN_TAMANOS, type ImagenTamano } from './lotes-codigos';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TIPOS = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const UploadResultSchema = z.object({
  id: z.string(),
  url: z.string(),
  urls: z.object({ sm: z.string(), md: z.string(), lg: z.string() }),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
export const UploadResponseSchema = z.object({ success: z.literal(true), data: UploadResultSchema });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

export const UPLOAD_MESSAGES = {
  TIPO_NO_ADMITIDO: 'Solo se admiten imágenes JPEG, PNG o WebP.',
  DEMASIADO_GRANDE: 'La imagen supera el máximo de 10 MB.',
  DEMASIADOS_PIXELES: 'La imagen tiene demasiados píxeles (máximo 40 megapíxeles).',
  SIN_ARCHIVO: 'Adjunta una imagen.',
  ILEGIBLE: 'No se pudo leer la imagen. Prueba con otro archivo.',
} as const;
