import { z } from 'zod';
import { okResponse, UuidSchema } from './common';
import { entero, listaTexto, lista, numero, texto, textoOpcional } from './campos';
import { CERTIFICACIONES, UbicacionSchema, type Ubicacion } from './lotes';
import { UploadUrlSchema } from './images';

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
  ubicacion: UbicacionSchema.nullable().optional(),
  foto: UploadUrlSchema.nullable().optional(),
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
  ubicacion: UbicacionSchema.nullable(),
  foto: z.string().nullable(),
  propia: z.boolean(),
});
export type Finca = z.infer<typeof FincaSchema> & { ubicacion: Ubicacion | null };

export const FincasResponseSchema = okResponse(z.object({ fincas: z.array(FincaSchema) }));
export const FincaResponseSchema = okResponse(z.object({ finca: FincaSchema }));
export const FincaDeletedResponseSchema = okResponse(z.object({ id: z.string() }));

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
} as const;
