import { relations, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What the bell shows (docs/product.md §12). Written in the transaction of the event that
 * causes it, by `notify()` (src/server/modules/notificaciones/notify.ts); title and text are rendered then and
 * frozen.
 */
export const notificaciones = pgTable(
  'notificaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    titulo: text('titulo').notNull(),
    texto: text('texto').notNull(),
    /** A path inside Cereza (a page of contract/paginas); e-mails make it absolute with PUBLIC_URL. */
    enlace: text('enlace'),
    entidad: text('entidad'),
    entidadId: text('entidad_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leidaAt: timestamp('leida_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notificaciones_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notificaciones_no_leidas_idx')
      .on(t.userId)
      .where(sql`${t.leidaAt} is null`),
  ],
);

/** DESCARTADO: by delivery time the mail had no reason to go (e.g. the address was verified meanwhile). */
export type EstadoCorreo = 'PENDIENTE' | 'ENVIANDO' | 'ENVIADO' | 'FALLIDO' | 'DESCARTADO';

/**
 * The e-mail outbox. A row is written in the same transaction as what causes the mail (a notification, a
 * password-reset request…) and delivered afterwards by src/server/mail/outbox.ts: claimed with a lease, sent,
 * marked ENVIADO. `tipo` names the renderer that builds the message at delivery time (so that secrets such as
 * reset tokens are never stored in clear), `datos` its input.
 */
export const correos = pgTable(
  'correos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** At most one mail per notification. */
    notificacionId: uuid('notificacion_id').references(() => notificaciones.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    datos: jsonb('datos').$type<Record<string, unknown>>().notNull().default({}),
    estado: text('estado').$type<EstadoCorreo>().notNull().default('PENDIENTE'),
    intentos: integer('intentos').notNull().default(0),
    /** Null: as soon as possible. Set after a failed attempt (backoff). */
    proximoIntentoAt: timestamp('proximo_intento_at', { withTimezone: true, mode: 'date' }),
    /** While ENVIANDO: the lease; a row whose lease ran out (its process died) is claimed again. */
    bloqueadoHasta: timestamp('bloqueado_hasta', { withTimezone: true, mode: 'date' }),
    /** The Message-ID sent: derived from the row id, so every attempt of one row carries the same. */
    messageId: text('message_id'),
    asunto: text('asunto'),
    /** The .eml file written when no SMTP server is configured. */
    archivo: text('archivo'),
    ultimoError: text('ultimo_error'),
    enviadoAt: timestamp('enviado_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('correos_notificacion_uq').on(t.notificacionId),
    index('correos_pendientes_idx')
      .on(t.proximoIntentoAt, t.createdAt)
      .where(sql`${t.estado} in ('PENDIENTE', 'ENVIANDO')`),
    index('correos_user_idx').on(t.userId, t.createdAt),
  ],
);

export const notificacionesRelations = relations(notificaciones, ({ one }) => ({
  user: one(users, { fields: [notificaciones.userId], references: [users.id] }),
}));
