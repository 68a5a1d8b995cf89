import { z } from 'zod';
import { okResponse, PaginationSchema, pageQuerySchema } from './common';

/*
 * A producer's news post (docs/product.md §10, "Noticia"): titulo, cuerpo in Markdown, an optional image from our
 * uploads, publicada. One schema validates the dashboard form and the request on the server.
 */

export const NOTICIA_LIMITS = {
  tituloMin: 3,
  tituloMax: 140,
  cuerpoMax: 20_000,
  pageLimitDefault: 10,
  pageLimitMax: 50,
} as const;

/** Only images stored by POST /api/uploads: they are served by us, with our headers and our CSP. */
export const isUploadedImage = (v: string) => /^\/uploads\/[A-Za-z0-9._\-/]+$/.test(v) && !v.includes('..');

const titulo = z
  .string({ error: 'El título debe ser un texto.' })
  .trim()
  .min(NOTICIA_LIMITS.tituloMin, `El título debe tener al menos ${NOTICIA_LIMITS.tituloMin} caracteres.`)
  .max(NOTICIA_LIMITS.tituloMax, `El título admite como máximo ${NOTICIA_LIMITS.tituloMax} caracteres.`);

const cuerpo = z
  .string({ error: 'El texto de la noticia debe ser un texto.' })
  .refine((v) => v.trim().length > 0, { error: 'Escribe el texto de la noticia.' })
  .refine((v) => v.length <= NOTICIA_LIMITS.cuerpoMax, {
    error: `El texto admite como máximo ${NOTICIA_LIMITS.cuerpoMax.toLocaleString('es-ES')} caracteres.`,
  });

const imagen = z
  .string({ error: 'La imagen debe ser una dirección.' })
  .trim()
  .max(500, 'La dirección de la imagen es demasiado larga.')
  .refine(isUploadedImage, { error: 'La imagen debe ser una imagen subida a Cereza.' })
  .nullable()
  .optional()
  // An empty field in the form means "no image".
  .or(z.literal('').transform(() => null));

const publicada = z.boolean({ error: 'Indica si la noticia está publicada (verdadero o falso).' });

/** POST /api/productor/noticias */
export const NoticiaInputSchema = z.object({
  titulo,
  cuerpo,
  imagen,
  publicada: publicada.default(false),
});
export type NoticiaInput = z.infer<typeof NoticiaInputSchema>;
export type NoticiaInputDraft = z.input<typeof NoticiaInputSchema>;

/** PUT /api/productor/noticias/{id}: any subset; `{ publicada: true }` publishes, `false` withdraws it. */
export const NoticiaUpdateSchema = z.object({
  titulo: titulo.optional(),
  cuerpo: cuerpo.optional(),
  imagen,
  publicada: publicada.optional(),
});
export type NoticiaUpdate = z.infer<typeof NoticiaUpdateSchema>;
/** The PUT's body as the route reads it: a PUT without one changes nothing but the date of the last update. */
export const NoticiaUpdateBodySchema = NoticiaUpdateSchema.default({});

export const NoticiaSchema = z.object({
  id: z.string(),
  productorId: z.string(),
  titulo: z.string(),
  /** Markdown as written. */
  cuerpo: z.string(),
  /** Rendered on the server: raw HTML is escaped and only http(s), mailto and site links survive. */
  cuerpoHtml: z.string(),
  imagen: z.string().nullable(),
  publicada: z.boolean(),
  /** Publication date (creation date while it is a draft). */
  fecha: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Noticia = z.infer<typeof NoticiaSchema>;

/** A news item in the cross-producer list of the home page, with who wrote it. */
export const RecentNoticiaSchema = NoticiaSchema.extend({
  productor: z.object({
    id: z.string(),
    nombre: z.string(),
    avatar: z.string().nullable(),
    pais: z.string(),
    verificado: z.boolean(),
  }),
});
export type RecentNoticia = z.infer<typeof RecentNoticiaSchema>;

export const NoticiasPageSchema = z.object({
  noticias: z.array(NoticiaSchema),
  pagination: PaginationSchema,
});
export type NoticiasPage = z.infer<typeof NoticiasPageSchema>;

export const NoticiasQuerySchema = pageQuerySchema(NOTICIA_LIMITS.pageLimitMax, NOTICIA_LIMITS.pageLimitDefault);
export type NoticiasQuery = z.infer<typeof NoticiasQuerySchema>;

/** GET /api/productor/noticias (and a producer's public news) */
export const NoticiasPageResponseSchema = okResponse(NoticiasPageSchema);
export type NoticiasPageResponse = z.output<typeof NoticiasPageResponseSchema>;
/** GET, POST and PUT of one news item of the owner's */
export const NoticiaResponseSchema = okResponse(z.object({ noticia: NoticiaSchema }));
export type NoticiaResponse = z.output<typeof NoticiaResponseSchema>;
/** DELETE /api/productor/noticias/{id} */
export const NoticiaDeletedResponseSchema = okResponse(z.object({ id: z.string() }));
export type NoticiaDeletedResponse = z.output<typeof NoticiaDeletedResponseSchema>;

export const NOTICIA_MESSAGES = {
  CREATED: 'Noticia guardada.',
  PUBLISHED: 'Noticia publicada.',
  UNPUBLISHED: 'La noticia ya no es pública.',
  UPDATED: 'Noticia actualizada.',
  DELETED: 'Noticia eliminada.',
  NOT_FOUND: 'Noticia no encontrada.',
} as const;
