import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AdjuntoMensaje } from '../../../contract/mensajes';
import { timestamps } from './columns';
import { lotes } from './lotes';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A conversation between one buyer and one producer about one subject (TRADE.md "Conversations"). A deleted
 * account leaves its side null (the other party keeps the conversation and sees "Cuenta eliminada").
 * `asunto` is the subject's key ('lote:<id>', 'muestra:<id>'…, or 'general'): one conversation per pair and
 * subject. Samples, orders and requests have no tables yet, so their ids are plain columns without foreign
 * keys (docs/decisions/021).
 */
export const conversaciones = pgTable(
  'conversaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    compradorId: uuid('comprador_id').references(() => users.id, { onDelete: 'set null' }),
    productorId: uuid('productor_id').references(() => users.id, { onDelete: 'set null' }),
    asunto: text('asunto').notNull(),
    loteId: uuid('lote_id').references(() => lotes.id, { onDelete: 'set null' }),
    muestraId: uuid('muestra_id'),
    pedidoId: uuid('pedido_id'),
    solicitudId: uuid('solicitud_id'),
    /** The number of the last message: each send takes the next one under this row's lock. */
    ultimoNumero: integer('ultimo_numero').notNull().default(0),
    ultimoMensajeAt: at('ultimo_mensaje_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('conversaciones_par_asunto_uq').on(t.compradorId, t.productorId, t.asunto),
    index('conversaciones_comprador_idx').on(t.compradorId, t.ultimoMensajeAt.desc(), t.id.desc()),
    index('conversaciones_productor_idx').on(t.productorId, t.ultimoMensajeAt.desc(), t.id.desc()),
  ],
);

export const mensajes = pgTable(
  'mensajes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversacionId: uuid('conversacion_id')
      .notNull()
      .references(() => conversaciones.id),
    /** 1, 2, 3… in the conversation, in commit order (taken under the conversation row's lock). */
    numero: integer('numero').notNull(),
    /** Null once the author deleted the account. */
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    texto: text('texto').notNull(),
    /** An image uploaded through POST /api/uploads by the author (its addresses, copied when sent). */
    adjunto: jsonb('adjunto').$type<AdjuntoMensaje>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('mensajes_conversacion_numero_uq').on(t.conversacionId, t.numero),
    // The per-sender rate limit counts an account's messages of the last minute.
    index('mensajes_autor_idx').on(t.autorId, t.createdAt),
  ],
);

/**
 * Each party's own view of a conversation: how far it has read, whether it archived it, and the unread-mail
 * timer (`correoDebidoAt`: when the burst's mail is due; `correoAvisadoAt`: the burst was mailed, no more mail
 * until the party reads).
 */
export const conversacionEstados = pgTable(
  'conversacion_estados',
  {
    conversacionId: uuid('conversacion_id')
      .notNull()
      .references(() => conversaciones.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leidoHasta: integer('leido_hasta').notNull().default(0),
    archivadaAt: at('archivada_at'),
    correoDebidoAt: at('correo_debido_at'),
    correoAvisadoAt: at('correo_avisado_at'),
  },
  (t) => [
    primaryKey({ columns: [t.conversacionId, t.userId] }),
    index('conversacion_estados_user_idx').on(t.userId),
    index('conversacion_estados_correo_idx')
      .on(t.correoDebidoAt)
      .where(sql`${t.correoDebidoAt} is not null`),
  ],
);

/** "Reportar": what a party flags for the operator to review. */
export const reportesConversacion = pgTable(
  'reportes_conversacion',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversacionId: uuid('conversacion_id')
      .notNull()
      .references(() => conversaciones.id),
    mensajeId: uuid('mensaje_id').references(() => mensajes.id, { onDelete: 'set null' }),
    reportadoPor: uuid('reportado_por').references(() => users.id, { onDelete: 'set null' }),
    motivo: text('motivo').notNull(),
    estado: text('estado').$type<'ABIERTO' | 'REVISADO'>().notNull().default('ABIERTO'),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('reportes_conversacion_estado_idx').on(t.estado, t.createdAt)],
);
