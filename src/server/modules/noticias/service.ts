import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  NOTICIA_MESSAGES,
  type Noticia,
  type NoticiaInput,
  type RecentNoticia,
  type NoticiasPage,
  type NoticiasQuery,
  type NoticiaUpdate,
} from '../../../contract/noticias';
import type { Db } from '../../db/client';
import { noticias } from '../../db/schema/noticias';
import { notificaciones } from '../../db/schema/notificaciones';
import { productorPerfiles, users } from '../../db/schema/users';
import { notFound } from '../../errors';
import { pagination } from '../../lib/pagination';
import { rowOr404 } from '../../lib/own-row';
import { summarizeMarkdown, renderMarkdown } from './markdown';
import type { DbOrTx } from '../../db/client';
import { listFollowers } from '../favoritos';
import { notifyMany } from '../notificaciones';
import { emitChange } from '../../events';

/**
 * A news item that goes public reaches the buyers who saved the producer's lots (kind NOTICIA_NUEVA), once:
 * hiding it and showing it again does not announce it twice.
 */
async function notifyPublished(tx: DbOrTx, row: NoticiaRow): Promise<void> {
  const [announced] = await tx
    .select({ id: notificaciones.id })
    .from(notificaciones)
    .where(and(eq(notificaciones.entidad, 'noticia'), eq(notificaciones.entidadId, row.id)))
    .limit(1);
  if (announced) return;
  const [perfil] = await tx
    .select({ nombre: productorPerfiles.nombre })
    .from(productorPerfiles)
    .where(eq(productorPerfiles.userId, row.productorId))
    .limit(1);
  await notifyMany(tx, await listFollowers(tx, row.productorId), {
    tipo: 'NOTICIA_NUEVA',
    productor: perfil?.nombre || 'Un productor',
    noticia: row.titulo,
    resumen: summarizeMarkdown(row.cuerpo, 280),
    enlace: `/perfil/${row.productorId}/Noticias`,
    entidad: 'noticia',
    entidadId: row.id,
  });
}

export type NoticiaRow = typeof noticias.$inferSelect;

export function serializeNoticia(row: NoticiaRow): Noticia {
  return {
    id: row.id,
    productorId: row.productorId,
    titulo: row.titulo,
    cuerpo: row.cuerpo,
    cuerpoHtml: renderMarkdown(row.cuerpo),
    imagen: row.imagen,
    publicada: row.publicada,
    fecha: row.fecha.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every news write says so (the home page's cached answer lists the latest news; docs/decisions/007). */
const noticiasChanged = (tx: DbOrTx, productorId: string) => emitChange(tx, { tipo: 'noticia.cambiada', productorId });

async function page(db: Db, productorId: string, q: NoticiasQuery, onlyPublished: boolean): Promise<NoticiasPage> {
  const where = onlyPublished
    ? and(eq(noticias.productorId, productorId), eq(noticias.publicada, true))
    : eq(noticias.productorId, productorId);
  const [{ n }] = await db.select({ n: count() }).from(noticias).where(where);
  const rows = await db
    .select()
    .from(noticias)
    .where(where)
    .orderBy(desc(noticias.fecha), desc(noticias.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { noticias: rows.map(serializeNoticia), pagination: pagination(q.page, q.limit, n) };
}

/** A producer's published news, newest first (drafts never leave the dashboard). */
export const listPublishedNoticias = (db: Db, productorId: string, q: NoticiasQuery) => page(db, productorId, q, true);

/** The owner's own news, drafts included. */
export const listOwnNoticias = (db: Db, productorId: string, q: NoticiasQuery) => page(db, productorId, q, false);

/** The latest published news across producers that still have a public profile. */
export async function listRecentNoticias(db: Db, limit: number): Promise<RecentNoticia[]> {
  const rows = await db
    .select({
      noticia: noticias,
      nombre: productorPerfiles.nombre,
      avatar: productorPerfiles.avatar,
      pais: productorPerfiles.pais,
      // The KYB badge (docs/decisions/052), not the e-mail confirmation.
      verificado: sql<boolean>`(${users.productorVerificadoAt} is not null)`,
    })
    .from(noticias)
    .innerJoin(productorPerfiles, eq(productorPerfiles.userId, noticias.productorId))
    .innerJoin(users, eq(users.id, noticias.productorId))
    .where(eq(noticias.publicada, true))
    .orderBy(desc(noticias.fecha), desc(noticias.id))
    .limit(limit);
  return rows.map((r) => ({
    ...serializeNoticia(r.noticia),
    productor: {
      id: r.noticia.productorId,
      nombre: r.nombre,
      avatar: r.avatar,
      pais: r.pais,
      verificado: r.verificado,
    },
  }));
}

async function ownRow(db: Db, productorId: string, id: string): Promise<NoticiaRow> {
  return rowOr404(
    db,
    noticias,
    and(eq(noticias.id, id), eq(noticias.productorId, productorId)),
    NOTICIA_MESSAGES.NOT_FOUND,
  );
}

export async function getOwnNoticia(db: Db, productorId: string, id: string): Promise<Noticia> {
  return serializeNoticia(await ownRow(db, productorId, id));
}

export async function createNoticia(db: Db, productorId: string, input: NoticiaInput): Promise<Noticia> {
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(noticias)
      .values({
        productorId,
        titulo: input.titulo,
        cuerpo: input.cuerpo,
        imagen: input.imagen ?? null,
        publicada: input.publicada,
        fecha: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (inserted.publicada) await notifyPublished(tx, inserted);
    await noticiasChanged(tx, productorId);
    return inserted;
  });
  return serializeNoticia(row);
}

export async function updateNoticia(db: Db, productorId: string, id: string, patch: NoticiaUpdate): Promise<Noticia> {
  const current = await ownRow(db, productorId, id);
  const now = new Date();
  const set: Partial<typeof noticias.$inferInsert> = { updatedAt: now };
  if (patch.titulo !== undefined) set.titulo = patch.titulo;
  if (patch.cuerpo !== undefined) set.cuerpo = patch.cuerpo;
  if (patch.imagen !== undefined) set.imagen = patch.imagen;
  if (patch.publicada !== undefined) {
    set.publicada = patch.publicada;
    // The date readers see is the day it went public, not the day the draft was started.
    if (patch.publicada && !current.publicada) set.fecha = now;
  }
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(noticias)
      .set(set)
      .where(and(eq(noticias.id, id), eq(noticias.productorId, productorId)))
      .returning();
    if (!updated) throw notFound('NOT_FOUND', NOTICIA_MESSAGES.NOT_FOUND);
    if (updated.publicada && !current.publicada) await notifyPublished(tx, updated);
    await noticiasChanged(tx, productorId);
    return updated;
  });
  return serializeNoticia(row);
}

export async function deleteNoticia(db: Db, productorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(noticias)
      .where(and(eq(noticias.id, id), eq(noticias.productorId, productorId)))
      .returning({ id: noticias.id });
    if (!deleted.length) throw notFound('NOT_FOUND', NOTICIA_MESSAGES.NOT_FOUND);
    await noticiasChanged(tx, productorId);
  });
}
