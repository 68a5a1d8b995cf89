import { and, asc, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ATRIBUTOS_SCA,
  ESTADOS_MUESTRA,
  GRUPO_PRODUCTOR,
  MUESTRA_MESSAGES,
  TAZAS_SCA,
  enlaceSeguimiento,
  puntajeSca,
  puntosTazas,
  type Cata,
  type EstadoMuestra,
  type EventoMuestra,
  type HojaCata,
  type Muestra,
  type MuestraAccion,
  type MuestraInput,
  type MuestrasQuery,
} from '../../../contract/muestras';
import { displayName } from '../../../contract/roles';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { eventos } from '../../db/schema/eventos';
import { lotes } from '../../db/schema/lotes';
import { catas, muestras } from '../../db/schema/muestras';
import { pedidos } from '../../db/schema/pedidos';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import { badRequest, notFound } from '../../errors';
import { allowedActions, create, transition } from '../../lib/lifecycle';
import { pagination } from '../../lib/pagination';
import type { UserRow } from '../../auth/guards';
import {
  MUESTRA_LIFECYCLE,
  deudaDeCata,
  type EnvioPss,
  type MuestraRow,
  type RolMuestra,
  type SolicitudDeRespuesta,
} from './lifecycle';

const comprador = alias(users, 'comprador');

/** A sample with what its answer shows: the lot, both parties' names and the cupping's total. */
export function selectMuestras(db: DbOrTx) {
  return db
    .select({
      m: muestras,
      lote: {
        id: lotes.id,
        nombre: lotes.nombre,
        codigo: lotes.codigo,
        pais: lotes.pais,
        retirado: sql<boolean>`${lotes.archivadoAt} is not null`,
      },
      comprador: {
        nombre: comprador.nombre,
        apellido: comprador.apellido,
        name: comprador.name,
        email: comprador.email,
        empresa: compradorPerfiles.empresa,
        pais: compradorPerfiles.pais,
      },
      productor: { nombre: productorPerfiles.nombre },
      puntajeTotal: catas.puntajeTotal,
      pedido: { id: pedidos.id, numero: pedidos.numero },
    })
    .from(muestras)
    .innerJoin(lotes, eq(lotes.id, muestras.loteId))
    .innerJoin(comprador, eq(comprador.id, muestras.compradorId))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, muestras.compradorId))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, muestras.productorId))
    .leftJoin(catas, eq(catas.muestraId, muestras.id))
    .leftJoin(pedidos, eq(pedidos.pssMuestraId, muestras.id));
}
export type Selected = Awaited<ReturnType<ReturnType<typeof selectMuestras>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toMuestra(r: Selected, rol: RolMuestra): Muestra {
  const m = r.m;
  // A box's sample is shipped with its box (decision 070), never alone.
  const acciones = allowedActions(MUESTRA_LIFECYCLE, m.estado, rol).filter(
    (a): a is Muestra['acciones'][number] => a !== 'SOLICITAR' && !(a === 'ENVIAR' && m.cajaId),
  );
  return {
    id: m.id,
    tipo: m.tipo,
    estado: m.estado,
    lote: r.lote,
    compradorId: m.compradorId,
    productorId: m.productorId,
    comprador: {
      nombre: displayName(r.comprador),
      empresa: r.comprador.empresa ?? null,
      pais: r.comprador.pais ?? null,
    },
    productor: { nombre: r.productor?.nombre ?? 'Productor' },
    gramos: m.gramos,
    precioCentavos: m.precioCentavos,
    moneda: m.moneda,
    direccionEnvio: m.direccionEnvio,
    mensaje: m.mensaje,
    motivoRechazo: m.motivoRechazo,
    transportista: m.transportista,
    numeroGuia: m.numeroGuia,
    seguimiento: enlaceSeguimiento(m.transportista, m.numeroGuia),
    enviadaAt: iso(m.enviadaAt),
    entregadaAt: iso(m.entregadaAt),
    venceAt: iso(m.venceAt),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    rol,
    acciones,
    puntajeTotal: r.puntajeTotal ?? null,
    pedido: r.pedido?.id ? { id: r.pedido.id, numero: r.pedido.numero } : null,
    cajaId: m.cajaId,
  };
}

const rolIn = (m: MuestraRow, userId: string): RolMuestra | null => MUESTRA_LIFECYCLE.roleOf(m, userId);

/** A sample its viewer is a party of; anyone else gets the 404 of a missing one. */
async function loadFor(db: DbOrTx, userId: string, id: string): Promise<{ muestra: Muestra; row: MuestraRow }> {
  const [r] = await selectMuestras(db)
    .where(and(eq(muestras.id, id), or(eq(muestras.compradorId, userId), eq(muestras.productorId, userId))))
    .limit(1);
  if (!r) throw notFound('NOT_FOUND', MUESTRA_MESSAGES.NOT_FOUND);
  return { muestra: toMuestra(r, rolIn(r.m, userId)!), row: r.m };
}

// ---------------------------------------------------------------------------------------------------------
// SOLICITAR: a buyer's request (the table's creating move COMPRADOR, ./lifecycle.ts)
// ---------------------------------------------------------------------------------------------------------

export { deudaDeCata };

/**
 * A buyer asks a sample of a lot (docs/product.md §10–11) through the table's door for buyers' requests, which holds
 * the rules (profile, feedback debt, the lot visible and offering one, one in progress); in the caller's
 * transaction (the Idempotency-Key's).
 */
export async function solicitarMuestra(
  tx: Tx,
  user: UserRow,
  input: MuestraInput,
  now: Date,
  /**
   * The sample box it is asked in (decision 070): POST /api/caja-muestras/enviar asks each lot through here, and
   * tells the producer once for the whole box.
   */
  opciones: { cajaId?: string } = {},
): Promise<Muestra> {
  const { row } = await create(tx, MUESTRA_LIFECYCLE, 'COMPRADOR', {
    actor: { userId: user.id },
    input: { body: input, cajaId: opciones.cajaId },
    now,
  });
  return (await loadFor(tx, user.id, row.id)).muestra;
}

/**
 * A sample of a shortlisted sourcing answer's lot (modules/solicitudes, PEDIR_MUESTRA), through the table's door
 * SOLICITUD: the buyer's rules are the same as for a request from the catalogue. Answers the sample's id.
 */
export async function solicitarMuestraDeRespuesta(tx: Tx, userId: string, input: SolicitudDeRespuesta, now: Date) {
  const { row } = await create(tx, MUESTRA_LIFECYCLE, 'SOLICITUD', { actor: { userId }, input, now });
  return row.id;
}

/** An order's pre-shipment sample (modules/pedidos, ENVIAR_PSS), through the table's door PSS. Answers its id. */
export async function enviarMuestraPss(tx: Tx, input: EnvioPss, now: Date) {
  const actor = { userId: input.pedido.productorId };
  const { row } = await create(tx, MUESTRA_LIFECYCLE, 'PSS', { actor, input, now });
  return row.id;
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

/** The producer works down his groups (to answer, to ship, shipped, cupped, closed): most urgent first. */
const GRUPO_DEL_PRODUCTOR = sql`case ${muestras.estado} ${sql.raw(
  ESTADOS_MUESTRA.map((e) => `when '${e}' then ${GRUPO_PRODUCTOR[e]}`).join(' '),
)} end`;

export async function listMuestras(db: Db, user: UserRow, query: MuestrasQuery, now: Date) {
  const rol: RolMuestra = query.rol ?? (user.tipoUser === 'PRODUCTOR' ? 'productor' : 'comprador');
  const mias: SQL[] = [rol === 'comprador' ? eq(muestras.compradorId, user.id) : eq(muestras.productorId, user.id)];
  if (query.loteId) mias.push(eq(muestras.loteId, query.loteId));
  const where = query.estado ? and(...mias, eq(muestras.estado, query.estado)) : and(...mias);
  const porEstado = await db
    .select({ estado: muestras.estado, n: count() })
    .from(muestras)
    .where(and(...mias))
    .groupBy(muestras.estado);
  const conteos = Object.fromEntries(ESTADOS_MUESTRA.map((e) => [e, 0])) as Record<EstadoMuestra, number>;
  for (const r of porEstado) conteos[r.estado] = r.n;
  const total = query.estado ? conteos[query.estado] : porEstado.reduce((s, r) => s + r.n, 0);
  const orden =
    rol === 'productor'
      ? [asc(GRUPO_DEL_PRODUCTOR), desc(muestras.updatedAt), desc(muestras.id)]
      : [desc(muestras.updatedAt), desc(muestras.id)];
  const rows = await selectMuestras(db)
    .where(where)
    .orderBy(...orden)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    muestras: rows.map((r) => toMuestra(r, rol)),
    pagination: pagination(query.page, query.limit, total),
    conteos,
    pendientesDeCata: rol === 'comprador' ? await deudaDeCata(db, user.id, now) : [],
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

export async function getMuestra(db: Db, userId: string, id: string) {
  const { muestra } = await loadFor(db, userId, id);
  const evs = await db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, MUESTRA_LIFECYCLE.entidad), eq(eventos.entidadId, id)))
    .orderBy(asc(eventos.n));
  const [cata] = await db.select().from(catas).where(eq(catas.muestraId, id)).limit(1);
  return {
    muestra,
    eventos: evs.map((e): EventoMuestra => ({
      id: e.id,
      accion: e.accion,
      desde: e.desde,
      hacia: e.hacia,
      actor: e.actorRol as EventoMuestra['actor'],
      datos: e.datos,
      createdAt: e.createdAt.toISOString(),
    })),
    cata: cata ? toCata(cata) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------------------

export async function moveMuestra(db: Db, userId: string, id: string, body: MuestraAccion, now: Date) {
  const { accion, desde, ...input } = body;
  await transition(db, MUESTRA_LIFECYCLE, { id, action: accion, actor: { userId }, input, now, desde });
  return (await loadFor(db, userId, id)).muestra;
}

/**
 * CATAR: the sheet is stored with the server's total and the sample moves to CATADA, in one transaction. Only an
 * offer sample asks whether the buyer is interested in the lot (a pre-shipment or arrival sample belongs to an
 * order already contracted): its sheet must carry the decision, the others' never do.
 */
export async function catarMuestra(db: Db, userId: string, id: string, hoja: HojaCata, now: Date) {
  const puntajeTotal = puntajeSca(hoja);
  const cata = await db.transaction(async (tx) => {
    const { row: actual } = await loadFor(tx, userId, id);
    const oferta = actual.tipo === 'OFERTA';
    if (oferta && !hoja.decision) {
      throw badRequest('VALIDATION_ERROR', MUESTRA_MESSAGES.DECISION_REQUERIDA, {
        decision: MUESTRA_MESSAGES.DECISION_REQUERIDA,
      });
    }
    if (!oferta) hoja = { ...hoja, decision: null };
    const { row } = await transition(tx, MUESTRA_LIFECYCLE, {
      id,
      action: 'CATAR',
      actor: { userId },
      input: { cata: { puntajeTotal, decision: hoja.decision } },
      now,
      desde: actual.estado === 'CERRADA_SIN_CATA' ? 'CERRADA_SIN_CATA' : 'ENTREGADA',
    });
    const [c] = await tx
      .insert(catas)
      .values({ muestraId: row.id, loteId: row.loteId, catadorId: userId, hoja, puntajeTotal, createdAt: now })
      .returning();
    return c;
  });
  return { cata: toCata(cata), muestra: (await loadFor(db, userId, id)).muestra };
}

/**
 * The lab's own cupping of a lot (no sample: `muestraId` null), in the lab's transaction. The cuppings table is this
 * module's; laboratorio records its sheets through here (decision 074).
 */
export async function recordCataDeLaboratorio(
  tx: Tx,
  cata: { loteId: string; catadorId: string; hoja: HojaCata; puntajeTotal: number; now: Date },
) {
  const [c] = await tx
    .insert(catas)
    .values({
      muestraId: null,
      loteId: cata.loteId,
      catadorId: cata.catadorId,
      hoja: cata.hoja,
      puntajeTotal: cata.puntajeTotal,
      createdAt: cata.now,
    })
    .returning();
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Cuppings a producer received
// ---------------------------------------------------------------------------------------------------------

/** Every cupping of the producer's lots (one lot with `loteId`): the sheets and what the charts need. */
export async function catasRecibidas(db: Db, productorId: string, loteId?: string) {
  const conds = [eq(lotes.productorId, productorId), isNotNull(catas.muestraId)];
  if (loteId) conds.push(eq(catas.loteId, loteId));
  const rows = await db
    .select({ c: catas, lote: lotes.nombre, empresa: compradorPerfiles.empresa })
    .from(catas)
    .innerJoin(lotes, eq(lotes.id, catas.loteId))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, catas.catadorId))
    .where(and(...conds))
    .orderBy(desc(catas.createdAt));
  const lista = rows.map((r) => ({ ...toCata(r.c), comprador: r.empresa ?? 'Un comprador', lote: r.lote }));
  const promedios: Record<string, number> = {};
  if (lista.length) {
    for (const a of ATRIBUTOS_SCA) {
      promedios[a] = round2(lista.reduce((s, c) => s + c.hoja.atributos[a], 0) / lista.length);
    }
    for (const t of TAZAS_SCA) {
      promedios[t] = round2(lista.reduce((s, c) => s + puntosTazas(c.hoja.tazas[t]), 0) / lista.length);
    }
  }
  const veces = new Map<string, number>();
  for (const c of lista) {
    for (const n of c.hoja.notasCata) {
      const k = n.trim().toLowerCase();
      veces.set(k, (veces.get(k) ?? 0) + 1);
    }
  }
  return {
    catas: lista.map(({ lote: _lote, ...c }) => c),
    promedios,
    puntajes: lista.map((c) => c.puntajeTotal),
    notas: [...veces.entries()].sort((a, b) => b[1] - a[1]).map(([nota, n]) => ({ nota, veces: n })),
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Only the lot's producer reads its cuppings. */
export async function assertOwnLote(db: Db, productorId: string, loteId: string) {
  const [l] = await db
    .select({ id: lotes.id })
    .from(lotes)
    .where(and(eq(lotes.id, loteId), eq(lotes.productorId, productorId)))
    .limit(1);
  if (!l) throw notFound('NOT_FOUND', MUESTRA_MESSAGES.LOTE_NOT_FOUND);
}
