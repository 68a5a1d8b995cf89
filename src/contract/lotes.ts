import { z } from 'zod';
import {
  emptyToUndefined,
  isStorableText,
  okResponse,
  PaginationSchema,
  pageQuerySchema,
  UuidSchema,
  verbo,
} from './common';
import { IMAGE_MESSAGES, isCoverTooSmall, UploadUrlSchema } from './images';

/*
 * The lot contract: one set of schemas validates the producer's form in the browser and the request on the
 * server (docs/product.md §10, "Lote"). Labels are the Spanish texts the interface shows for each code.
 *
 * A lot's fields are written once, in `loteFields` below: the answer (LoteSchema) extends them, the database
 * columns take their types from them, the service stores them under the same names, and the form derives its
 * values from them. How to add a field: docs/decisions/015-los-campos-del-lote.md.
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
  LOTE_SORTS,
  PAIS_NAMES,
  LOTE_LIMITS,
  desgloseMatches,
  precioFromDesglose,
  LOTE_RETIRADO_LABEL,
} from './lotes-codes';
export * from './lotes-codes';

export const ProcesoSchema = z.enum(PROCESOS, { error: 'Elige un proceso de la lista.' });
export const IncotermSchema = z.enum(INCOTERMS, { error: 'Elige un incoterm de la lista (EXW, FCA, FOB o DAP).' });
export const MonedaSchema = z.enum(MONEDAS, { error: 'Elige una moneda de la lista.' });
export const CertificacionSchema = z.enum(CERTIFICACIONES, { error: 'Elige una certificación de la lista.' });
export const PosicionSchema = z.enum(POSICIONES, { error: 'Elige una posición de la lista.' });
export const LoteStatusSchema = z.enum(LOTE_STATUS, { error: 'Estado de lote no válido.' });
export const PesoSacoSchema = z.literal(PESOS_SACO, { error: 'El peso por saco debe ser 30, 35, 46, 60, 69 o 70 kg.' });

export const PaisSchema = z
  .string({ error: 'Elige un país de la lista.' })
  .refine((v) => PAIS_NAMES.has(v), { error: 'Elige un país de la lista.' });

// ---------------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------------

/** Text the database can store (no NUL, no lone surrogate): refused as input instead of failing on write. */
const storable = isStorableText;

/**
 * A field's name as its messages begin, with its article ("El código del lote", "La región"): the article gives
 * the adjective's gender ("La región es obligatoria."), and a name without one does not compile.
 */
export type FieldLabel = `El ${string}` | `La ${string}`;
export const requiredMessage = (field: FieldLabel) =>
  `${field} es ${field.startsWith('La ') ? 'obligatoria' : 'obligatorio'}.`;

const text = (field: FieldLabel, min: number, max: number) =>
  z
    .string({ error: `${field} ${verbo(field, 'debe')} ser un texto.` })
    .refine(storable, { error: `${field} ${verbo(field, 'contiene')} caracteres no válidos.` })
    .trim()
    .min(min, min <= 1 ? requiredMessage(field) : `${field} ${verbo(field, 'debe')} tener al menos ${min} caracteres.`)
    .max(max, `${field} ${verbo(field, 'admite')} como máximo ${max} caracteres.`);

/** Optional text: absent, null or a bounded string; an empty one means "no value" and becomes null. */
const optionalText = (fieldName: string, max: number) =>
  z
    .string({ error: `${fieldName} ${verbo(fieldName, 'debe')} ser un texto.` })
    .refine(storable, { error: `${fieldName} ${verbo(fieldName, 'contiene')} caracteres no válidos.` })
    .trim()
    .max(max, `${fieldName} ${verbo(fieldName, 'admite')} como máximo ${max} caracteres.`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const integer = (fieldName: string, min: number, max: number) =>
  z
    .number({ error: `${fieldName} ${verbo(fieldName, 'debe')} ser un número.` })
    .int(`${fieldName} ${verbo(fieldName, 'debe')} ser un número entero.`)
    .min(min, `${fieldName} ${verbo(fieldName, 'debe')} ser como mínimo ${min}.`)
    .max(max, `${fieldName} ${verbo(fieldName, 'debe')} ser como máximo ${max}.`);

const decimal = (fieldName: string, min: number, max: number) =>
  z
    .number({ error: `${fieldName} ${verbo(fieldName, 'debe')} ser un número.` })
    .min(min, `${fieldName} ${verbo(fieldName, 'debe')} ser como mínimo ${min}.`)
    .max(max, `${fieldName} ${verbo(fieldName, 'debe')} ser como máximo ${max}.`);

/** Money with at most two decimals (floating-point tolerant: 12.1 * 100 is not exactly 1210). */
const withCents = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
/** Rounding also turns subnormal doubles such as 5e-324 into 0 (PostgreSQL refuses them as real). */
const roundTo = (decimals: number) => (v: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
const dinero = (fieldName: string, min: number, max: number) =>
  decimal(fieldName, min, max)
    .refine(withCents, { error: `${fieldName} ${verbo(fieldName, 'admite')} como máximo dos decimales.` })
    .transform(roundTo(2));
/** A measurement with at most `decimales` decimals, stored rounded. */
const measure = (fieldName: string, min: number, max: number, decimalPlaces: number) =>
  decimal(fieldName, min, max)
    .refine((v) => Math.abs(Math.round(v * 10 ** decimalPlaces) - v * 10 ** decimalPlaces) < 1e-6, {
      error: `${fieldName} ${verbo(fieldName, 'admite')} como máximo ${decimalPlaces} decimales.`,
    })
    .transform(roundTo(decimalPlaces));

/** An image of the lot's gallery: one of our uploads, with the size the upload reported. */
export const ImagenLoteSchema = z.object({
  url: UploadUrlSchema,
  thumb: UploadUrlSchema.optional(),
  alt: optionalText('El texto alternativo', 200),
  width: integer('El ancho', 1, 20_000).optional(),
  height: integer('El alto', 1, 20_000).optional(),
});
export type ImagenLote = z.infer<typeof ImagenLoteSchema>;

export const MuestraSchema = z
  .object({
    disponible: z.boolean({ error: 'Indica si ofreces muestra.' }),
    gramos: integer('Los gramos de la muestra', 1, 5000).nullable().optional(),
    precio: dinero('El precio de la muestra', 0, 10_000).nullable().optional(),
    imagen: UploadUrlSchema.nullable().optional(),
  })
  .refine((m) => !m.disponible || (m.gramos !== undefined && m.gramos !== null), {
    error: 'Indica cuántos gramos tiene la muestra.',
    path: ['gramos'],
  });
export type Muestra = z.infer<typeof MuestraSchema>;

/**
 * What the producer states of the price: the farm price and the export costs. Cereza's commission is not
 * theirs to state: the server computes it from the price (COMISION_RATE) and stores it with the breakdown.
 */
export const DesglosePrecioInputSchema = z.object({
  precioFinca: dinero('El precio en finca', 0, LOTE_LIMITS.precioKgMax),
  costosExportacion: dinero('Los costos de exportación', 0, LOTE_LIMITS.precioKgMax),
});
export type DesglosePrecioInput = z.infer<typeof DesglosePrecioInputSchema>;

/** The breakdown as stored and answered: the three parts that add up to the price per kg. */
export const DesglosePrecioSchema = DesglosePrecioInputSchema.extend({
  comisionPlataforma: dinero('La comisión de la plataforma', 0, LOTE_LIMITS.precioKgMax),
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

const noRepeats = <T>(xs: T[]) => new Set(xs).size === xs.length;

/** A calendar day, "YYYY-MM-DD" (the production period's ends, issue 30). */
const fecha = (field: FieldLabel) =>
  z
    .string({ error: `${field} ${verbo(field, 'debe')} tener el formato AAAA-MM-DD.` })
    .regex(
      /^(20\d{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
      `${field} ${verbo(field, 'debe')} tener el formato AAAA-MM-DD.`,
    )
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: `${field} no es una fecha del calendario.`,
      },
    );

// ---------------------------------------------------------------------------------------------------------
// Lot bodies
// ---------------------------------------------------------------------------------------------------------

/**
 * Every field a producer may set, without defaults (so that the partial update schema never fills in
 * values the caller did not send). id, owner, status and timestamps are not here: the server decides them,
 * and zod strips unknown keys.
 */
const loteFields = {
  codigo: text('El código del lote', 1, 40).regex(
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/,
    'El código solo admite letras, números, puntos, guiones y barras, sin espacios.',
  ),
  nombre: text('El nombre del lote', 3, 120),
  descripcion: z
    .string({ error: 'La descripción debe ser un texto.' })
    .refine(storable, { error: 'La descripción contiene caracteres no válidos.' })
    .trim()
    .max(5000, 'La descripción admite como máximo 5000 caracteres.'),
  pais: PaisSchema,
  region: text('La región', 1, 100),
  municipio: optionalText('El municipio', 100),
  finca: optionalText('La finca', 120),
  altitudMin: integer('La altitud mínima', 0, LOTE_LIMITS.altitudMax).nullable().optional(),
  altitudMax: integer('La altitud máxima', 0, LOTE_LIMITS.altitudMax).nullable().optional(),
  ubicacion: UbicacionSchema.nullable().optional(),
  variedades: z
    .array(text('La variedad', 1, 60), { error: 'Las variedades deben ser una lista.' })
    .min(1, 'Indica al menos una variedad.')
    .max(LOTE_LIMITS.variedades, `Indica como máximo ${LOTE_LIMITS.variedades} variedades.`)
    .refine(noRepeats, { error: 'Hay variedades repetidas.' }),
  proceso: ProcesoSchema,
  secado: optionalText('El secado', 120),
  cosecha: CosechaSchema.nullable().optional(),
  /** The production period (EUDR: the harvest's first and last day), issue 30. */
  cosechaInicio: fecha('El inicio de la cosecha').nullable().optional(),
  cosechaFin: fecha('El fin de la cosecha').nullable().optional(),
  puntaje: decimal('El puntaje', 0, 100)
    .refine((v) => Number.isInteger(v * 4), { error: 'El puntaje va en pasos de 0,25.' })
    .nullable()
    .optional(),
  notasCata: z
    .array(text('La nota de cata', 1, 40), { error: 'Las notas de cata deben ser una lista.' })
    .max(LOTE_LIMITS.notasCata, `Indica como máximo ${LOTE_LIMITS.notasCata} notas de cata.`)
    .refine(noRepeats, { error: 'Hay notas de cata repetidas.' }),
  humedad: measure('La humedad (%)', 0, 100, 2).nullable().optional(),
  actividadAgua: measure('La actividad de agua', 0, 1, 3).nullable().optional(),
  densidad: integer('La densidad (g/L)', 0, 2000).nullable().optional(),
  zaranda: optionalText('La zaranda', 20),
  sacosDisponibles: integer('Los sacos disponibles', 0, LOTE_LIMITS.sacosMax),
  pesoSacoKg: PesoSacoSchema,
  loteMinimoSacos: integer('El lote mínimo (sacos)', 1, LOTE_LIMITS.sacosMax),
  precioKg: dinero('El precio por kg', 0.01, LOTE_LIMITS.precioKgMax),
  moneda: MonedaSchema,
  incoterm: IncotermSchema,
  desglosePrecio: DesglosePrecioInputSchema.nullable().optional(),
  certificaciones: z
    .array(CertificacionSchema, { error: 'Las certificaciones deben ser una lista.' })
    .max(LOTE_LIMITS.certificaciones, 'Hay demasiadas certificaciones.')
    .refine(noRepeats, { error: 'Hay certificaciones repetidas.' }),
  posicion: PosicionSchema,
  ventanaEmbarque: optionalText('La ventana de embarque', 60),
  galeriaLote: z
    .array(ImagenLoteSchema, { error: 'La galería debe ser una lista de imágenes.' })
    .max(LOTE_LIMITS.galeriaLote, `La galería admite como máximo ${LOTE_LIMITS.galeriaLote} imágenes.`),
  muestra: MuestraSchema,
  ocultar: z.boolean({ error: 'Indica si el lote está oculto (verdadero o falso).' }),
};

export const LoteFieldsSchema = z.object(loteFields);
/** The names of those fields (the serializer copies exactly these from a row). */
export const LOTE_FIELD_KEYS = Object.keys(loteFields) as Array<keyof typeof loteFields>;

/** Every field a producer sets, parsed (the database columns are typed from it). */
export type LoteFields = z.output<typeof LoteFieldsSchema>;

/** Rules between fields; used by create and, on the merged result, by update. */
export function checkLoteRules(
  v: Partial<LoteFields>,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void },
) {
  if (v.altitudMin != null && v.altitudMax != null && v.altitudMin > v.altitudMax) {
    ctx.addIssue({ code: 'custom', message: 'La altitud mínima no puede superar la máxima.', path: ['altitudMin'] });
  }
  if (v.desglosePrecio && v.precioKg !== undefined) {
    const { precioFinca, costosExportacion } = v.desglosePrecio;
    if (!desgloseMatches(v.precioKg, precioFinca, costosExportacion)) {
      const precio = precioFromDesglose(precioFinca, costosExportacion).toFixed(2).replace('.', ',');
      ctx.addIssue({
        code: 'custom',
        message: `Con este desglose, el precio por kg es ${precio} (finca + exportación + la comisión de Cereza).`,
        path: ['precioKg'],
      });
    }
  }
  const cover = v.galeriaLote?.[0];
  if (cover && isCoverTooSmall(cover)) {
    ctx.addIssue({
      code: 'custom',
      message: IMAGE_MESSAGES.coverTooSmall({ width: cover.width!, height: cover.height! }),
      path: ['galeriaLote'],
    });
  }
  if (v.cosechaInicio && v.cosechaFin && v.cosechaInicio > v.cosechaFin) {
    ctx.addIssue({
      code: 'custom',
      message: 'El inicio de la cosecha no puede ser posterior a su fin.',
      path: ['cosechaInicio'],
    });
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

/** The create body's fields: what the producer may leave out gets its default. */
export const loteInputFields = {
  ...loteFields,
  codigo: loteFields.codigo.optional(),
  descripcion: loteFields.descripcion.default(''),
  notasCata: loteFields.notasCata.default([]),
  sacosDisponibles: loteFields.sacosDisponibles.default(0),
  loteMinimoSacos: loteFields.loteMinimoSacos.default(1),
  moneda: loteFields.moneda.default(MONEDA_DEFAULT),
  incoterm: loteFields.incoterm.default('FOB'),
  certificaciones: loteFields.certificaciones.default([]),
  posicion: loteFields.posicion.default('DISPONIBLE'),
  galeriaLote: loteFields.galeriaLote.default([]),
  muestra: loteFields.muestra.default({ disponible: false }),
  ocultar: loteFields.ocultar.default(false),
};

/** POST /api/lotes body (and the create form). */
export const LoteInputSchema = z.object(loteInputFields).superRefine(checkLoteRules);
export type LoteInput = z.infer<typeof LoteInputSchema>;
/** What the form holds before parsing (defaults not yet applied). */
export type LoteInputDraft = z.input<typeof LoteInputSchema>;

/** PUT /api/lotes/{id} body: any subset, e.g. `{ ocultar: true }`. Cross-field rules run on the merged lot. */
export const LoteUpdateSchema = LoteFieldsSchema.partial().superRefine(checkLoteRules);
export type LoteUpdate = z.infer<typeof LoteUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------------

export const PerfilProductorSummarySchema = z.object({
  id: z.string(),
  nombre: z.string(),
  pais: z.string(),
  region: z.string(),
  avatar: z.string().nullable(),
  /** The "Productor verificado" badge: an operator approved the organisation (KYB, docs/decisions/052). */
  verificado: z.boolean(),
});
export type PerfilProductorSummary = z.infer<typeof PerfilProductorSummarySchema>;

/**
 * A lot as the API answers it: every field the producer sets (answered even when empty, as null), the stored
 * breakdown with Cereza's commission, and what the server decides.
 */
export const LoteSchema = LoteFieldsSchema.required().extend({
  id: z.string(),
  productorId: z.string(),
  desglosePrecio: DesglosePrecioSchema.nullable(),
  /** Bags held by orders not yet shipped: what a buyer can reserve is sacosDisponibles − sacosReservados. */
  sacosReservados: z.number().int(),
  status: LoteStatusSchema,
  /** The lab's reason when status is RECHAZADO; shown to the owner only. */
  motivoRechazo: z.string().nullable(),
  /** The reference sample sent to Cereza's lab (TRADE.md "The quality lab"); shown to the owner only. */
  envioLaboratorio: z
    .object({ transportista: z.string(), numeroGuia: z.string(), imagen: z.string().nullable(), enviadaAt: z.string() })
    .nullable()
    .optional(),
  perfilProductor: PerfilProductorSummarySchema.nullable(),
  /**
   * A lot archived by "Eliminar" after trade (docs/decisions/046): only its producer and the parties of its orders
   * and samples still read it, shown as "Lote retirado".
   */
  retirado: z.boolean(),
  /** Every plot valid and the production period set (issue 30, decision 058). */
  eudrListo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lote = z.infer<typeof LoteSchema>;

/** With a search (`q`): what each lot of the page matched, by lot id ("país Etiopía, variedad Geisha"). */
const CoincidenciasSchema = z.record(z.string(), z.string()).optional();

export const LotesPageSchema = z.object({
  lotes: z.array(LoteSchema),
  pagination: PaginationSchema,
  coincidencias: CoincidenciasSchema,
});
export type LotesPage = z.infer<typeof LotesPageSchema>;

export const LotesListResponseSchema = okResponse(LotesPageSchema);

/**
 * A lot as a catalogue card shows it (components/lote-card.tsx): `GET /api/lotes?vista=tarjeta` answers these
 * instead of whole lots, about a fifth of the bytes (no description, breakdown, producer, sample or gallery past
 * its cover). The lot page asks for the whole lot (docs/decisions/037).
 */
const CAMPOS_TARJETA = {
  id: true,
  nombre: true,
  pais: true,
  region: true,
  proceso: true,
  puntaje: true,
  status: true,
  precioKg: true,
  moneda: true,
  incoterm: true,
  sacosDisponibles: true,
  sacosReservados: true,
  galeriaLote: true,
  eudrListo: true,
  // Whether the card offers "Añadir a la caja de muestras" (issue 32, decision 070).
  muestra: true,
} as const;
export const LoteTarjetaSchema = LoteSchema.pick(CAMPOS_TARJETA);
export type LoteTarjeta = z.infer<typeof LoteTarjetaSchema>;

/**
 * The card of a lot: the one projection the in-memory catalogue and the SQL path both answer (the fields of
 * `CAMPOS_TARJETA`, in that order, and the gallery's cover only).
 */
export function tarjetaDe(l: LoteTarjeta): LoteTarjeta {
  const card = Object.fromEntries(Object.keys(CAMPOS_TARJETA).map((k) => [k, l[k as keyof LoteTarjeta]]));
  return { ...(card as LoteTarjeta), galeriaLote: l.galeriaLote.slice(0, 1) };
}

export const LotesTarjetasPageSchema = z.object({
  lotes: z.array(LoteTarjetaSchema),
  pagination: PaginationSchema,
  coincidencias: CoincidenciasSchema,
});
export type LotesTarjetasPage = z.infer<typeof LotesTarjetasPageSchema>;
export const LotesTarjetasResponseSchema = okResponse(LotesTarjetasPageSchema);
export type LotesTarjetasResponse = z.infer<typeof LotesTarjetasResponseSchema>;
/** GET /api/lotes: the whole lots (the default), or their cards with `vista=tarjeta`. */
export const LotesCatalogoResponseSchema = z.union([LotesListResponseSchema, LotesTarjetasResponseSchema]);

/** What `GET /api/lotes` answers per lot: the whole lot (the specification's answer, the default) or its card. */
export const LOTE_VISTAS = ['completa', 'tarjeta'] as const;
export const LoteResponseSchema = okResponse(z.object({ lote: LoteSchema }));
/** DELETE /api/lotes/{id} */
/** `retirado`: the lot had trade history, so "Eliminar" archived it instead (docs/decisions/046). */
export const LoteDeletedResponseSchema = okResponse(z.object({ id: z.string(), retirado: z.boolean().optional() }));
export type LoteDeletedResponse = z.output<typeof LoteDeletedResponseSchema>;
export type LotesListResponse = z.infer<typeof LotesListResponseSchema>;
export type LoteResponse = z.infer<typeof LoteResponseSchema>;

/** Success messages of the lot calls. */
export const LOTE_MESSAGES = {
  CREATED: 'Lote creado correctamente.',
  UPDATED: 'Lote actualizado correctamente.',
  DELETED: 'Lote eliminado correctamente.',
  /** "Eliminar" on a lot with trade history (docs/decisions/046). */
  RETIRADO:
    'El lote tiene pedidos, muestras o respuestas a solicitudes: se ha retirado del catálogo y de tus lotes, y quienes comerciaron con él lo siguen viendo como «Lote retirado».',
  /** Any change to a retired lot. */
  YA_RETIRADO: 'Este lote está retirado: ya no se puede cambiar ni volver a publicar.',
  /** The label the parties' pages show on a retired lot. */
  ETIQUETA_RETIRADO: LOTE_RETIRADO_LABEL,
  /** A producer trying to show a lot Cereza's operator hid. */
  OCULTO_POR_CEREZA: (motivo: string) =>
    `Cereza ocultó este lote del catálogo por este motivo: «${motivo}». Corrige lo que indica y escribe a Cereza para que vuelva a publicarlo.`,
  HIDDEN: 'El lote ya no es visible en el catálogo.',
  SHOWN: 'El lote vuelve a ser visible en el catálogo.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Queries (URL search parameters: strings in, typed values out)
// ---------------------------------------------------------------------------------------------------------

/**
 * The bounds of the catalogue's query (GET /api/lotes): read by the schema below and by the server's fast reader of
 * the same query (docs/decisions/038).
 */
export const LOTES_QUERY_LIMITS = { texto: 100, variedad: 60, puntajeMax: 100, valores: 20 } as const;

/** Accepts `a,b`, repeated parameters (`?x=a&x=b`) or an array; answers a de-duplicated list. */
const list = <T extends z.ZodType>(item: T, fieldName: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
      const clean = [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
      return clean.length ? clean : undefined;
    },
    z.array(item).max(LOTES_QUERY_LIMITS.valores, `Demasiados valores en ${fieldName}.`).optional(),
  );

const numberQuery = (fieldName: string, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${fieldName} ${verbo(fieldName, 'debe')} ser un número.` })
      .min(min, `${fieldName} ${verbo(fieldName, 'debe')} ser como mínimo ${min}.`)
      .max(max, `${fieldName} ${verbo(fieldName, 'debe')} ser como máximo ${max}.`)
      .optional(),
  );

const integerQuery = (fieldName: string, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${fieldName} ${verbo(fieldName, 'debe')} ser un número.` })
      .int(`${fieldName} ${verbo(fieldName, 'debe')} ser un número entero.`)
      .min(min, `${fieldName} ${verbo(fieldName, 'debe')} ser como mínimo ${min}.`)
      .max(max, `${fieldName} ${verbo(fieldName, 'debe')} ser como máximo ${max}.`)
      .optional(),
  );

const textQuery = (fieldName: string, max: number) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : emptyToUndefined(v)),
    z
      .string()
      .refine(storable, { error: `${fieldName} ${verbo(fieldName, 'contiene')} caracteres no válidos.` })
      .trim()
      .max(max, `${fieldName} ${verbo(fieldName, 'admite')} como máximo ${max} caracteres.`)
      .optional(),
  );

export const PageQuerySchema = pageQuerySchema(LOTE_LIMITS.pageLimitMax, LOTE_LIMITS.pageLimitDefault);

/** GET /api/lotes: the public catalogue. Lists accept comma-separated values (any of them matches, except
 * certificaciones, where the lot must hold every one asked for). */
/** A yes-or-no filter: `true` or `1` is yes; anything else, or nothing (the default: the key may be left out), no. */
const flag = z
  .preprocess((v) => {
    const one = Array.isArray(v) ? v[0] : v;
    return one === true || one === 'true' || one === '1';
  }, z.boolean())
  .default(false);

export const LotesQuerySchema = PageQuerySchema.extend({
  q: textQuery('La búsqueda', LOTES_QUERY_LIMITS.texto),
  pais: list(z.string().trim().toUpperCase().pipe(PaisSchema), 'país'),
  region: textQuery('La región', LOTES_QUERY_LIMITS.texto),
  proceso: list(ProcesoSchema, 'proceso'),
  variedad: textQuery('La variedad', LOTES_QUERY_LIMITS.variedad),
  certificacion: list(CertificacionSchema, 'certificación'),
  posicion: list(PosicionSchema, 'posición'),
  status: list(LoteStatusSchema, 'estado'),
  puntajeMin: numberQuery('El puntaje mínimo', 0, LOTES_QUERY_LIMITS.puntajeMax),
  puntajeMax: numberQuery('El puntaje máximo', 0, LOTES_QUERY_LIMITS.puntajeMax),
  precioMin: numberQuery('El precio mínimo', 0, LOTE_LIMITS.precioKgMax),
  precioMax: numberQuery('El precio máximo', 0, LOTE_LIMITS.precioKgMax),
  sacosMin: integerQuery('El mínimo de sacos', 0, LOTE_LIMITS.sacosMax),
  productor: z.preprocess(emptyToUndefined, UuidSchema.optional()),
  /** Sold-out lots (0 bags) are hidden unless asked for; shown, they rank after every lot that has bags. */
  agotados: flag,
  /** Only EUDR-ready lots (issue 30). */
  eudr: flag,
  orden: z.preprocess(emptyToUndefined, z.enum(LOTE_SORTS, { error: 'Orden no válido.' }).default('relevancia')),
  vista: z.preprocess(emptyToUndefined, z.enum(LOTE_VISTAS, { error: 'Vista no válida.' }).default('completa')),
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
export const ProductorLotesQuerySchema = pageQuerySchema(
  LOTE_LIMITS.productorPageLimitMax,
  LOTE_LIMITS.pageLimitDefault,
).extend({
  status: z.preprocess(emptyToUndefined, LoteStatusSchema.optional()),
});
export type ProductorLotesQuery = z.infer<typeof ProductorLotesQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Favourites and uploads
// ---------------------------------------------------------------------------------------------------------

export const FavoritoInputSchema = z.object({ loteId: UuidSchema });
export type FavoritoInput = z.infer<typeof FavoritoInputSchema>;

/** docs/product.md §3 names the favourite's fields `_id` and `userID`. */
export const FavoritoSchema = z.object({
  _id: z.string(),
  userID: z.string(),
  lote: LoteSchema,
  createdAt: z.string(),
});
export type Favorito = z.infer<typeof FavoritoSchema>;
/**
 * A favourite as a client keeps it: the server answers whole lots, but a heart clicked on a catalogue card adds the
 * card it has (until the list is fetched again), so only the card's fields are sure to be there.
 */
export type FavoritoEnLista = Omit<Favorito, 'lote'> & { lote: LoteTarjeta & Partial<Omit<Lote, keyof LoteTarjeta>> };

/** GET /api/favoritos */
export const FavoritosResponseSchema = okResponse(z.object({ favoritos: z.array(FavoritoSchema) }));
export type FavoritosResponse = z.infer<typeof FavoritosResponseSchema>;
/** POST /api/favoritos: 201 when saved now, 200 when it was saved already. */
export const FavoritoResponseSchema = okResponse(z.object({ favorito: FavoritoSchema }));
export type FavoritoResponse = z.output<typeof FavoritoResponseSchema>;
/** DELETE /api/favoritos/{loteId}: `removed` is false when it was not saved (not an error). */
export const FavoritoRemovedResponseSchema = okResponse(z.object({ loteId: z.string(), removed: z.boolean() }));
export type FavoritoRemovedResponse = z.output<typeof FavoritoRemovedResponseSchema>;

export const FAVORITO_MESSAGES = {
  ADDED: 'Lote guardado en favoritos.',
  REMOVED: 'Lote quitado de favoritos.',
} as const;

export { IMAGE_SIZES, type ImageSize } from './lotes-codes';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const UploadResultSchema = z.object({
  id: z.string(),
  url: z.string(),
  urls: z.object({ sm: z.string(), md: z.string(), lg: z.string() }),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
export const UploadResponseSchema = okResponse(UploadResultSchema);
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/**
 * A PDF for a message (POST /api/uploads/documentos): checked by its first bytes (`%PDF-`) and stored as sent,
 * never opened by the server; served as a download (Content-Disposition: attachment).
 */
export const DOCUMENTO_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENTO_TYPES = ['application/pdf'] as const;
export const DocumentoResultSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The file's name as the sender had it, cleaned (what the download link shows). */
  nombre: z.string(),
  bytes: z.number().int(),
});
export type DocumentoResult = z.infer<typeof DocumentoResultSchema>;
export const DocumentoResponseSchema = okResponse(DocumentoResultSchema);
export type DocumentoResponse = z.infer<typeof DocumentoResponseSchema>;
export const DOCUMENTO_MESSAGES = {
  NO_ES_PDF: 'El archivo no es un PDF válido.',
  DEMASIADO_GRANDE: 'El PDF supera el máximo de 10 MB.',
  SIN_ARCHIVO: 'Adjunta un PDF.',
} as const;

export const UPLOAD_MESSAGES = {
  TIPO_NO_ADMITIDO: 'Solo se admiten imágenes JPEG, PNG o WebP.',
  DEMASIADO_GRANDE: 'La imagen supera el máximo de 10 MB.',
  DEMASIADOS_PIXELES: 'La imagen tiene demasiados píxeles (máximo 25 megapíxeles).',
  SIN_ARCHIVO: 'Adjunta una imagen.',
  OCUPADO: 'Ahora mismo hay muchas imágenes en proceso. Vuelve a intentarlo en unos segundos.',
  FORMULARIO_MAL_FORMADO: 'El envío de la imagen llegó incompleto o mal formado. Vuelve a intentarlo.',
  ILEGIBLE: 'No se pudo leer la imagen. Prueba con otro archivo.',
} as const;
