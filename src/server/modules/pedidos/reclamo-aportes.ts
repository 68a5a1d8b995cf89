import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AdjuntoMensaje } from '../../../contract/mensajes';
import { puntajeSca, type HojaCata } from '../../../contract/muestras';
import {
  RECLAMO_MESSAGES,
  RespuestaReclamoInputSchema,
  type AporteReclamo,
  type Reclamo,
} from '../../../contract/reclamos';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { imagenes } from '../../db/schema/imagenes';
import { pedidos } from '../../db/schema/pedidos';
import { reclamoAportes } from '../../db/schema/reclamos';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { writeEvento } from '../../lib/lifecycle';
import { PRIVATE_PREFIX, isPrivateKey, keyFromUrl, urlForKey, type Storage } from '../../storage/index';
import { notify } from '../notificaciones';
import { PAGINAS } from '../../../contract/paginas';

/*
 * A claim's evidence and the producer's answer (issue 25 §3, src/contract/reclamos.ts). These functions are the
 * module's door for the back office (issue 28): `reclamoDe` reads a claim with both sides, `responderReclamo` is
 * the producer's answer. The claim itself is opened by the order table's ABRIR_RECLAMO, whose effect calls
 * `saveReclamo` in the move's transaction.
 */

type AporteRow = typeof reclamoAportes.$inferSelect;

const toAporte = (r: AporteRow): AporteReclamo => ({
  id: r.id,
  rol: r.rol,
  postura: r.postura,
  texto: r.texto,
  descuentoCentavos: r.descuentoCentavos,
  adjuntos: r.adjuntos,
  cata: r.cata ?? null,
  puntajeCata: r.puntajeCata,
  createdAt: r.createdAt.toISOString(),
});

type Ref = { imagenId: string } | { documentoId: string };

/** The private copy's key of a public upload's variant: `privado/<its key>`. */
const clavePrivada = (url: string) => {
  const key = keyFromUrl(url);
  return key && !isPrivateKey(key) ? `${PRIVATE_PREFIX}${key}` : undefined;
};

/**
 * Claim evidence is private (issue 28): a picture the caller uploaded (public, at its random /uploads address, as
 * every upload is) is copied under `privado/`, large and thumbnail, before the move that attaches it; the claim
 * carries only the copies' addresses, which leave the server signed and only in answers to the order's parties and
 * the operator (`reclamoDe`), and are read through /api/archivos. Only the caller's own pictures are copied; the
 * move itself refuses anyone else's. PDFs are private from their upload on.
 */
export async function copyEvidencias(db: DbOrTx, storage: Storage, userId: string, refs: Ref[] | undefined) {
  const ids = (refs ?? []).flatMap((r) => ('imagenId' in r ? [r.imagenId] : []));
  if (!ids.length) return;
  const rows = await db
    .select()
    .from(imagenes)
    .where(and(inArray(imagenes.id, ids), eq(imagenes.ownerId, userId)));
  for (const url of rows.flatMap((r) => [r.urls.lg, r.urls.sm])) {
    const privada = url ? clavePrivada(url) : undefined;
    if (!url || !privada) continue;
    const data = await storage.get(keyFromUrl(url)!);
    if (data) await storage.put(privada, data, 'image/webp');
  }
}

/** The caller's own uploads as attachments (the messages' shape); anyone else's, or none, is a 400 on the field. */
async function adjuntosPropios(tx: DbOrTx, userId: string, refs: Ref[]): Promise<AdjuntoMensaje[]> {
  if (!refs.length) return [];
  const ids = refs.map((r) => ('imagenId' in r ? r.imagenId : r.documentoId));
  const rows = await tx
    .select()
    .from(imagenes)
    .where(and(inArray(imagenes.id, ids), eq(imagenes.ownerId, userId)));
  return refs.map((ref) => {
    const row = rows.find((x) => x.id === ('imagenId' in ref ? ref.imagenId : ref.documentoId));
    const lg = row?.urls.lg && clavePrivada(row.urls.lg);
    const sm = row?.urls.sm && clavePrivada(row.urls.sm);
    if (row && 'imagenId' in ref && lg && sm) {
      // The private copies copyEvidencias made: never the upload's public address.
      return { url: urlForKey(lg), thumb: urlForKey(sm), width: row.width, height: row.height };
    }
    if (row && 'documentoId' in ref && row.urls.pdf) {
      return { tipo: 'pdf' as const, url: row.urls.pdf, nombre: row.urls.nombre ?? 'documento.pdf', bytes: row.bytes };
    }
    throw badRequest('VALIDATION_ERROR', RECLAMO_MESSAGES.EVIDENCIA_NOT_FOUND, {
      evidencias: RECLAMO_MESSAGES.EVIDENCIA_NOT_FOUND,
    });
  });
}

/** ABRIR_RECLAMO's effect: the buyer's claim as its first contribution (reason, evidence, arrival cupping). */
export async function saveReclamo(
  tx: DbOrTx,
  pedido: { id: string; compradorId: string },
  input: { motivo?: string; evidencias?: Ref[]; cataLlegada?: HojaCata },
  now: Date,
) {
  const adjuntos = await adjuntosPropios(tx, pedido.compradorId, input.evidencias ?? []);
  const cata = input.cataLlegada ?? null;
  await tx.insert(reclamoAportes).values({
    pedidoId: pedido.id,
    autorId: pedido.compradorId,
    rol: 'comprador',
    postura: 'RECLAMO',
    texto: input.motivo ?? '',
    adjuntos,
    cata,
    puntajeCata: cata ? puntajeSca(cata) : null,
    createdAt: now,
  });
}

/** A claim with both sides, for either party (and the operator: pass `operador`). Strangers get 404. */
export async function reclamoDe(
  db: DbOrTx,
  pedidoId: string,
  viewer: { userId: string } | 'operador',
): Promise<Reclamo> {
  const [p] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId)).limit(1);
  const rol = !p
    ? null
    : viewer === 'operador'
      ? 'operador'
      : p.compradorId === viewer.userId
        ? 'comprador'
        : p.productorId === viewer.userId
          ? 'productor'
          : null;
  if (!p || !rol) throw notFound('NOT_FOUND', RECLAMO_MESSAGES.NOT_FOUND);
  const rows = await db
    .select()
    .from(reclamoAportes)
    .where(eq(reclamoAportes.pedidoId, pedidoId))
    .orderBy(asc(reclamoAportes.createdAt));
  const reclamo = rows.find((r) => r.rol === 'comprador');
  const respuesta = rows.find((r) => r.rol === 'productor');
  return {
    reclamo: reclamo ? toAporte(reclamo) : null,
    respuesta: respuesta ? toAporte(respuesta) : null,
    puedeResponder: rol === 'productor' && p.estado === 'EN_RECLAMO' && !respuesta,
  };
}

/**
 * The producer answers the open claim, once: he accepts a discount (at most the order's total) or contests it
 * with his arguments and evidence. The order stays EN_RECLAMO (the operator decides); the answer is an event of
 * the order and the buyer is told. The order row is locked so the answer and the operator's resolution serialise.
 */
export async function responderReclamo(db: Db, userId: string, pedidoId: string, body: unknown, now: Date) {
  const input = RespuestaReclamoInputSchema.parse(body);
  await db.transaction(async (tx: Tx) => {
    const [p] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update').limit(1);
    if (!p || (p.productorId !== userId && p.compradorId !== userId)) {
      throw notFound('NOT_FOUND', RECLAMO_MESSAGES.NOT_FOUND);
    }
    if (p.productorId !== userId) throw forbidden('FORBIDDEN', RECLAMO_MESSAGES.SOLO_PRODUCTOR);
    if (p.estado !== 'EN_RECLAMO') throw conflict('CONFLICT', RECLAMO_MESSAGES.SIN_RECLAMO);
    if (input.postura === 'ACEPTA_DESCUENTO' && input.descuentoCentavos > p.totalCentavos) {
      const max = `${(p.totalCentavos / 100).toLocaleString('es-ES', { minimumFractionDigits: 2 })} ${p.moneda}`;
      const msg = RECLAMO_MESSAGES.descuentoMaximo(max);
      throw badRequest('VALIDATION_ERROR', msg, { descuentoCentavos: msg });
    }
    const adjuntos = input.postura === 'IMPUGNA' ? await adjuntosPropios(tx, userId, input.evidencias) : [];
    try {
      await tx.transaction((sp) =>
        sp.insert(reclamoAportes).values({
          pedidoId,
          autorId: userId,
          rol: 'productor',
          postura: input.postura,
          texto: input.texto ?? '',
          descuentoCentavos: input.postura === 'ACEPTA_DESCUENTO' ? input.descuentoCentavos : null,
          adjuntos,
          createdAt: now,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('CONFLICT', RECLAMO_MESSAGES.YA_RESPONDIDO);
      throw err;
    }
    await writeEvento(tx, {
      entidad: 'pedido',
      entidadId: pedidoId,
      accion: 'RESPONDER_RECLAMO',
      desde: 'EN_RECLAMO',
      hacia: 'EN_RECLAMO',
      actor: { userId },
      actorRol: 'productor',
      datos: {
        postura: input.postura,
        ...(input.postura === 'ACEPTA_DESCUENTO' ? { descuentoCentavos: input.descuentoCentavos } : {}),
      },
      at: now,
    });
    await notify(tx, {
      userId: p.compradorId,
      tipo: 'PEDIDO_RECLAMO_RESPONDIDO',
      numero: p.numero,
      lote: p.terminos.lote.nombre,
      postura:
        input.postura === 'ACEPTA_DESCUENTO'
          ? `acepta un descuento de ${(input.descuentoCentavos / 100).toLocaleString('es-ES', { minimumFractionDigits: 2 })} ${p.moneda}`
          : 'impugna el reclamo con sus argumentos',
      enlace: PAGINAS.comprador.pedidos(p.id),
      entidad: 'pedido',
      entidadId: p.id,
    });
  });
  return reclamoDe(db, pedidoId, { userId });
}
