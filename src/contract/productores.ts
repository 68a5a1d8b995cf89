import { z } from 'zod';
import { PaginationSchema, pageQuerySchema } from './common';

/*
 * The producer's public face: GET /api/productores/{id} and the lists the home page shows. The browser's
 * public routes import only the types of this module (labels live in a zod-free module of the web feature),
 * so that the first pages do not carry the validation library.
 */

export const PublicProductorSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  /** One of TIPOS_PRODUCTOR (contract/perfiles). */
  tipoProductor: z.string(),
  pais: z.string(),
  region: z.string(),
  municipio: z.string().nullable(),
  altitud: z.number().nullable(),
  hectareas: z.number().nullable(),
  anioFundacion: z.number().nullable(),
  /** The story as the producer wrote it (Markdown). */
  descripcion: z.string().nullable(),
  /** The story rendered on the server with raw HTML disabled and links sanitised. */
  descripcionHtml: z.string(),
  sitioWeb: z.string().nullable(),
  telefono: z.string().nullable(),
  avatar: z.string().nullable(),
  portada: z.string().nullable(),
  imagenes: z.array(z.string()),
  certificaciones: z.array(z.string()),
  /** The producer's account is verified by the platform. */
  verificado: z.boolean(),
  lotesPublicos: z.number().int(),
  createdAt: z.string(),
});
export type PublicProductor = z.infer<typeof PublicProductorSchema>;

export const ProductorResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ productor: PublicProductorSchema }),
});
export type ProductorResponse = z.infer<typeof ProductorResponseSchema>;

/** A producer in a list (home page, directory). */
export const ProductorSummarySchema = z.object({
  id: z.string(),
  nombre: z.string(),
  tipoProductor: z.string(),
  pais: z.string(),
  region: z.string(),
  avatar: z.string().nullable(),
  portada: z.string().nullable(),
  verificado: z.boolean(),
  lotesPublicos: z.number().int(),
});
export type ProductorSummary = z.infer<typeof ProductorSummarySchema>;

/** Producers and public lots per country of origin. */
export const OrigenSchema = z.object({
  pais: z.string(),
  productores: z.number().int(),
  lotes: z.number().int(),
});
export type Origen = z.infer<typeof OrigenSchema>;

export const ProductoresListSchema = z.object({
  productores: z.array(ProductorSummarySchema),
  origenes: z.array(OrigenSchema),
  pagination: PaginationSchema,
});
export type ProductoresList = z.infer<typeof ProductoresListSchema>;

export const ProductoresQuerySchema = pageQuerySchema(60, 24).extend({
  pais: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'El país debe ser un código de dos letras.')
    .optional(),
});
export type ProductoresQuery = z.infer<typeof ProductoresQuerySchema>;
