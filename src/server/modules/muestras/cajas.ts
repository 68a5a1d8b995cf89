import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  CAJA_LIMITS,
  CAJA_MESSAGES,
  MUESTRA_MESSAGES,
  type CajaLote,
  type CajaMuestras,
  type DireccionEnvio,
} from '../../../contract/muestras';
import { lotesDeLaCaja } from '../../../contract/muestra-notificaciones';
import { PAGINAS } from '../../../contract/paginas';
import { displayName } from '../../../contract/roles';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { cajaMuestrasLotes, cajasMuestras, muestras } from '../../db/schema/muestras';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { transition } from '../../lib/lifecycle';
import type { UserRow } from '../../auth/guards';
import { notify } from '../notificaciones';
import { MUESTRA_LIFECYCLE, type RolMuestra } from './lifecycle';
import { selectMuestras, solicitarMuestra, toMuestra } from './service';

/*
 * Sample boxes (issue 32, docs/decisions/070). The box being filled is a list of lots on the server
 * (caja_muestras_lotes); sending it asks each lot through solicitarMuestra — the same rules, the same insert — with
 * one cajas_muestras row per producer grouping his lots. Each sample is then accepted or refused on its own; the
 * box's one shipment moves its accepted samples to ENVIADA together, in one transaction.
 */

// ---------------------------------------------------------------------------------------------------------
// The box being filled
// ---------------------------------------------------------------------------------------------------------

/** The buyer's box: each lot with its sample's grams and price, its producer, and whether it can still be asked. */
export async function readCaja(db: DbOrTx, compradorId: string): Promise<CajaLote[]> {
  const rows = await db
    .select({
      id: lotes.id,
      nombre: lotes.nombre,
      codigo: lotes.codigo,
      pais: lotes.pais,
      productorId: lotes.productorId,
      productor: productorPerfiles.nombre,
      muestra: lotes.muestra,
      moneda: lotes.moneda,
      ocultar: lotes.ocultar,
    })
    .from(cajaMuestrasLotes)
    .innerJoin(lotes, eq(lotes.id, cajaMuestrasLotes.loteId))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId))
    .where(eq(cajaMuestrasLotes.compradorId, compradorId))
    .orderBy(asc(cajaMuestrasLotes.createdAt), asc(lotes.nombre), asc(lotes.id));
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    codigo: r.codigo,
    pais: r.pais,
    productorId: r.productorId,
    productor: r.productor ?? 'Productor',
    gramos: r.muestra.gramos ?? null,
    precioCentavos: Math.round((r.muestra.precio ?? 0) * 100),
    moneda: r.moneda,
    disponible: !r.ocultar && r.muestra.disponible && !!r.muestra.gramos,
  }));
}

/** A lot a buyer may put in his box: published and offering samples. */
async function loteConMuestra(db: DbOrTx, loteId: string) {
  const [lote] = await db
    .select({ id: lotes.id, muestra: lotes.muestra })
    .from(lotes)
    .where(and(eq(lotes.id, loteId), eq(lotes.ocultar, false)))
    .limit(1);
  if (!lote) throw notFound('NOT_FOUND', MUESTRA_MESSAGES.LOTE_NOT_FOUND);
  if (!lote.muestra.disponible || !lote.muestra.gramos) throw conflict('CONFLICT', MUESTRA_MESSAGES.SIN_MUESTRA);
  return lote;
}

/** Adds a lot (adding one already there changes nothing); a full box is a 409. */
export async function anadirALaCaja(db: Db, compradorId: string, loteId: string, now: Date) {
  await loteConMuestra(db, loteId);
  await db.transaction(async (tx) => {
    // The buyer's row locked: two tabs adding at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, compradorId)).for('update');
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cajaMuestrasLotes)
      .where(eq(cajaMuestrasLotes.compradorId, compradorId));
    const [ya] = await tx
      .select({ loteId: cajaMuestrasLotes.loteId })
      .from(cajaMuestrasLotes)
      .where(and(eq(cajaMuestrasLotes.compradorId, compradorId), eq(cajaMuestrasLotes.loteId, loteId)));
    if (ya) return;
    if (n >= CAJA_LIMITS.lotes) throw conflict('CONFLICT', CAJA_MESSAGES.LLENA);
    await tx.insert(cajaMuestrasLotes).values({ compradorId, loteId, createdAt: now }).onConflictDoNothing();
  });
  return readCaja(db, compradorId);
}

export async function removeFromCaja(db: Db, compradorId: string, loteId: string) {
  const borrados = await db
    .delete(cajaMuestrasLotes)
    .where(and(eq(cajaMuestrasLotes.compradorId, compradorId), eq(cajaMuestrasLotes.loteId, loteId)))
    .returning();
  if (!borrados.length) throw notFound('NOT_FOUND', CAJA_MESSAGES.NO_EN_CAJA);
  return readCaja(db, compradorId);
}

/**
 * The visitor's box (kept in his browser) joins his account's at sign-in: lots that no longer offer samples, are
 * gone or do not fit under the limit are left out without failing the rest.
 */
export async function fusionarCaja(db: Db, compradorId: string, loteIds: string[], now: Date) {
  for (const loteId of new Set(loteIds)) {
    try {
      await anadirALaCaja(db, compradorId, loteId, now);
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    }
  }
  return readCaja(db, compradorId);
}

// ---------------------------------------------------------------------------------------------------------
// Sending the box: one request per producer
// ---------------------------------------------------------------------------------------------------------

/**
 * Sends the reviewed lots in the caller's transaction (the Idempotency-Key's): all of them or none. Each lot is
 * asked through solicitarMuestra, so the profile, the feedback debt and the one-sample-in-progress rules are the
 * ones of a single request; a refusal names its lot.
 */
export async function enviarCaja(
  tx: Tx,
  user: UserRow,
  input: { loteIds: string[]; direccionEnvio: DireccionEnvio; mensaje?: string },
  now: Date,
): Promise<CajaMuestras[]> {
  const enCaja = await readCaja(tx, user.id);
  const porId = new Map(enCaja.map((l) => [l.id, l]));
  const fuera = input.loteIds.findIndex((id) => !porId.has(id));
  if (fuera >= 0) {
    throw badRequest('VALIDATION_ERROR', CAJA_MESSAGES.NO_EN_CAJA, { [`loteIds.${fuera}`]: CAJA_MESSAGES.NO_EN_CAJA });
  }
  // Grouped by producer, in the box's order.
  const grupos = new Map<string, CajaLote[]>();
  for (const id of input.loteIds) {
    const lote = porId.get(id)!;
    grupos.set(lote.productorId, [...(grupos.get(lote.productorId) ?? []), lote]);
  }
  const ids: string[] = [];
  for (const [productorId, lotesDelProductor] of grupos) {
    const [caja] = await tx
      .insert(cajasMuestras)
      .values({
        compradorId: user.id,
        productorId,
        direccionEnvio: input.direccionEnvio,
        mensaje: input.mensaje ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: cajasMuestras.id });
    let quienPide = '';
    for (const lote of lotesDelProductor) {
      try {
        const muestra = await solicitarMuestra(
          tx,
          user,
          { loteId: lote.id, direccionEnvio: input.direccionEnvio, mensaje: input.mensaje },
          now,
          { cajaId: caja.id },
        );
        quienPide = muestra.comprador.empresa ?? muestra.comprador.nombre;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 409) {
          throw new HttpError(409, err.code, CAJA_MESSAGES.lote(lote.nombre, err.message));
        }
        throw err;
      }
    }
    // One notice (and e-mail, by his preferences) per request: the producer answers the box's lots together.
    await notify(tx, {
      userId: productorId,
      tipo: 'CAJA_MUESTRAS_SOLICITADA',
      comprador: quienPide,
      lotes: lotesDeLaCaja(lotesDelProductor.map((l) => l.nombre)),
      n: lotesDelProductor.length,
      enlace: PAGINAS.productor.pedidosMuestras(),
      entidad: 'caja_muestras',
      entidadId: caja.id,
    });
    ids.push(caja.id);
  }
  await tx
    .delete(cajaMuestrasLotes)
    .where(and(eq(cajaMuestrasLotes.compradorId, user.id), inArray(cajaMuestrasLotes.loteId, input.loteIds)));
  return cajasDe(tx, user.id, ids);
}

// ---------------------------------------------------------------------------------------------------------
// Reading the boxes sent
// ---------------------------------------------------------------------------------------------------------

const comprador = users;

/** The boxes `ids` (all the viewer's when omitted) as their parties see them; a stranger's is never read. */
async function cajasDe(db: DbOrTx, userId: string, ids?: string[]): Promise<CajaMuestras[]> {
  const mias = or(eq(cajasMuestras.compradorId, userId), eq(cajasMuestras.productorId, userId));
  const rows = await db
    .select({
      c: cajasMuestras,
      empresa: compradorPerfiles.empresa,
      nombre: comprador.nombre,
      apellido: comprador.apellido,
      name: comprador.name,
      email: comprador.email,
      productor: productorPerfiles.nombre,
    })
    .from(cajasMuestras)
    .innerJoin(comprador, eq(comprador.id, cajasMuestras.compradorId))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, cajasMuestras.compradorId))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, cajasMuestras.productorId))
    .where(ids ? and(mias, inArray(cajasMuestras.id, ids.length ? ids : [NINGUNA])) : mias)
    .orderBy(desc(cajasMuestras.createdAt), desc(cajasMuestras.id))
    .limit(100);
  if (!rows.length) return [];
  const samples = await selectMuestras(db)
    .where(
      inArray(
        muestras.cajaId,
        rows.map((r) => r.c.id),
      ),
    )
    .orderBy(asc(muestras.createdAt), asc(lotes.nombre), asc(muestras.id));
  // Those asked by id come in that order (a box sent answers its producers in the box's order).
  if (ids) rows.sort((x, y) => ids.indexOf(x.c.id) - ids.indexOf(y.c.id));
  return rows.map(({ c, ...r }) => {
    const rol: RolMuestra = c.compradorId === userId ? 'comprador' : 'productor';
    const suyas = samples.filter((s) => s.m.cajaId === c.id).map((s) => toMuestra(s, rol));
    return {
      id: c.id,
      comprador: r.empresa || displayName(r),
      productor: r.productor ?? 'Productor',
      direccionEnvio: c.direccionEnvio,
      mensaje: c.mensaje,
      transportista: c.transportista,
      numeroGuia: c.numeroGuia,
      enviadaAt: c.enviadaAt ? c.enviadaAt.toISOString() : null,
      createdAt: c.createdAt.toISOString(),
      rol,
      puedeEnviar:
        rol === 'productor' &&
        porQueNoSeEnvia(
          c.enviadaAt,
          suyas.map((s) => s.estado),
        ) === null,
      muestras: suyas,
    };
  });
}

const NINGUNA = '00000000-0000-0000-0000-000000000000';

/** Why the box cannot be shipped now, or null: shipped already, a lot still unanswered, none accepted. */
function porQueNoSeEnvia(enviadaAt: Date | null, estados: string[]): string | null {
  if (enviadaAt) return CAJA_MESSAGES.YA_ENVIADA;
  if (estados.includes('SOLICITADA')) return CAJA_MESSAGES.POR_RESPONDER;
  if (!estados.includes('ACEPTADA')) return CAJA_MESSAGES.SIN_ACEPTADAS;
  return null;
}

export const listCajas = (db: Db, userId: string) => cajasDe(db, userId);

export async function getCaja(db: DbOrTx, userId: string, id: string): Promise<CajaMuestras> {
  const [caja] = await cajasDe(db, userId, [id]);
  if (!caja) throw notFound('NOT_FOUND', CAJA_MESSAGES.NOT_FOUND);
  return caja;
}

// ---------------------------------------------------------------------------------------------------------
// The box's one shipment
// ---------------------------------------------------------------------------------------------------------

/**
 * The producer ships the box: its accepted samples move to ENVIADA (each through the table's ENVIAR, with its event
 * and the buyer's notice) and the box records the carrier, in one transaction. The box's row is locked first, so of
 * two shipments at once one wins and the other gets 409 "La caja ya fue enviada.".
 */
export async function enviarLaCaja(
  db: Db,
  userId: string,
  id: string,
  envio: { transportista: string; numeroGuia: string; imagen?: string | null },
  now: Date,
): Promise<CajaMuestras> {
  await db.transaction(async (tx) => {
    const [caja] = await tx
      .select()
      .from(cajasMuestras)
      .where(
        and(eq(cajasMuestras.id, id), or(eq(cajasMuestras.compradorId, userId), eq(cajasMuestras.productorId, userId))),
      )
      .for('update');
    if (!caja) throw notFound('NOT_FOUND', CAJA_MESSAGES.NOT_FOUND);
    if (caja.productorId !== userId) throw new HttpError(403, 'FORBIDDEN', 'Esta acción corresponde al productor.');
    const suyas = await tx
      .select({ id: muestras.id, estado: muestras.estado })
      .from(muestras)
      .where(eq(muestras.cajaId, id));
    const motivo = porQueNoSeEnvia(
      caja.enviadaAt,
      suyas.map((s) => s.estado),
    );
    if (motivo) throw conflict('CONFLICT', motivo);
    for (const s of suyas.filter((x) => x.estado === 'ACEPTADA')) {
      await transition(tx, MUESTRA_LIFECYCLE, {
        id: s.id,
        action: 'ENVIAR',
        actor: { userId },
        input: { ...envio, caja: true },
        now,
        desde: 'ACEPTADA',
      });
    }
    await tx
      .update(cajasMuestras)
      .set({ transportista: envio.transportista, numeroGuia: envio.numeroGuia, enviadaAt: now, updatedAt: now })
      .where(eq(cajasMuestras.id, id));
  });
  return getCaja(db, userId, id);
}
