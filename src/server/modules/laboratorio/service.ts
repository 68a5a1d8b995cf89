import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import {
  LABORATORIO_MESSAGES,
  PUNTAJE_VERIFICACION,
  type EventoLote,
  type LoteAccion,
  type LoteLaboratorio,
  type LotesLaboratorioQuery,
} from '../../../contract/laboratorio';
import { enlaceSeguimiento, puntajeSca, type Cata, type HojaCata } from '../../../contract/muestras';
import type { Db, DbOrTx } from '../../db/client';
import { eventos } from '../../db/schema/eventos';
import { lotes } from '../../db/schema/lotes';
import { catas } from '../../db/schema/muestras';
import { productorPerfiles } from '../../db/schema/users';
import { notFound } from '../../errors';
import { allowedActions, transition } from '../../lib/lifecycle';
import { pagination } from '../../lib/pagination';
import type { UserRow } from '../../auth/guards';
import type { LoteEditadoContext } from '../lotes';
import { recordCataDeLaboratorio } from '../muestras';
import { LOTE_LIFECYCLE, type LoteRow, type RolLote } from './lifecycle';

const actorOf = (user: Pick<UserRow, 'id' | 'tipoUser'>) => ({ userId: user.id, tipoUser: user.tipoUser });

function toLoteLaboratorio(row: LoteRow, productor: string | null, rol: RolLote): LoteLaboratorio {
  const acciones = allowedActions(LOTE_LIFECYCLE, row.status, rol).flatMap((a): LoteLaboratorio['acciones'] => {
    if (a === 'ENVIAR' || a === 'RECIBIR') return [a];
    if (a === 'VERIFICAR') return ['CATAR'];
    return [];
  });
  const envio = row.envioLaboratorio;
  return {
    id: row.id,
    codigo: row.codigo,
    nombre: row.nombre,
    pais: row.pais,
    region: row.region,
    proceso: row.proceso,
    variedades: row.variedades,
    cosecha: row.cosecha,
    productor: productor || 'Productor',
    status: row.status,
    envio: envio ? { ...envio, seguimiento: enlaceSeguimiento(envio.transportista, envio.numeroGuia) } : null,
    motivoRechazo: row.motivoRechazo,
    puntaje: row.puntaje,
    updatedAt: row.updatedAt.toISOString(),
    acciones,
  };
}

function toCata(c: typeof catas.$inferSelect): Cata {
  return {
    id: c.id,
    muestraId: c.muestraId,
    loteId: c.loteId,
    protocolo: c.protocolo,
    hoja: c.hoja,
    puntajeTotal: c.puntajeTotal,
    createdAt: c.createdAt.toISOString(),
  };
}

const selectLotes = (db: DbOrTx) =>
  db
    .select({ l: lotes, productor: productorPerfiles.nombre })
    .from(lotes)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId));

/** The lot as its viewer may see it here: the lab once the sample was sent, the producer always; else 404. */
async function loadFor(db: DbOrTx, user: Pick<UserRow, 'id' | 'tipoUser'>, id: string) {
  const [r] = await selectLotes(db).where(eq(lotes.id, id)).limit(1);
  const rol = r ? LOTE_LIFECYCLE.roleOf(r.l, user.id, actorOf(user)) : null;
  if (!r || !rol) throw notFound('NOT_FOUND', LABORATORIO_MESSAGES.NOT_FOUND);
  return { lote: toLoteLaboratorio(r.l, r.productor, rol), row: r.l };
}

/** The lab's lists: samples on their way (POR_RECIBIR), lots in review (EN_REVISION), lots it has cupped. */
export async function listLaboratorio(db: Db, query: LotesLaboratorioQuery) {
  const enviado = isNotNull(lotes.envioLaboratorio);
  const bandejas: Record<LotesLaboratorioQuery['bandeja'], SQL> = {
    POR_RECIBIR: and(enviado, eq(lotes.status, 'POR_ENVIAR'))!,
    EN_REVISION: and(enviado, eq(lotes.status, 'EN_REVISION'))!,
    HISTORIAL: and(enviado, inArray(lotes.status, ['VERIFICADO', 'RECHAZADO']))!,
  };
  const where = bandejas[query.bandeja];
  const [{ total }] = await db.select({ total: count() }).from(lotes).where(where);
  // The queues oldest first (first come, first cupped); the history newest first.
  const order =
    query.bandeja === 'HISTORIAL' ? [desc(lotes.updatedAt), desc(lotes.id)] : [asc(lotes.updatedAt), asc(lotes.id)];
  const rows = await selectLotes(db)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [porRecibir] = await db.select({ n: count() }).from(lotes).where(bandejas.POR_RECIBIR);
  const [enRevision] = await db.select({ n: count() }).from(lotes).where(bandejas.EN_REVISION);
  return {
    lotes: rows.map((r) => toLoteLaboratorio(r.l, r.productor, 'laboratorio')),
    pagination: pagination(query.page, query.limit, total),
    pendientes: { POR_RECIBIR: porRecibir.n, EN_REVISION: enRevision.n },
  };
}

/** The lab's latest sheet of a lot (catas without a sample are the lab's). */
async function cataLaboratorio(db: DbOrTx, loteId: string) {
  const [c] = await db
    .select()
    .from(catas)
    .where(and(eq(catas.loteId, loteId), isNull(catas.muestraId)))
    .orderBy(desc(catas.createdAt), desc(catas.id))
    .limit(1);
  return c ? toCata(c) : null;
}

export async function getLoteLaboratorio(db: Db, user: UserRow, id: string) {
  const { lote } = await loadFor(db, user, id);
  const evs = await db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, LOTE_LIFECYCLE.entidad), eq(eventos.entidadId, id)))
    .orderBy(asc(eventos.n));
  return {
    lote,
    eventos: evs.map((e): EventoLote => ({
      id: e.id,
      accion: e.accion,
      desde: e.desde,
      hacia: e.hacia,
      actor: e.actorRol as EventoLote['actor'],
      datos: e.datos,
      createdAt: e.createdAt.toISOString(),
    })),
    cata: await cataLaboratorio(db, id),
  };
}

/** ENVIAR (the producer) or RECIBIR (the lab): one move of the lot's table. */
export async function moveLote(db: Db, user: UserRow, id: string, body: LoteAccion, now: Date) {
  const { accion, desde, ...input } = body;
  await transition(db, LOTE_LIFECYCLE, { id, action: accion, actor: actorOf(user), input, now, desde });
  return (await loadFor(db, user, id)).lote;
}

/**
 * The lab cups a lot in review on the SCA sheet: the server's total decides VERIFICAR (≥ 80, the total becomes
 * the lot's `puntaje`) or RECHAZAR (the sheet is the reason); the sheet and the move are one transaction.
 */
export async function catarLote(db: Db, user: UserRow, id: string, hoja: HojaCata, now: Date) {
  const puntajeTotal = puntajeSca(hoja);
  const action = puntajeTotal >= PUNTAJE_VERIFICACION ? 'VERIFICAR' : 'RECHAZAR';
  const comentario = (hoja.motivo || hoja.comentarios.general || '').trim();
  const cata = await db.transaction(async (tx) => {
    const { row } = await transition(tx, LOTE_LIFECYCLE, {
      id,
      action,
      actor: actorOf(user),
      input: { cata: { puntajeTotal, comentario } },
      now,
      desde: 'EN_REVISION',
    });
    return recordCataDeLaboratorio(tx, { loteId: row.id, catadorId: user.id, hoja, puntajeTotal, now });
  });
  return { cata: toCata(cata), lote: (await loadFor(db, user, id)).lote };
}

/** The lab's sheet of a verified, visible lot: what the lot page shows as "Catado por el laboratorio de Cereza". */
export async function cataPublica(db: Db, loteId: string): Promise<Cata | null> {
  const [l] = await db
    .select({ status: lotes.status, ocultar: lotes.ocultar })
    .from(lotes)
    .where(eq(lotes.id, loteId))
    .limit(1);
  if (!l || l.ocultar) throw notFound('NOT_FOUND', LABORATORIO_MESSAGES.NOT_FOUND);
  return l.status === 'VERIFICADO' ? cataLaboratorio(db, loteId) : null;
}

/**
 * Editing the coffee of a verified lot sends it back to POR_ENVIAR (PRODUCT.md), in the edit's transaction; price
 * and stock edits do not. Registered on the lots' edits by src/server/composition.ts.
 */
export async function reabrirSiCambioElCafe({ tx, user, before, patch, now }: LoteEditadoContext): Promise<void> {
  if (before.status !== 'VERIFICADO' || !cambiaElCafe(before, patch)) return;
  await transition(tx, LOTE_LIFECYCLE, { id: before.id, action: 'REABRIR', actor: actorOf(user), input: {}, now });
}

/** The fields that describe the coffee the lab cupped (PRODUCT.md): changing one undoes the verification. */
export const CAMPOS_DEL_CAFE = [
  'pais',
  'region',
  'municipio',
  'finca',
  'altitudMin',
  'altitudMax',
  'variedades',
  'proceso',
  'secado',
  'cosecha',
  'puntaje',
] as const satisfies readonly (keyof LoteRow)[];

/** Whether a patch changes the coffee (values compared, so a form that sends every field unchanged does not). */
export function cambiaElCafe(before: LoteRow, patch: Partial<Record<string, unknown>>): boolean {
  return CAMPOS_DEL_CAFE.some(
    (k) => patch[k] !== undefined && JSON.stringify(patch[k] ?? null) !== JSON.stringify(before[k] ?? null),
  );
}
