import { z } from 'zod';
import { okMessageResponse, okResponse, UuidSchema } from './common';
import { entero, listaTexto, lista, numero, texto, textoOpcional } from './campos';
import { CERTIFICACIONES, PaisSchema } from './lotes';
import { UploadUrlSchema } from './images';
import { EVIDENCIA_TIPOS, type HallazgoParcela } from './parcelas-codes';
import { IMPORT_FORMATOS } from './parcelas-import';

/*
 * A plot's geometry (issue 30): a GeoJSON Point, Polygon or MultiPolygon in WGS84, [longitude, latitude]. The
 * schema checks only its shape; the EUDR rules (ranges, decimals, closed rings, crossings, area, country, overlap)
 * are the server's, each with its own message (server/modules/fincas/geometria.ts, decision 058).
 */
const coord = z.number({ error: 'Las coordenadas deben ser números.' });
const PosicionSchema = z
  .array(coord, { error: 'Cada punto debe ser [longitud, latitud].' })
  .min(2, 'Cada punto debe ser [longitud, latitud].')
  .max(3, 'Cada punto debe ser [longitud, latitud].');
const AnilloSchema = z.array(PosicionSchema).max(5000, 'Un anillo admite como máximo 5000 puntos.');
const PoligonoSchema = z.array(AnilloSchema).min(1, 'El polígono no tiene puntos.').max(50, 'Demasiados anillos.');
export const GeometriaParcelaSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Point'), coordinates: PosicionSchema }),
    z.object({ type: z.literal('Polygon'), coordinates: PoligonoSchema }),
    z.object({
      type: z.literal('MultiPolygon'),
      coordinates: z
        .array(PoligonoSchema)
        .min(1, 'El multipolígono no tiene polígonos.')
        .max(50, 'Demasiados polígonos.'),
    }),
  ],
  { error: 'La ubicación debe ser un punto, un polígono o un multipolígono GeoJSON.' },
);
export type GeometriaParcela = z.infer<typeof GeometriaParcelaSchema>;

/** A member farm (issue 13, TRADE.md "Productores asociados"). */
export const FincaInputSchema = z.object({
  nombre: texto('El nombre de la finca', 2, 120),
  productorNombre: textoOpcional('El nombre del productor', 120),
  region: texto('La región', 1, 120),
  municipio: textoOpcional('El municipio', 120),
  altitud: entero('La altitud', 0, 6000).nullable().optional(),
  hectareas: numero('Las hectáreas', 0, 100_000).nullable().optional(),
  variedades: listaTexto('Las variedades', 10).default([]),
  certificaciones: lista('Las certificaciones', CERTIFICACIONES, CERTIFICACIONES.length).default([]),
  ubicacion: GeometriaParcelaSchema.nullable().optional(),
  foto: UploadUrlSchema.nullable().optional(),
  /** The plot's country; the producer's own when absent. */
  pais: PaisSchema.optional(),
  /** The producer confirms the warnings (a plot near its country's border) the last answer listed. */
  confirmarAvisos: z.boolean({ error: 'confirmarAvisos debe ser verdadero o falso.' }).optional(),
});
export type FincaInput = z.input<typeof FincaInputSchema>;
export type FincaParsed = z.output<typeof FincaInputSchema>;

export const FincaSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  productorNombre: z.string().nullable(),
  region: z.string(),
  municipio: z.string().nullable(),
  altitud: z.number().nullable(),
  hectareas: z.number().nullable(),
  variedades: z.array(z.string()),
  certificaciones: z.array(z.string()),
  ubicacion: GeometriaParcelaSchema.nullable(),
  foto: z.string().nullable(),
  propia: z.boolean(),
  pais: z.string().nullable(),
  /** Whether the farm counts as an EUDR plot, and if not what it lacks (PARCELA_FALTA). */
  eudr: z.object({
    valida: z.boolean(),
    faltas: z.array(z.string()),
    /** Warnings the producer confirmed when saving (a plot near a border). */
    avisos: z.array(z.string()),
    areaCalculadaHa: z.number().nullable(),
  }),
});
export type Finca = z.infer<typeof FincaSchema>;
export type { HallazgoParcela };

/** Plot evidence: a private PDF (land title, permit, certificate, a third party's deforestation analysis). */
export const EvidenciaInputSchema = z.object({
  tipo: z.enum(EVIDENCIA_TIPOS, { error: 'Elige el tipo de documento de la lista.' }),
  descripcion: texto('La descripción', 2, 200),
  /** The address POST /api/uploads/documentos answered. */
  documento: z.string({ error: 'Adjunta el documento.' }).min(1, 'Adjunta el documento.').max(400),
});
export const EvidenciaSchema = z.object({
  id: z.string(),
  fincaId: z.string(),
  tipo: z.enum(EVIDENCIA_TIPOS),
  descripcion: z.string(),
  nombreArchivo: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type Evidencia = z.infer<typeof EvidenciaSchema>;
export const EvidenciasResponseSchema = okResponse(z.object({ evidencias: z.array(EvidenciaSchema) }));
export const EvidenciaResponseSchema = okMessageResponse(z.object({ evidencia: EvidenciaSchema }));

export const FincasResponseSchema = okResponse(z.object({ fincas: z.array(FincaSchema) }));
export const FincaResponseSchema = okMessageResponse(z.object({ finca: FincaSchema }));
export const FincaDeletedResponseSchema = okMessageResponse(z.object({ id: z.string() }));
/** PUT /api/lotes/{id}/fincas answers the lot's farms and says so. */
export const LoteFincasResponseSchema = okMessageResponse(z.object({ fincas: z.array(FincaSchema) }));

/** PUT /api/lotes/{id}/fincas: which member farms the lot comes from. */
export const LoteFincasInputSchema = z.object({
  fincaIds: z
    .array(UuidSchema, { error: 'Las fincas deben ser una lista.' })
    .max(200, 'Como máximo 200 fincas por lote.')
    .refine((xs) => new Set(xs).size === xs.length, { error: 'Hay fincas repetidas.' }),
});

export const FINCA_MESSAGES = {
  NOT_FOUND: 'No encontramos esa finca.',
  CREATED: 'Finca añadida.',
  UPDATED: 'Finca actualizada.',
  DELETED: 'Finca eliminada.',
  PROPIA_CREADA: 'Tu finca se creó a partir de tu perfil.',
  PROPIA_YA_EXISTE: 'Tu finca ya existe.',
  SOLO_FINCA: 'Solo una finca individual se añade a sí misma desde su perfil.',
  FINCA_UNICA: 'Una finca individual tiene una sola finca: la suya.',
  AJENA: 'Alguna de las fincas no es tuya.',
  LOTE_FINCAS: 'Fincas del lote guardadas.',
  CON_PEDIDOS:
    'Esta finca es el origen de un lote con pedidos: forma parte de su diligencia debida y no se puede eliminar.',
  EVIDENCIA_CREADA: 'Documento añadido a la parcela.',
  EVIDENCIA_NO_TUYA: 'Ese documento no lo subiste tú: súbelo de nuevo.',
} as const;

/** POST /api/productor/productores/importar: each row's verdict; `creadas` once confirmed. */
export const ImportResultSchema = z.object({
  formato: z.enum(IMPORT_FORMATOS),
  filas: z.array(
    z.object({
      fila: z.number(),
      nombre: z.string(),
      estado: z.enum(['valida', 'aviso', 'error']),
      mensajes: z.array(z.string()),
      tipo: z.enum(['Point', 'Polygon', 'MultiPolygon']).nullable(),
      hectareas: z.number().nullable(),
      borrador: z
        .object({
          productorNombre: z.string().nullable(),
          region: z.string().nullable(),
          municipio: z.string().nullable(),
          pais: z.string().nullable(),
          // A geometry the form cannot take (too many points) is left out rather than failing the answer.
          ubicacion: GeometriaParcelaSchema.nullable().catch(null),
        })
        .optional(),
    }),
  ),
  validas: z.number(),
  errores: z.number(),
  confirmado: z.boolean(),
  creadas: z.number(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
export const ImportResponseSchema = okMessageResponse(ImportResultSchema);
/** ?confirmar=true creates the valid rows; without it the file is only read. */
export const ImportQuerySchema = z.object({ confirmar: z.enum(['true', 'false']).optional() });
