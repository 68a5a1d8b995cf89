import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { ESTADO_PEDIDO_LABELS, ESTADO_PAGO_LABELS, ESTADOS_CERRADOS } from '../../../contract/pedidos';
import { ESTADO_MUESTRA_LABELS, type EstadoMuestra } from '../../../contract/muestras';
import { ESTADO_RESPUESTA_LABELS, type EstadoRespuesta } from '../../../contract/solicitudes';
import { cuentaConOperacionesAbiertas, type OperacionAbierta } from '../../../contract/users';
import { CUENTA_ELIMINADA } from '../../../contract/mensajes';
import type { Db, DbOrTx } from '../../db/client';
import { respuestas, solicitudes } from '../../db/schema/abastecimiento';
import { idempotencia } from '../../db/schema/idempotencia';
import { imagenes } from '../../db/schema/imagenes';
import { lotes } from '../../db/schema/lotes';
import { mensajes } from '../../db/schema/mensajes';
import { muestras } from '../../db/schema/muestras';
import { pedidoDocumentos, pedidos } from '../../db/schema/pedidos';
import { reclamoAportes } from '../../db/schema/reclamos';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import { HttpError, unauthorized } from '../../errors';
import { forgetTokensOf } from '../auth';
import { forgetBusquedasOf } from '../busquedas';
import { forgetFavoritosOf } from '../favoritos';
import { forgetFincasSueltas } from '../fincas';
import { retirarOEliminarLote } from '../lotes';
import { forgetParticipante } from '../mensajes';
import { forgetNoticiasOf } from '../noticias';
import { forgetNotificacionesOf } from '../notificaciones';
import { enlacePedido } from '../pedidos';
import { forgetPlanesOf } from '../planificadores';
import { enlaceCompradorSolicitud, enlaceProductorSolicitud, forgetSolicitudesOf } from '../solicitudes';
import { deleteImagenes } from '../uploads';
import { paginaMuestra } from '../../../contract/paginas';

/*
 * Deleting an account erases the person, not the trade (docs/decisions/046). While the account has trade in
 * progress it cannot be deleted at all; once it has none, its personal data goes and the row stays, pseudonymised,
 * so that every order, sample, conversation, review and invoice the other parties rely on keeps its counterpart.
 */

/** Samples still moving: the same states the one-sample-in-progress index names. */
const MUESTRA_EN_CURSO: EstadoMuestra[] = ['SOLICITADA', 'ACEPTADA', 'ENVIADA', 'ENTREGADA'];
/** Answers still in play on an open request. */
const RESPUESTA_VIVA: EstadoRespuesta[] = ['ENVIADA', 'PRESELECCIONADA', 'ACEPTADA'];

/**
 * Orders that are not final: every state before COMPLETADO/CANCELADO/EXPIRADO (reserved, confirmed, PSS, shipped,
 * delivered within the claim window, in claim), and a completed one still unpaid.
 */
const pedidoAbierto = or(
  notInArray(pedidos.estado, [...ESTADOS_CERRADOS]),
  and(eq(pedidos.estado, 'COMPLETADO'), sql`${pedidos.estadoPago} <> 'PAGADO'`),
);

/** Everything that keeps `userId` from deleting the account, with where to finish it. */
export async function operacionesAbiertas(db: DbOrTx, userId: string): Promise<OperacionAbierta[]> {
  const out: OperacionAbierta[] = [];
  const ps = await db
    .select({
      id: pedidos.id,
      numero: pedidos.numero,
      compradorId: pedidos.compradorId,
      estado: pedidos.estado,
      estadoPago: pedidos.estadoPago,
      terminos: pedidos.terminos,
    })
    .from(pedidos)
    .where(and(or(eq(pedidos.compradorId, userId), eq(pedidos.productorId, userId)), pedidoAbierto))
    .orderBy(pedidos.createdAt, pedidos.id);
  for (const p of ps) {
    out.push({
      tipo: 'pedido',
      id: p.id,
      titulo: `Pedido ${p.numero} · ${p.terminos.lote.nombre}`,
      estado: p.estado === 'COMPLETADO' ? ESTADO_PAGO_LABELS[p.estadoPago] : ESTADO_PEDIDO_LABELS[p.estado],
      enlace: enlacePedido(p, p.compradorId === userId ? 'comprador' : 'productor'),
    });
  }
  const ms = await db
    .select({ id: muestras.id, compradorId: muestras.compradorId, estado: muestras.estado, lote: lotes.nombre })
    .from(muestras)
    .innerJoin(lotes, eq(lotes.id, muestras.loteId))
    .where(
      and(
        or(eq(muestras.compradorId, userId), eq(muestras.productorId, userId)),
        inArray(muestras.estado, MUESTRA_EN_CURSO),
      ),
    )
    .orderBy(muestras.createdAt, muestras.id);
  for (const m of ms) {
    const comprador = m.compradorId === userId;
    out.push({
      tipo: 'muestra',
      id: m.id,
      titulo: `Muestra de ${m.lote}`,
      estado: ESTADO_MUESTRA_LABELS[m.estado],
      enlace: paginaMuestra(comprador ? 'comprador' : 'productor', m.id),
    });
  }
  const ss = await db
    .select({ id: solicitudes.id, titulo: solicitudes.titulo, n: sql<number>`count(*)`.mapWith(Number) })
    .from(solicitudes)
    .innerJoin(respuestas, eq(respuestas.solicitudId, solicitudes.id))
    .where(
      and(
        eq(solicitudes.compradorId, userId),
        eq(solicitudes.estado, 'ABIERTA'),
        inArray(respuestas.estado, RESPUESTA_VIVA),
      ),
    )
    .groupBy(solicitudes.id, solicitudes.titulo, solicitudes.createdAt)
    .orderBy(solicitudes.createdAt, solicitudes.id);
  for (const s of ss) {
    out.push({
      tipo: 'solicitud',
      id: s.id,
      titulo: `Solicitud «${s.titulo}»`,
      estado: `Abierta, con ${s.n} ${s.n === 1 ? 'respuesta' : 'respuestas'}`,
      enlace: enlaceCompradorSolicitud(s.id),
    });
  }
  const rs = await db
    .select({ id: respuestas.id, solicitudId: solicitudes.id, titulo: solicitudes.titulo, estado: respuestas.estado })
    .from(respuestas)
    .innerJoin(solicitudes, eq(solicitudes.id, respuestas.solicitudId))
    .where(
      and(
        eq(respuestas.productorId, userId),
        eq(solicitudes.estado, 'ABIERTA'),
        inArray(respuestas.estado, RESPUESTA_VIVA),
      ),
    )
    .orderBy(respuestas.createdAt, respuestas.id);
  for (const r of rs) {
    out.push({
      tipo: 'respuesta',
      id: r.id,
      titulo: `Respuesta a «${r.titulo}»`,
      estado: ESTADO_RESPUESTA_LABELS[r.estado],
      enlace: enlaceProductorSolicitud(r.solicitudId),
    });
  }
  return out;
}

interface Storage {
  remove(key: string): Promise<void>;
  keyFromUrl?(url: string): string | undefined;
}

/** The e-mail a deleted account keeps: unique, undeliverable (RFC 2606), and freeing the real one. */
const emailEliminada = (id: string) => `eliminada-${id}@cuenta-eliminada.invalid`;

/**
 * Deletes the account: refused with 409 while it has open trade (operacionesAbiertas); otherwise, in one
 * transaction holding the account's row (and its lots') lock, so that no reservation can slip in between:
 * - its lots with history are retired, the others deleted (with their favourites and farm links);
 * - its personal data goes: names, e-mail, password hash, Google link, avatar, profile texts and pictures,
 *   preferences, commercial details, sessions (the token version), one-time tokens, favourites, saved searches,
 *   news, plans,
 *   requests nobody answered, notifications and pending mail, its read marks of conversations;
 * - what the other parties rely on stays, under "Cuenta eliminada": orders with their events, documents and
 *   reviews, samples and cuppings, answered requests and answers, conversations and their attachments, invoices
 *   and movements exactly as issued.
 * Files go after the commit, and only the personal ones nothing kept points at (avatars, profile and news
 * pictures, galleries of deleted lots): message attachments and order documents stay.
 */
export async function deleteAccount(db: Db, storage: Storage, userId: string, now = new Date()): Promise<void> {
  const urls = await db.transaction(async (tx) => {
    const [me] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.eliminadaAt)))
      .for('update');
    if (!me) throw unauthorized('TOKEN_INVALID');
    // The lots' locks, before reading what is open: a reservation that holds one has committed its order first.
    const propios = await tx
      .select({ id: lotes.id, galeria: lotes.galeriaLote })
      .from(lotes)
      .where(and(eq(lotes.productorId, userId), isNull(lotes.archivadoAt)))
      .orderBy(lotes.id)
      .for('update');
    const abiertas = await operacionesAbiertas(tx, userId);
    if (abiertas.length) throw new HttpError(409, 'ACCOUNT_HAS_OPEN_TRADE', cuentaConOperacionesAbiertas(abiertas));

    const personales = new Set<string>();
    const add = (u: string | null | undefined) => u && personales.add(u);
    add(me.image);
    for (const lote of propios) {
      if (!(await retirarOEliminarLote(tx, lote.id, now))) lote.galeria.forEach((g) => add(g.url));
    }
    const [pp] = await tx.select().from(productorPerfiles).where(eq(productorPerfiles.userId, userId));
    if (pp) {
      [pp.avatar, pp.portada, ...pp.imagenes].forEach(add);
      await tx
        .update(productorPerfiles)
        .set({
          nombre: CUENTA_ELIMINADA,
          municipio: null,
          altitud: null,
          hectareas: null,
          anioFundacion: null,
          descripcion: null,
          sitioWeb: null,
          telefono: null,
          avatar: null,
          portada: null,
          imagenes: [],
          certificaciones: [],
          updatedAt: now,
        })
        .where(eq(productorPerfiles.userId, userId));
    }
    const [pc] = await tx.select().from(compradorPerfiles).where(eq(compradorPerfiles.userId, userId));
    if (pc) {
      add(pc.avatar);
      await tx
        .update(compradorPerfiles)
        .set({
          empresa: CUENTA_ELIMINADA,
          ciudad: null,
          volumenAnualKg: null,
          sitioWeb: null,
          descripcion: null,
          avatar: null,
          updatedAt: now,
        })
        .where(eq(compradorPerfiles.userId, userId));
    }
    // Each area forgets its rows through its door, in this transaction and in this order (issue 27).
    (await forgetNoticiasOf(tx, userId)).forEach(add);
    (await forgetFincasSueltas(tx, userId)).forEach(add);
    await forgetFavoritosOf(tx, userId);
    await forgetBusquedasOf(tx, userId);
    await forgetPlanesOf(tx, userId);
    await forgetSolicitudesOf(tx, userId);
    await forgetNotificacionesOf(tx, userId);
    await forgetTokensOf(tx, userId);
    await tx.delete(idempotencia).where(eq(idempotencia.userId, userId));
    await forgetParticipante(tx, userId);

    await tx
      .update(users)
      .set({
        email: emailEliminada(userId),
        passwordHash: null,
        googleSub: null,
        nombre: '',
        apellido: '',
        name: CUENTA_ELIMINADA,
        image: null,
        verificado: false,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        notificaciones: {},
        informacionComercial: null,
        eliminadaAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));

    // Stored files among the personal ones that nothing kept points at.
    const candidatas = await tx.select().from(imagenes).where(eq(imagenes.ownerId, userId));
    const remove: typeof candidatas = [];
    for (const img of candidatas) {
      const suyas = Object.values(img.urls ?? {});
      if (!suyas.some((u) => personales.has(u))) continue;
      if (await referenciada(tx, img.key)) continue;
      remove.push(img);
    }
    await deleteImagenes(
      tx,
      remove.map((i) => i.id),
    );
    return remove;
  });
  // Files go after the rows: a failure here leaves an orphan file, never a row pointing at nothing.
  const keys = new Set<string>();
  for (const row of urls) {
    keys.add(row.key);
    for (const url of Object.values(row.urls ?? {})) {
      const key = storage.keyFromUrl?.(url);
      if (key) keys.add(key);
    }
  }
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch {
      // an unsafe or already missing key: nothing left to remove
    }
  }
}

/** A message attachment, an order document or a retired lot still shows this stored file. */
async function referenciada(tx: DbOrTx, key: string): Promise<boolean> {
  const like = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [row] = await tx
    .select({ n: sql<number>`1` })
    .from(mensajes)
    .where(sql`${mensajes.adjunto}::text like ${like}`)
    .unionAll(
      tx
        .select({ n: sql<number>`1` })
        .from(pedidoDocumentos)
        .where(sql`${pedidoDocumentos.url} like ${like}`),
    )
    .unionAll(
      tx
        .select({ n: sql<number>`1` })
        .from(reclamoAportes)
        .where(sql`${reclamoAportes.adjuntos}::text like ${like}`),
    )
    .unionAll(
      tx
        .select({ n: sql<number>`1` })
        .from(lotes)
        .where(sql`(${lotes.galeriaLote}::text like ${like} or ${lotes.envioLaboratorio}::text like ${like})`),
    )
    .limit(1);
  return !!row;
}
