import { z } from 'zod';
import { limitQuery, okResponse, PaginationSchema, pageQuerySchema } from './common';
import { LoteSchema } from './lotes';
import { RecentNoticiaSchema } from './noticias';

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

export const ProductorResponseSchema = okResponse(z.object({ productor: PublicProductorSchema }));
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
export const ProductoresListResponseSchema = okResponse(ProductoresListSchema);
export type ProductoresListResponse = z.output<typeof ProductoresListResponseSchema>;

/** GET /api/noticias: the latest published news of every producer (`?limit=`, 6 by default, up to 20). */
export const RecentNoticiasQuerySchema = z.object({ limit: limitQuery(20, 6) });
export const RecentNoticiasResponseSchema = okResponse(z.object({ noticias: z.array(RecentNoticiaSchema) }));
export type RecentNoticiasResponse = z.output<typeof RecentNoticiasResponseSchema>;

/** GET /api/inicio: everything the home page shows below the hero, in one call. */
export const HomeSchema = z.object({
  lotesDestacados: z.array(LoteSchema),
  origenes: z.array(OrigenSchema),
  noticias: z.array(RecentNoticiaSchema),
  totales: z.object({ productores: z.number().int(), lotes: z.number().int(), paises: z.number().int() }),
});
export type Home = z.output<typeof HomeSchema>;
export const HomeResponseSchema = okResponse(HomeSchema);
export type HomeResponse = z.output<typeof HomeResponseSchema>;
