import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CUENTA_ELIMINADA,
  MENSAJE_LIMITS,
  MENSAJE_MESSAGES,
  extracto,
  sinTexto,
  type AdjuntoMensaje,
  type Asunto,
  type Conversacion,
  type ConversacionInput,
  type ConversacionesQuery,
  type Mensaje,
  type MensajeInput,
  type MensajesQuery,
  type ReporteInput,
} from '../../../contract/mensajes';
import { wantsEmail } from '../../../contract/notificaciones';
import { toRol, type Pagination, type TipoUser } from '../../../contract/common';
import { PRIVATE_PREFIX, isPrivateKey, type Storage } from '../../storage/index';
import type { UserRow } from '../../auth/guards';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { imagenes } from '../../db/schema/imagenes';
import { lotes } from '../../db/schema/lotes';
import { conversaciones, conversacionEstados, mensajes, reportesConversacion } from '../../db/schema/mensajes';
import { muestras } from '../../db/schema/muestras';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { pagination } from '../../lib/pagination';
import { rowOr404 } from '../../lib/own-row';
import { enqueueMail } from '../../mail/outbox';
import { markReadAbout, notify } from '../notificaciones';
import { PAGINAS, paginaMuestra } from '../../../contract/paginas';

/** The outbox renderer of "you have unread messages" (registered by ./routes.ts). */
export const MENSAJES_SIN_LEER_MAIL = 'MENSAJES_SIN_LEER';

type ConversacionRow = typeof conversaciones.$inferSelect;
type MensajeRow = typeof mensajes.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Who is who
// ---------------------------------------------------------------------------------------------------------

/** A party's side in a conversation, or null for anyone else. */
function sideOf(conv: Pick<ConversacionRow, 'compradorId' | 'productorId'>, userId: string): TipoUser | null {
  if (conv.compradorId === userId) return 'COMPRADOR';
  if (conv.productorId === userId) return 'PRODUCTOR';
  return null;
}

function otherPartyId(conv: Pick<ConversacionRow, 'compradorId' | 'productorId'>, userId: string): string | null {
  return sideOf(conv, userId) === 'COMPRADOR' ? conv.productorId : conv.compradorId;
}

/** A producer writes first only to a buyer who wrote to him before (TRADE.md: no cold messages). */
export async function compradorLeEscribio(db: DbOrTx, productorId: string, compradorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mensajes.id })
    .from(mensajes)
    .innerJoin(conversaciones, eq(conversaciones.id, mensajes.conversacionId))
    .where(
      and(
        eq(conversaciones.productorId, productorId),
        eq(conversaciones.compradorId, compradorId),
        eq(mensajes.autorId, compradorId),
      ),
    )
    .limit(1);
  return !!row;
}

function organizacionName(
  tipo: UserRow['tipoUser'],
  u: { nombre: string; apellido: string },
  pp: string | null,
  cp: string | null,
): string {
  const own = tipo === 'PRODUCTOR' ? pp : cp;
  if (own?.trim()) return own.trim();
  const persona = `${u.nombre} ${u.apellido}`.trim();
  return persona || (tipo === 'PRODUCTOR' ? 'Productor' : 'Comprador');
}

/** How an account signs its messages to the other side: its farm or company, not its e-mail. */
async function nombreDe(db: DbOrTx, user: UserRow): Promise<string> {
  const [row] = await db
    .select({ pp: productorPerfiles.nombre, cp: compradorPerfiles.empresa })
    .from(users)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, users.id))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  return organizacionName(user.tipoUser, user, row?.pp ?? null, row?.cp ?? null);
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

const yo = alias(conversacionEstados, 'yo');
const otro = alias(conversacionEstados, 'otro');
const cu = alias(users, 'cu');
const ultimo = alias(mensajes, 'ultimo');
const muestraLote = alias(lotes, 'muestra_lote');

const counterpartId = (userId: string) =>
  sql`case when ${conversaciones.compradorId} = ${userId} then ${conversaciones.productorId} else ${conversaciones.compradorId} end`;

const isParty = (userId: string) => or(eq(conversaciones.compradorId, userId), eq(conversaciones.productorId, userId));

/**
 * The subject as the viewer sees it: its title and where it lives. A sample's page is the viewer's own list of
 * samples opened at it (`?muestra=<id>`, as its notifications link it); `muestraLoteNombre` is null once the
 * sample is gone.
 */
function asuntoOf(
  conv: ConversacionRow,
  loteNombre: string | null,
  viewerId: string,
  muestraLoteNombre: string | null = null,
): Asunto | null {
  const [tipo, id] = conv.asunto.split(':');
  if (!id) return null;
  if (tipo === 'lote')
    return loteNombre !== null
      ? { tipo, id, titulo: `Lote «${loteNombre}»`, enlace: `/lote/${id}` }
      : { tipo, id, titulo: 'Lote eliminado', enlace: null };
  if (tipo === 'muestra') {
    if (muestraLoteNombre === null) return { tipo, id, titulo: 'Muestra eliminada', enlace: null };
    const rol = sideOf(conv, viewerId) === 'PRODUCTOR' ? 'productor' : 'comprador';
    return { tipo, id, titulo: `Muestra de «${muestraLoteNombre}»`, enlace: paginaMuestra(rol, id) };
  }
  const titulos = { pedido: 'Pedido', solicitud: 'Solicitud' } as const;
  if (tipo === 'pedido' || tipo === 'solicitud') return { tipo, id, titulo: titulos[tipo], enlace: null };
  return null;
}

async function selectConversaciones(db: DbOrTx, userId: string, where: SQL | undefined, limit: number, offset = 0) {
  const rows = await db
    .select({
      c: conversaciones,
      yoLeidoHasta: yo.leidoHasta,
      yoArchivadaAt: yo.archivadaAt,
      otroLeidoHasta: otro.leidoHasta,
      cuId: cu.id,
      cuNombre: cu.nombre,
      cuApellido: cu.apellido,
      cuImage: cu.image,
      pp: productorPerfiles.nombre,
      ppAvatar: productorPerfiles.avatar,
      cp: compradorPerfiles.empresa,
      cpAvatar: compradorPerfiles.avatar,
      loteNombre: lotes.nombre,
      muestraLoteNombre: muestraLote.nombre,
      ultimoTexto: ultimo.texto,
      ultimoAutor: ultimo.autorId,
      ultimoAdjunto: ultimo.adjunto,
      ultimoAt: ultimo.createdAt,
    })
    .from(conversaciones)
    .innerJoin(yo, and(eq(yo.conversacionId, conversaciones.id), eq(yo.userId, userId)))
    .leftJoin(cu, eq(cu.id, counterpartId(userId)))
    .leftJoin(otro, and(eq(otro.conversacionId, conversaciones.id), eq(otro.userId, cu.id)))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, cu.id))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, cu.id))
    .leftJoin(lotes, eq(lotes.id, conversaciones.loteId))
    .leftJoin(muestras, eq(muestras.id, conversaciones.muestraId))
    .leftJoin(muestraLote, eq(muestraLote.id, muestras.loteId))
    .leftJoin(ultimo, and(eq(ultimo.conversacionId, conversaciones.id), eq(ultimo.numero, conversaciones.ultimoNumero)))
    .where(and(isParty(userId), where))
    .orderBy(desc(conversaciones.ultimoMensajeAt), desc(conversaciones.id))
    .limit(limit)
    .offset(offset);

  return rows.map((r): Conversacion => {
    const mine = sideOf(r.c, userId) ?? 'COMPRADOR';
    const tipoOtro: TipoUser = mine === 'COMPRADOR' ? 'PRODUCTOR' : 'COMPRADOR';
    return {
      id: r.c.id,
      contraparte: r.cuId
        ? {
            id: r.cuId,
            nombre: organizacionName(tipoOtro, { nombre: r.cuNombre ?? '', apellido: r.cuApellido ?? '' }, r.pp, r.cp),
            avatar: (tipoOtro === 'PRODUCTOR' ? r.ppAvatar : r.cpAvatar) ?? r.cuImage ?? null,
            tipoUser: tipoOtro,
          }
        : { id: null, nombre: CUENTA_ELIMINADA, avatar: null, tipoUser: tipoOtro },
      asunto: asuntoOf(r.c, r.loteNombre, userId, r.muestraLoteNombre),
      ultimoMensaje:
        r.ultimoTexto !== null && r.ultimoAt
          ? {
              extracto: r.ultimoTexto ? extracto(r.ultimoTexto) : sinTexto(r.ultimoAdjunto),
              mio: r.ultimoAutor === userId,
              createdAt: r.ultimoAt.toISOString(),
            }
          : null,
      noLeidos: Math.max(0, r.c.ultimoNumero - r.yoLeidoHasta),
      leidoPorContraparteHasta: r.otroLeidoHasta ?? 0,
      archivada: r.yoArchivadaAt !== null,
      updatedAt: r.c.ultimoMensajeAt.toISOString(),
    };
  });
}

/** One conversation as one of its parties sees it; anyone else gets 404, exactly like a missing one. */
export async function getConversacion(db: DbOrTx, userId: string, id: string): Promise<Conversacion> {
  const [conv] = await selectConversaciones(db, userId, eq(conversaciones.id, id), 1);
  if (!conv) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.NOT_FOUND);
  return conv;
}

/** The row of a conversation the user is a party of, or 404. */
async function partyRow(db: DbOrTx, userId: string, id: string): Promise<ConversacionRow> {
  return rowOr404(db, conversaciones, and(eq(conversaciones.id, id), isParty(userId)), MENSAJE_MESSAGES.NOT_FOUND);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The inbox: newest activity first, with unread counts; archived ones apart; search by counterpart or lot. */
export async function listConversaciones(
  db: Db,
  userId: string,
  query: ConversacionesQuery,
): Promise<{ conversaciones: Conversacion[]; pagination: Pagination; noLeidas: number }> {
  const filters: (SQL | undefined)[] = query.loteId
    ? [eq(conversaciones.loteId, query.loteId)]
    : query.muestraId
      ? [eq(conversaciones.muestraId, query.muestraId)]
      : [query.archivadas ? isNotNull(yo.archivadaAt) : isNull(yo.archivadaAt)];
  if (query.noLeidas) filters.push(gt(conversaciones.ultimoNumero, yo.leidoHasta));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(
      or(
        ilike(productorPerfiles.nombre, like),
        ilike(compradorPerfiles.empresa, like),
        ilike(sql`${cu.nombre} || ' ' || ${cu.apellido}`, like),
        ilike(lotes.nombre, like),
      ),
    );
  }
  const where = and(...filters);
  const [{ total }] = await db
    .select({ total: count() })
    .from(conversaciones)
    .innerJoin(yo, and(eq(yo.conversacionId, conversaciones.id), eq(yo.userId, userId)))
    .leftJoin(cu, eq(cu.id, counterpartId(userId)))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, cu.id))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, cu.id))
    .leftJoin(lotes, eq(lotes.id, conversaciones.loteId))
    .where(and(isParty(userId), where));
  const list = await selectConversaciones(db, userId, where, query.limit, (query.page - 1) * query.limit);
  return {
    conversaciones: list,
    pagination: pagination(query.page, query.limit, total),
    noLeidas: await countConversacionesNoLeidas(db, userId),
  };
}

export async function countConversacionesNoLeidas(db: DbOrTx, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(conversacionEstados)
    .innerJoin(conversaciones, eq(conversaciones.id, conversacionEstados.conversacionId))
    .where(
      and(
        eq(conversacionEstados.userId, userId),
        isNull(conversacionEstados.archivadaAt),
        gt(conversaciones.ultimoNumero, conversacionEstados.leidoHasta),
      ),
    );
  return n;
}

function toMensaje(m: MensajeRow, userId: string, contraparte: string): Mensaje {
  const mio = m.autorId === userId;
  return {
    id: m.id,
    numero: m.numero,
    texto: m.texto,
    adjunto: m.adjunto ?? null,
    mio,
    autor: mio ? 'Tú' : m.autorId === null ? CUENTA_ELIMINADA : contraparte,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * A page of messages, oldest first within it: the newest page, or the one before `antesDe` (keyset on the
 * message number, so a page never skips or repeats a message whatever arrives meanwhile).
 */
export async function listMensajes(
  db: Db,
  userId: string,
  id: string,
  query: MensajesQuery,
): Promise<{ conversacion: Conversacion; mensajes: Mensaje[]; antesDe: number | null }> {
  const conversacion = await getConversacion(db, userId, id);
  const rows = await db
    .select()
    .from(mensajes)
    .where(and(eq(mensajes.conversacionId, id), query.antesDe ? lt(mensajes.numero, query.antesDe) : undefined))
    .orderBy(desc(mensajes.numero))
    .limit(query.limit);
  rows.reverse();
  const first = rows[0]?.numero;
  return {
    conversacion,
    mensajes: rows.map((m) => toMensaje(m, userId, conversacion.contraparte.nombre)),
    antesDe: first !== undefined && first > 1 ? first : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------

async function checkRate(tx: Tx, userId: string, now: Date): Promise<void> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(mensajes)
    .where(and(eq(mensajes.autorId, userId), gt(mensajes.createdAt, new Date(now.getTime() - 60_000))));
  if (n >= MENSAJE_LIMITS.porMinuto) throw new HttpError(429, 'TOO_MANY_REQUESTS', MENSAJE_MESSAGES.RATE_LIMITED);
}

function asuntoLabel(conv: ConversacionRow, loteNombre: string | null, muestraLoteNombre: string | null): string {
  const a = asuntoOf(conv, loteNombre, conv.compradorId ?? '', muestraLoteNombre);
  return a && a.enlace ? a.titulo.replace(/^Lote/, 'el lote').replace(/^Muestra/, 'la muestra') : '';
}

/**
 * Adds one message: takes the next number under the conversation row's lock (so numbers follow commit order
 * with no gaps), marks everything read for the author, and for the other party unarchives the conversation,
 * writes the in-app notification and starts the burst's mail timer (no timer while a burst mail already went
 * and the party has not read since).
 */
async function appendMensaje(
  tx: Tx,
  conv: ConversacionRow,
  autor: UserRow,
  texto: string,
  now: Date,
  adjunto: AdjuntoMensaje | null = null,
): Promise<MensajeRow> {
  const destinatario = otherPartyId(conv, autor.id);
  if (!destinatario) throw conflict('CONFLICT', MENSAJE_MESSAGES.CONTRAPARTE_ELIMINADA);
  await checkRate(tx, autor.id, now);
  const [updated] = await tx
    .update(conversaciones)
    .set({ ultimoNumero: sql`${conversaciones.ultimoNumero} + 1`, ultimoMensajeAt: now, updatedAt: now })
    .where(eq(conversaciones.id, conv.id))
    .returning();
  const [mensaje] = await tx
    .insert(mensajes)
    .values({
      conversacionId: conv.id,
      numero: updated.ultimoNumero,
      autorId: autor.id,
      texto,
      adjunto,
      createdAt: now,
    })
    .returning();
  await tx
    .update(conversacionEstados)
    .set({ leidoHasta: mensaje.numero, correoDebidoAt: null, correoAvisadoAt: null })
    .where(and(eq(conversacionEstados.conversacionId, conv.id), eq(conversacionEstados.userId, autor.id)));
  const due = new Date(now.getTime() + MENSAJE_LIMITS.correoTrasMs);
  await tx
    .update(conversacionEstados)
    .set({
      archivadaAt: null,
      correoDebidoAt: sql`case when ${conversacionEstados.correoAvisadoAt} is null then coalesce(${conversacionEstados.correoDebidoAt}, ${due.toISOString()}::timestamptz) end`,
    })
    .where(and(eq(conversacionEstados.conversacionId, conv.id), eq(conversacionEstados.userId, destinatario)));

  const [lote] = conv.loteId
    ? await tx.select({ nombre: lotes.nombre }).from(lotes).where(eq(lotes.id, conv.loteId)).limit(1)
    : [];
  const [muestra] = conv.muestraId
    ? await tx
        .select({ nombre: lotes.nombre })
        .from(muestras)
        .innerJoin(lotes, eq(lotes.id, muestras.loteId))
        .where(eq(muestras.id, conv.muestraId))
        .limit(1)
    : [];
  const [dest] = await tx.select({ tipoUser: users.tipoUser }).from(users).where(eq(users.id, destinatario));
  await notify(
    tx,
    {
      userId: destinatario,
      tipo: 'MENSAJE_NUEVO',
      de: await nombreDe(tx, autor),
      asunto: asuntoLabel(conv, lote?.nombre ?? null, muestra?.nombre ?? null),
      extracto: texto ? extracto(texto) : sinTexto(adjunto),
      enlace: PAGINAS.cuenta.mensajes(toRol(dest.tipoUser), conv.id),
      entidad: 'conversacion',
      entidadId: conv.id,
    },
    { email: false },
  );
  return mensaje;
}

/**
 * The subject's key and its checked lot or sample; orders and requests come with their features. A sample is
 * talked about only by its own buyer and producer: for anyone else it does not exist (404).
 */
async function resolveAsunto(
  tx: Tx,
  input: ConversacionInput,
  productorId: string,
  compradorId: string,
  caller: UserRow,
): Promise<{ asunto: string; loteId: string | null; muestraId: string | null }> {
  if (input.loteId) {
    const [lote] = await tx
      .select({ productorId: lotes.productorId, ocultar: lotes.ocultar })
      .from(lotes)
      .where(eq(lotes.id, input.loteId))
      .limit(1);
    const visible = lote && lote.productorId === productorId && (!lote.ocultar || caller.id === productorId);
    if (!visible) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.LOTE_NOT_FOUND);
    return { asunto: `lote:${input.loteId}`, loteId: input.loteId, muestraId: null };
  }
  if (input.muestraId) {
    const [muestra] = await tx
      .select({ id: muestras.id })
      .from(muestras)
      .where(
        and(
          eq(muestras.id, input.muestraId),
          eq(muestras.compradorId, compradorId),
          eq(muestras.productorId, productorId),
        ),
      )
      .limit(1);
    if (!muestra) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.MUESTRA_NOT_FOUND);
    return { asunto: `muestra:${muestra.id}`, loteId: null, muestraId: muestra.id };
  }
  // The tables of orders and requests do not exist yet (issue 17, decision 021): nothing to talk about.
  if (input.pedidoId) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.PEDIDO_NOT_FOUND);
  if (input.solicitudId) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.SOLICITUD_NOT_FOUND);
  return { asunto: 'general', loteId: null, muestraId: null };
}

/** "Mensajes" on a sample names only the sample: its other party is the counterpart (not a party: 404). */
async function contraparteDeMuestra(tx: Tx, caller: UserRow, input: ConversacionInput): Promise<ConversacionInput> {
  const [m] = await tx
    .select({ compradorId: muestras.compradorId, productorId: muestras.productorId })
    .from(muestras)
    .where(
      and(
        eq(muestras.id, input.muestraId ?? ''),
        or(eq(muestras.compradorId, caller.id), eq(muestras.productorId, caller.id)),
      ),
    )
    .limit(1);
  if (m && caller.tipoUser === 'COMPRADOR' && m.compradorId === caller.id)
    return { ...input, productorId: m.productorId };
  if (m && caller.tipoUser === 'PRODUCTOR' && m.productorId === caller.id)
    return { ...input, compradorId: m.compradorId };
  throw notFound('NOT_FOUND', MENSAJE_MESSAGES.MUESTRA_NOT_FOUND);
}

/**
 * POST /api/conversaciones: finds the pair's conversation about the subject, or starts it, and adds the
 * message. A buyer writes to any producer with a profile; a producer only to a buyer who wrote to him.
 */
export async function startConversacion(
  tx: Tx,
  caller: UserRow,
  input: ConversacionInput,
  now: Date,
): Promise<{ conversacion: Conversacion; mensaje: Mensaje; creada: boolean }> {
  // Conversations are between buyers and producers; the quality lab takes no part in them.
  if (caller.tipoUser === 'LABORATORIO') throw forbidden('ROLE_REQUIRED');
  if (!caller.perfilBase) throw forbidden('PROFILE_REQUIRED');
  if (input.muestraId && !input.productorId && !input.compradorId)
    input = await contraparteDeMuestra(tx, caller, input);
  let compradorId: string;
  let productorId: string;
  if (caller.tipoUser === 'COMPRADOR') {
    if (!input.productorId) throw badRequest('VALIDATION_ERROR', undefined, { productorId: 'Indica el productor.' });
    const [p] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, input.productorId),
          eq(users.tipoUser, 'PRODUCTOR'),
          eq(users.perfilBase, true),
          isNull(users.eliminadaAt),
        ),
      )
      .limit(1);
    if (!p) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.PRODUCTOR_NOT_FOUND);
    compradorId = caller.id;
    productorId = p.id;
  } else {
    if (!input.compradorId) throw badRequest('VALIDATION_ERROR', undefined, { compradorId: 'Indica el comprador.' });
    const [c] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.compradorId), eq(users.tipoUser, 'COMPRADOR')))
      .limit(1);
    if (!c) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.COMPRADOR_NOT_FOUND);
    compradorId = c.id;
    productorId = caller.id;
  }
  const { asunto, loteId, muestraId } = await resolveAsunto(tx, input, productorId, compradorId, caller);
  const pair = and(
    eq(conversaciones.compradorId, compradorId),
    eq(conversaciones.productorId, productorId),
    eq(conversaciones.asunto, asunto),
  );
  let [conv] = await tx.select().from(conversaciones).where(pair).limit(1);
  let creada = false;
  if (!conv) {
    // A sample's producer may write first: the buyer asked him for it (the trade TRADE.md lets him answer).
    if (caller.tipoUser === 'PRODUCTOR' && !muestraId && !(await compradorLeEscribio(tx, productorId, compradorId)))
      throw forbidden('FORBIDDEN', MENSAJE_MESSAGES.SIN_CONTACTO);
    const inserted = await tx
      .insert(conversaciones)
      .values({
        compradorId,
        productorId,
        asunto,
        loteId,
        muestraId,
        ultimoMensajeAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) {
      conv = inserted[0];
      creada = true;
      await tx.insert(conversacionEstados).values([
        { conversacionId: conv.id, userId: compradorId },
        { conversacionId: conv.id, userId: productorId },
      ]);
    } else {
      // Another request started it a moment ago: this message goes into that one.
      [conv] = await tx.select().from(conversaciones).where(pair).limit(1);
    }
  }
  const mensaje = await appendMensaje(tx, conv, caller, input.texto, now);
  const conversacion = await getConversacion(tx, caller.id, conv.id);
  return { conversacion, mensaje: toMensaje(mensaje, caller.id, conversacion.contraparte.nombre), creada };
}

/**
 * An image the caller uploaded, as a message shows it; someone else's (or none) is 404. The message carries a
 * private copy (large and thumbnail), read by the parties only: the upload's public address stays the uploader's.
 */
async function ownImagen(tx: Tx, storage: Storage, userId: string, imagenId: string): Promise<AdjuntoMensaje> {
  const [img] = await tx
    .select()
    .from(imagenes)
    .where(and(eq(imagenes.id, imagenId), eq(imagenes.ownerId, userId)))
    .limit(1);
  if (!img?.urls.lg || !img.urls.sm) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.IMAGEN_NOT_FOUND);
  const copy = async (url: string) => {
    const key = storage.keyFromUrl(url);
    const data = key && !isPrivateKey(key) ? await storage.get(key) : undefined;
    if (!key || !data) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.IMAGEN_NOT_FOUND);
    return storage.put(`${PRIVATE_PREFIX}${key}`, data, 'image/webp');
  };
  return { url: await copy(img.urls.lg), thumb: await copy(img.urls.sm), width: img.width, height: img.height };
}

/** A PDF the caller uploaded (POST /api/uploads/documentos), as a message carries it; anyone else's is 404. */
async function ownDocumento(tx: Tx, userId: string, documentoId: string): Promise<AdjuntoMensaje> {
  const [doc] = await tx
    .select()
    .from(imagenes)
    .where(and(eq(imagenes.id, documentoId), eq(imagenes.ownerId, userId)))
    .limit(1);
  if (!doc?.urls.pdf) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.DOCUMENTO_NOT_FOUND);
  return { tipo: 'pdf', url: doc.urls.pdf, nombre: doc.urls.nombre ?? 'documento.pdf', bytes: doc.bytes };
}

/** POST /api/conversaciones/{id}/mensajes (inside idempotent(): a retried send returns the first answer). */
export async function sendMensaje(
  tx: Tx,
  storage: Storage,
  caller: UserRow,
  id: string,
  input: MensajeInput,
  now: Date,
): Promise<Mensaje> {
  const conv = await partyRow(tx, caller.id, id);
  const adjunto = input.imagenId
    ? await ownImagen(tx, storage, caller.id, input.imagenId)
    : input.documentoId
      ? await ownDocumento(tx, caller.id, input.documentoId)
      : null;
  const mensaje = await appendMensaje(tx, conv, caller, input.texto, now, adjunto);
  return toMensaje(mensaje, caller.id, '');
}

/** Marks everything in the conversation read (and its message notifications), and stops the mail timer. */
export async function markConversacionRead(db: Db, userId: string, id: string, now: Date): Promise<Conversacion> {
  await db.transaction(async (tx) => {
    const conv = await partyRow(tx, userId, id);
    await tx
      .update(conversacionEstados)
      .set({ leidoHasta: conv.ultimoNumero, correoDebidoAt: null, correoAvisadoAt: null })
      .where(and(eq(conversacionEstados.conversacionId, id), eq(conversacionEstados.userId, userId)));
    await markReadAbout(tx, userId, 'conversacion', id, now);
  });
  return getConversacion(db, userId, id);
}

/** Archives (or brings back) a conversation for this party only; a new message brings it back by itself. */
export async function archiveConversacion(
  db: Db,
  userId: string,
  id: string,
  archivada: boolean,
  now: Date,
): Promise<Conversacion> {
  await partyRow(db, userId, id);
  await db
    .update(conversacionEstados)
    .set({ archivadaAt: archivada ? now : null })
    .where(and(eq(conversacionEstados.conversacionId, id), eq(conversacionEstados.userId, userId)));
  return getConversacion(db, userId, id);
}

/** "Reportar": stores the report for the operator, about the conversation or one of its messages. */
export async function reportConversacion(
  db: Db,
  userId: string,
  id: string,
  input: ReporteInput,
): Promise<{ id: string }> {
  await partyRow(db, userId, id);
  if (input.mensajeId) {
    const [m] = await db
      .select({ id: mensajes.id })
      .from(mensajes)
      .where(and(eq(mensajes.id, input.mensajeId), eq(mensajes.conversacionId, id)))
      .limit(1);
    if (!m) throw notFound('NOT_FOUND', MENSAJE_MESSAGES.MENSAJE_NOT_FOUND);
  }
  const [row] = await db
    .insert(reportesConversacion)
    .values({ conversacionId: id, mensajeId: input.mensajeId ?? null, reportadoPor: userId, motivo: input.motivo })
    .returning({ id: reportesConversacion.id });
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// The burst mail (scheduler task)
// ---------------------------------------------------------------------------------------------------------

type EstadoRow = typeof conversacionEstados.$inferSelect;

/** Due estados: their burst's mail timer ran out. */
export function claimCorreosDebidos(tx: Tx, now: Date, limit: number): Promise<EstadoRow[]> {
  return tx
    .select()
    .from(conversacionEstados)
    .where(lte(conversacionEstados.correoDebidoAt, now))
    .orderBy(asc(conversacionEstados.correoDebidoAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * One due burst: if the party still has unread messages there and wants message mail, queue one mail; either
 * way the timer stops (the next burst starts after the party reads or replies).
 */
export async function handleCorreoDebido(tx: Tx, estado: EstadoRow, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ ultimoNumero: conversaciones.ultimoNumero, prefs: users.notificaciones })
    .from(conversaciones)
    .innerJoin(users, eq(users.id, estado.userId))
    .where(eq(conversaciones.id, estado.conversacionId))
    .limit(1);
  const mail = !!row && row.ultimoNumero > estado.leidoHasta && wantsEmail(row.prefs, 'MENSAJE_NUEVO');
  if (mail)
    await enqueueMail(tx, {
      userId: estado.userId,
      tipo: MENSAJES_SIN_LEER_MAIL,
      datos: { conversacionId: estado.conversacionId },
    });
  await tx
    .update(conversacionEstados)
    .set({ correoDebidoAt: null, correoAvisadoAt: mail ? now : null })
    .where(
      and(eq(conversacionEstados.conversacionId, estado.conversacionId), eq(conversacionEstados.userId, estado.userId)),
    );
  return mail;
}

/** What the burst mail says, read at delivery time: nothing goes if the party read meanwhile. */
export async function unreadSummary(
  db: Db,
  userId: string,
  conversacionId: string,
): Promise<{ conversacion: Conversacion; ultimos: Mensaje[] } | null> {
  let conversacion: Conversacion;
  try {
    conversacion = await getConversacion(db, userId, conversacionId);
  } catch {
    return null;
  }
  if (conversacion.noLeidos === 0) return null;
  const rows = await db
    .select()
    .from(mensajes)
    .where(eq(mensajes.conversacionId, conversacionId))
    .orderBy(desc(mensajes.numero))
    .limit(Math.min(conversacion.noLeidos, 3));
  rows.reverse();
  return { conversacion, ultimos: rows.map((m) => toMensaje(m, userId, conversacion.contraparte.nombre)) };
}

/**
 * Closes an open conversation report as reviewed, in the operator's transaction. One row, one winner: false when
 * another operator closed it first. The operator's way to write this module's table (decision 074).
 */
export async function closeReporte(tx: DbOrTx, id: string): Promise<boolean> {
  const [won] = await tx
    .update(reportesConversacion)
    .set({ estado: 'REVISADO' })
    .where(and(eq(reportesConversacion.id, id), eq(reportesConversacion.estado, 'ABIERTO')))
    .returning({ id: reportesConversacion.id });
  return won !== undefined;
}
