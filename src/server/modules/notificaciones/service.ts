import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  NOTIFICACION_MESSAGES,
  isTipoNotificacion,
  tipoDefinition,
  type Notificacion,
  type NotificacionesPage,
  type NotificacionesQuery,
} from '../../../contract/notificaciones';
import type { Db, DbOrTx } from '../../db/client';
import { notificaciones } from '../../db/schema/notificaciones';
import { notFound } from '../../errors';
import { pagination } from '../../lib/pagination';

type NotificacionRow = typeof notificaciones.$inferSelect;

export function serializeNotificacion(row: NotificacionRow): Notificacion {
  return {
    id: row.id,
    tipo: row.tipo,
    titulo: row.titulo,
    texto: row.texto,
    enlace: row.enlace,
    entidad: row.entidad,
    entidadId: row.entidadId,
    accion: row.enlace ? (isTipoNotificacion(row.tipo) && tipoDefinition(row.tipo).accion) || 'Ver detalle' : null,
    createdAt: row.createdAt.toISOString(),
    leidaAt: row.leidaAt ? row.leidaAt.toISOString() : null,
  };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificaciones)
    .where(and(eq(notificaciones.userId, userId), isNull(notificaciones.leidaAt)));
  return Number(row?.n ?? 0);
}

/** The account's notifications, newest first; only the owner's rows are ever read. */
export async function listNotificaciones(db: Db, userId: string, q: NotificacionesQuery): Promise<NotificacionesPage> {
  const where = q.noLeidas
    ? and(eq(notificaciones.userId, userId), isNull(notificaciones.leidaAt))
    : eq(notificaciones.userId, userId);
  const [rows, [{ total }], noLeidas] = await Promise.all([
    db
      .select()
      .from(notificaciones)
      .where(where)
      .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(notificaciones).where(where),
    countUnread(db, userId),
  ]);
  const totalN = Number(total);
  return {
    notificaciones: rows.map(serializeNotificacion),
    pagination: pagination(q.page, q.limit, totalN),
    noLeidas,
  };
}

/** Marks one notification read (again: no change). Another account's notification is a 404, like a missing one. */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<Notificacion> {
  const [updated] = await db
    .update(notificaciones)
    .set({ leidaAt: now })
    .where(and(eq(notificaciones.id, id), eq(notificaciones.userId, userId), isNull(notificaciones.leidaAt)))
    .returning();
  if (updated) return serializeNotificacion(updated);
  const [existing] = await db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.id, id), eq(notificaciones.userId, userId)))
    .limit(1);
  if (!existing) throw notFound('NOT_FOUND', NOTIFICACION_MESSAGES.NOT_FOUND);
  return serializeNotificacion(existing);
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notificaciones)
    .set({ leidaAt: now })
    .where(and(eq(notificaciones.userId, userId), isNull(notificaciones.leidaAt)))
    .returning({ id: notificaciones.id });
  return rows.length;
}

/**
 * Marks read a user's unread notifications about one object (a conversation read to its end reads its notices), in
 * the caller's transaction. The other modules' way to touch this table (decision 074).
 */
export async function markReadAbout(tx: DbOrTx, userId: string, entidad: string, entidadId: string, now: Date) {
  await tx
    .update(notificaciones)
    .set({ leidaAt: now })
    .where(
      and(
        eq(notificaciones.userId, userId),
        eq(notificaciones.entidad, entidad),
        eq(notificaciones.entidadId, entidadId),
        isNull(notificaciones.leidaAt),
      ),
    );
}
