import { z } from 'zod';
import { okMessageResponse, okResponse, UuidSchema } from './common';
import { texto, textoOpcional } from './campos';
import { AdjuntoMensajeSchema } from './mensajes';
import { HojaCataSchema } from './muestras';

/*
 * A claim's evidence and the producer's answer (issue 25 §3): the buyer opens the claim with his reason, photos
 * and PDFs he uploaded (POST /api/uploads, /api/uploads/documentos) and, if he cupped the arrival, the sheet; the
 * producer answers once, accepting a discount or contesting with his own evidence; the operator decides
 * (`npm run reclamos`, the back office) with both in front of him.
 */

export const EVIDENCIAS_MAX = 6;

/** An upload of the caller's own: an image or a PDF. */
export const EvidenciaRefSchema = z.union([
  z.object({ imagenId: UuidSchema }).strict(),
  z.object({ documentoId: UuidSchema }).strict(),
]);
const evidencias = z
  .array(EvidenciaRefSchema, { error: 'Las evidencias deben ser una lista.' })
  .max(EVIDENCIAS_MAX, `Como máximo ${EVIDENCIAS_MAX} evidencias.`)
  .default([]);

/** What ABRIR_RECLAMO may carry besides its reason. */
export const EvidenciasReclamoSchema = z.object({
  evidencias,
  /** The buyer's cupping of the arrival sample, on the same SCA sheet. */
  cataLlegada: HojaCataSchema.optional(),
});

export const POSTURAS_RECLAMO = ['RECLAMO', 'ACEPTA_DESCUENTO', 'IMPUGNA'] as const;
export type PosturaReclamo = (typeof POSTURAS_RECLAMO)[number];
export const POSTURA_LABELS: Record<PosturaReclamo, string> = {
  RECLAMO: 'Reclamo del comprador',
  ACEPTA_DESCUENTO: 'El productor acepta un descuento',
  IMPUGNA: 'El productor impugna el reclamo',
};

/** POST /api/pedidos/{id}/reclamo/respuesta: the producer's one answer while the claim is open. */
export const RespuestaReclamoInputSchema = z.discriminatedUnion(
  'postura',
  [
    z.object({
      postura: z.literal('ACEPTA_DESCUENTO'),
      /** In minor units of the order's currency: at most the order's total (checked by the server). */
      descuentoCentavos: z
        .number({ error: 'Indica el descuento.' })
        .int('El descuento va en céntimos enteros.')
        .min(1, 'El descuento debe ser mayor que cero.'),
      texto: textoOpcional('El comentario', 2000),
    }),
    z.object({
      postura: z.literal('IMPUGNA'),
      texto: texto('Tus argumentos', 5, 2000),
      evidencias,
    }),
  ],
  { error: 'Elige si aceptas un descuento o impugnas el reclamo.' },
);
export type RespuestaReclamoInput = z.input<typeof RespuestaReclamoInputSchema>;

export const AporteReclamoSchema = z.object({
  id: z.string(),
  rol: z.enum(['comprador', 'productor']),
  postura: z.enum(POSTURAS_RECLAMO),
  texto: z.string(),
  descuentoCentavos: z.number().nullable(),
  adjuntos: z.array(AdjuntoMensajeSchema),
  cata: HojaCataSchema.nullable(),
  puntajeCata: z.number().nullable(),
  createdAt: z.string(),
});
export type AporteReclamo = z.infer<typeof AporteReclamoSchema>;

/** The claim as both parties (and the operator) read it: the buyer's claim, then the producer's answer. */
export const ReclamoSchema = z.object({
  reclamo: AporteReclamoSchema.nullable(),
  respuesta: AporteReclamoSchema.nullable(),
  /** The producer may still answer (the claim is open and he has not). */
  puedeResponder: z.boolean(),
});
export type Reclamo = z.infer<typeof ReclamoSchema>;
export const ReclamoResponseSchema = okResponse(z.object({ reclamo: ReclamoSchema }));
/** POST /api/pedidos/:id/reclamo/respuesta: the claim answered, and the producer's toast. */
export const ReclamoRespondidoResponseSchema = okMessageResponse(z.object({ reclamo: ReclamoSchema }));

export const RECLAMO_MESSAGES = {
  NOT_FOUND: 'Pedido no encontrado.',
  SIN_RECLAMO: 'Este pedido no tiene un reclamo abierto.',
  SOLO_PRODUCTOR: 'Solo el productor responde al reclamo.',
  YA_RESPONDIDO: 'Ya respondiste a este reclamo; el operador de Cereza decidirá.',
  EVIDENCIA_NOT_FOUND: 'No encontramos uno de los archivos adjuntos entre los tuyos. Vuelve a subirlo.',
  descuentoMaximo: (max: string) => `El descuento no puede superar el total del pedido (${max}).`,
  RESPONDIDO: 'Respuesta enviada. El operador de Cereza decidirá con el reclamo y tu respuesta.',
} as const;
