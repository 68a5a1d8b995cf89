import { z } from 'zod';
import {
  emptyToUndefined,
  limitQuery,
  okMessageResponse,
  okResponse,
  PaginationSchema,
  pageQuerySchema,
} from './common';
import { defineTipo } from './notificaciones-tipo';

/**
 * Conversations between one buyer and one producer (TRADE.md "Conversations", issue 17): one per pair and
 * subject (a lot, a sample, an order, a request, or none), with numbered messages.
 */

export const MENSAJE_LIMITS = {
  textoMax: 4000,
  motivoMax: 1000,
  busquedaMax: 100,
  conversacionesPorPagina: 20,
  maxConversacionesPorPagina: 50,
  mensajesPorPagina: 30,
  maxMensajesPorPagina: 100,
  /** Messages one account may send in any minute (all its conversations together). */
  porMinuto: 30,
  /** A new message not read within this time is mailed (one mail per conversation burst). */
  correoTrasMs: 15 * 60_000,
  /** How often an open thread asks for news (docs/decisions: polling now, server-sent events later). */
  pollMs: 4000,
} as const;

/** How a deleted account is shown to the other party, whose copy of the conversation is kept. */
export const CUENTA_ELIMINADA = 'Cuenta eliminada';

export const MENSAJE_MESSAGES = {
  NOT_FOUND: 'Conversación no encontrada.',
  MENSAJE_NOT_FOUND: 'Mensaje no encontrado.',
  PRODUCTOR_NOT_FOUND: 'Productor no encontrado.',
  COMPRADOR_NOT_FOUND: 'Comprador no encontrado.',
  LOTE_NOT_FOUND: 'Lote no encontrado.',
  MUESTRA_NOT_FOUND: 'Muestra no encontrada.',
  PEDIDO_NOT_FOUND: 'Pedido no encontrado.',
  SOLICITUD_NOT_FOUND: 'Solicitud no encontrada.',
  SIN_CONTACTO: 'Solo puedes escribir a compradores que te han escrito o te han comprado.',
  CONTRAPARTE_ELIMINADA: 'La otra parte eliminó su cuenta: ya no puede recibir mensajes.',
  RATE_LIMITED: 'Estás enviando mensajes muy deprisa. Espera un minuto e inténtalo de nuevo.',
  SENT: 'Mensaje enviado.',
  READ: 'Conversación marcada como leída.',
  ARCHIVED: 'Conversación archivada.',
  UNARCHIVED: 'Conversación recuperada de archivadas.',
  REPORTED: 'Gracias. Hemos recibido tu reporte y lo revisaremos.',
  IMAGEN_NOT_FOUND: 'Imagen no encontrada. Súbela de nuevo.',
  IMAGEN: 'Imagen adjunta',
  DOCUMENTO_NOT_FOUND: 'PDF no encontrado. Súbelo de nuevo.',
  DOCUMENTO: 'PDF adjunto',
  UN_ADJUNTO: 'Adjunta una imagen o un PDF, no ambos.',
} as const;

/** The in-app notification of a new message; its e-mail is not per message but per unread burst (see above). */
export const MENSAJE_NOTIFICACIONES = {
  MENSAJE_NUEVO: defineTipo({
    group: 'mensajes',
    label: 'Mensajes sin leer (un correo por conversación si no los lees en 15 minutos)',
    email: true,
    accion: 'Responder',
    titulo: (p: { de: string; asunto: string; extracto: string }) =>
      `Nuevo mensaje de ${p.de}${p.asunto ? ` sobre ${p.asunto}` : ''}`,
    texto: (p) => `${p.de} te ha escrito: «${p.extracto}»`,
  }),
};

/** The start of a message, for notifications and the inbox (never the whole text). */
export function extracto(texto: string, max = 140): string {
  const plano = texto.replace(/\s+/g, ' ').trim();
  return plano.length > max ? `${plano.slice(0, max - 1).trimEnd()}…` : plano;
}

const texto = z
  .string({ error: 'Escribe un mensaje.' })
  .trim()
  .min(1, 'Escribe un mensaje.')
  .max(MENSAJE_LIMITS.textoMax, `El mensaje puede tener como máximo ${MENSAJE_LIMITS.textoMax} caracteres.`);

const optionalId = (message: string) => z.preprocess(emptyToUndefined, z.uuid({ error: message }).optional());

export const ASUNTO_TIPOS = ['lote', 'muestra', 'pedido', 'solicitud'] as const;
export type AsuntoTipo = (typeof ASUNTO_TIPOS)[number];

/**
 * POST /api/conversaciones: a buyer names the producer, a producer the buyer (about a sample, the sample names
 * them); at most one subject.
 */
export const ConversacionInputSchema = z
  .object({
    productorId: optionalId('Productor no válido.'),
    compradorId: optionalId('Comprador no válido.'),
    loteId: optionalId('Lote no válido.'),
    muestraId: optionalId('Muestra no válida.'),
    pedidoId: optionalId('Pedido no válido.'),
    solicitudId: optionalId('Solicitud no válida.'),
    texto,
  })
  .superRefine((v, ctx) => {
    // About a sample the counterpart may go unnamed: the sample's other party is it.
    const soloMuestra = !!v.muestraId && !v.productorId && !v.compradorId;
    if (!!v.productorId === !!v.compradorId && !soloMuestra)
      ctx.addIssue({ code: 'custom', path: ['productorId'], message: 'Indica el productor o el comprador.' });
    const asuntos = [v.loteId, v.muestraId, v.pedidoId, v.solicitudId].filter(Boolean);
    if (asuntos.length > 1)
      ctx.addIssue({ code: 'custom', path: ['loteId'], message: 'Una conversación trata de un solo asunto.' });
  });
export type ConversacionInput = z.infer<typeof ConversacionInputSchema>;

/**
 * An image (POST /api/uploads) or a PDF (POST /api/uploads/documentos) attached to a message: one of the
 * author's own uploads, named by its id; one attachment per message.
 */
export const MensajeInputSchema = z
  .object({
    texto: z
      .string({ error: 'Escribe un mensaje.' })
      .trim()
      .max(MENSAJE_LIMITS.textoMax, `El mensaje puede tener como máximo ${MENSAJE_LIMITS.textoMax} caracteres.`)
      .default(''),
    imagenId: optionalId('Imagen no válida.'),
    documentoId: optionalId('PDF no válido.'),
  })
  .superRefine((v, ctx) => {
    if (!v.texto && !v.imagenId && !v.documentoId)
      ctx.addIssue({ code: 'custom', path: ['texto'], message: 'Escribe un mensaje.' });
    if (v.imagenId && v.documentoId)
      ctx.addIssue({ code: 'custom', path: ['documentoId'], message: MENSAJE_MESSAGES.UN_ADJUNTO });
  });
export type MensajeInput = z.infer<typeof MensajeInputSchema>;

export const ArchivarInputSchema = z.object({ archivada: z.boolean({ error: 'Indica si se archiva.' }) });

export const ReporteInputSchema = z.object({
  mensajeId: optionalId('Mensaje no válido.'),
  motivo: z
    .string({ error: 'Cuéntanos qué ocurre.' })
    .trim()
    .min(3, 'Cuéntanos qué ocurre.')
    .max(MENSAJE_LIMITS.motivoMax, `Como máximo ${MENSAJE_LIMITS.motivoMax} caracteres.`),
});
export type ReporteInput = z.infer<typeof ReporteInputSchema>;

const booleanQuery = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: `${name} debe ser true o false.` })
      .transform((v) => v === 'true')
      .default(false),
  );

export const ConversacionesQuerySchema = pageQuerySchema(
  MENSAJE_LIMITS.maxConversacionesPorPagina,
  MENSAJE_LIMITS.conversacionesPorPagina,
).extend({
  noLeidas: booleanQuery('noLeidas'),
  archivadas: booleanQuery('archivadas'),
  q: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(MENSAJE_LIMITS.busquedaMax, 'Búsqueda demasiado larga.').optional(),
  ),
  /** The conversations about one lot, archived or not ("Escribir al productor" offers to reopen it). */
  loteId: optionalId('Lote no válido.'),
  /** The conversation about one sample, archived or not ("Mensajes" on a sample finds it or starts it). */
  muestraId: optionalId('Muestra no válida.'),
});
export type ConversacionesQuery = z.infer<typeof ConversacionesQuerySchema>;

/** `?antesDe=<numero>`: the page of messages before that one (keyset); absent: the newest page. */
export const MensajesQuerySchema = z.object({
  antesDe: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'antesDe debe ser un número de mensaje.' })
      .int('antesDe debe ser un número de mensaje.')
      .min(1, 'antesDe debe ser un número de mensaje.')
      .optional(),
  ),
  limit: limitQuery(MENSAJE_LIMITS.maxMensajesPorPagina, MENSAJE_LIMITS.mensajesPorPagina),
});
export type MensajesQuery = z.infer<typeof MensajesQuerySchema>;

export const ContraparteSchema = z.object({
  /** Null when the account was deleted (its name is then "Cuenta eliminada"). */
  id: z.string().nullable(),
  nombre: z.string(),
  avatar: z.string().nullable(),
  tipoUser: z.enum(['PRODUCTOR', 'COMPRADOR']),
});
export type Contraparte = z.infer<typeof ContraparteSchema>;

export const AsuntoSchema = z.object({
  tipo: z.enum(ASUNTO_TIPOS),
  id: z.string(),
  /** "Lote «Geisha lavado»"; "Lote eliminado" once it is gone. */
  titulo: z.string(),
  /** Where the subject lives, or null when it no longer exists. */
  enlace: z.string().nullable(),
});
export type Asunto = z.infer<typeof AsuntoSchema>;

export const ConversacionSchema = z.object({
  id: z.string(),
  contraparte: ContraparteSchema,
  asunto: AsuntoSchema.nullable(),
  ultimoMensaje: z.object({ extracto: z.string(), mio: z.boolean(), createdAt: z.string() }).nullable(),
  /** Messages of the other party this account has not read. */
  noLeidos: z.number().int(),
  /** The last of this account's messages the other party has read (0: none). */
  leidoPorContraparteHasta: z.number().int(),
  archivada: z.boolean(),
  updatedAt: z.string(),
});
export type Conversacion = z.infer<typeof ConversacionSchema>;

export const AdjuntoImagenSchema = z.object({
  url: z.string(),
  thumb: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
/** A PDF: downloaded (the server sends it as an attachment), shown as a link with its name. */
export const AdjuntoPdfSchema = z.object({
  tipo: z.literal('pdf'),
  url: z.string(),
  nombre: z.string(),
  bytes: z.number().int(),
});
export type AdjuntoPdf = z.infer<typeof AdjuntoPdfSchema>;
export const AdjuntoMensajeSchema = z.union([AdjuntoPdfSchema, AdjuntoImagenSchema]);
export type AdjuntoMensaje = z.infer<typeof AdjuntoMensajeSchema>;

/** What a message with no text says in the inbox, notifications and mail: what it carries. */
export const sinTexto = (adjunto: AdjuntoMensaje | null | undefined): string =>
  adjunto && 'tipo' in adjunto ? `${MENSAJE_MESSAGES.DOCUMENTO}: ${adjunto.nombre}` : MENSAJE_MESSAGES.IMAGEN;

export const MensajeSchema = z.object({
  id: z.string(),
  /** 1, 2, 3… within the conversation, in the order they were sent: no gaps. */
  numero: z.number().int(),
  texto: z.string(),
  adjunto: AdjuntoMensajeSchema.nullable(),
  mio: z.boolean(),
  /** "Tú", the other party's name, or "Cuenta eliminada". */
  autor: z.string(),
  createdAt: z.string(),
});
export type Mensaje = z.infer<typeof MensajeSchema>;

/** GET /api/conversaciones */
export const ConversacionesResponseSchema = okResponse(
  z.object({
    conversaciones: z.array(ConversacionSchema),
    pagination: PaginationSchema,
    /** Conversations (not archived) with unread messages: the inbox's badge. */
    noLeidas: z.number().int(),
  }),
);
/** POST /api/conversaciones */
export const ConversacionCreatedResponseSchema = okResponse(
  z.object({ conversacion: ConversacionSchema, mensaje: MensajeSchema, creada: z.boolean() }),
);
/** GET /api/conversaciones/{id}/mensajes: oldest first within the page. */
export const MensajesResponseSchema = okResponse(
  z.object({
    conversacion: ConversacionSchema,
    mensajes: z.array(MensajeSchema),
    /** The cursor of the next older page, or null when this page reaches the first message. */
    antesDe: z.number().int().nullable(),
  }),
);
/** POST /api/conversaciones/{id}/mensajes */
export const MensajeResponseSchema = okResponse(z.object({ mensaje: MensajeSchema }));
/** POST /api/conversaciones/{id}/leida and /archivar */
export const ConversacionResponseSchema = okMessageResponse(z.object({ conversacion: ConversacionSchema }));
/** POST /api/conversaciones/{id}/reportes */
export const ReporteResponseSchema = okMessageResponse(z.object({ reporte: z.object({ id: z.string() }) }));
