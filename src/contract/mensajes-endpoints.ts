import { endpoint, shapes } from './endpoint';
import type {
  ArchivarInputSchema,
  ConversacionCreatedResponseSchema,
  ConversacionesQuerySchema,
  ConversacionesResponseSchema,
  ConversacionInputSchema,
  ConversacionResponseSchema,
  MensajeInputSchema,
  MensajeResponseSchema,
  MensajesQuerySchema,
  MensajesResponseSchema,
  ReporteInputSchema,
  ReporteResponseSchema,
} from './mensajes';

/**
 * Conversations (TRADE.md "Conversations", issue 17; decision 077): the inbox, starting one (or finding it), a thread
 * and its writes, archiving, reading and reporting.
 */
export const MENSAJES_API = {
  conversaciones: endpoint(
    'GET',
    '/api/conversaciones',
    shapes<{ query: typeof ConversacionesQuerySchema; answer: typeof ConversacionesResponseSchema }>(),
  ),
  /** Answers 201 when it starts a conversation, 200 when it finds the one there was (the same shape). */
  iniciar: endpoint(
    'POST',
    '/api/conversaciones',
    shapes<{ body: typeof ConversacionInputSchema; answer: typeof ConversacionCreatedResponseSchema }>(),
  ),
  mensajes: endpoint(
    'GET',
    '/api/conversaciones/:id/mensajes',
    shapes<{ query: typeof MensajesQuerySchema; answer: typeof MensajesResponseSchema }>(),
  ),
  enviar: endpoint(
    'POST',
    '/api/conversaciones/:id/mensajes',
    shapes<{ body: typeof MensajeInputSchema; answer: typeof MensajeResponseSchema }>(),
  ),
  leida: endpoint('POST', '/api/conversaciones/:id/leida', shapes<{ answer: typeof ConversacionResponseSchema }>()),
  archivar: endpoint(
    'POST',
    '/api/conversaciones/:id/archivar',
    shapes<{ body: typeof ArchivarInputSchema; answer: typeof ConversacionResponseSchema }>(),
  ),
  reportar: endpoint(
    'POST',
    '/api/conversaciones/:id/reportes',
    shapes<{ body: typeof ReporteInputSchema; answer: typeof ReporteResponseSchema }>(),
  ),
};
