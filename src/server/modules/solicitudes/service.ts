import { and, asc, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { cuenta } from '../../../contract/plural';
import {
  SOLICITUD_MESSAGES,
  aCentavos,
  distanciaPrecio,
  motivosCoincidencia,
  type EstadoSolicitud,
  type Respuesta,
  type RespuestaAccionParsed,
  type RespuestaParsed,
  type Solicitud,
  type SolicitudParsed,
} from '../../../contract/solicitudes';
import { paisName } from '../../../contract/lotes';
import type { DireccionEnvio } from '../../../contract/muestras';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { respuestas, resumenesSolicitudes as resumenTable, solicitudes } from '../../db/schema/abastecimiento';
import { eventos } from '../../db/schema/eventos';
import { lotes } from '../../db/schema/lotes';
import { compradorPerfiles, productorPerfiles } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { allowedActions, create, transition, writeEvento } from '../../lib/lifecycle';
import { solicitarMuestraDeRespuesta } from '../muestras';
import { pagination } from '../../lib/pagination';
import type { UserRow } from '../../auth/guards';
import { notify } from '../notificaciones';
import {
  RESPUESTA_LIFECYCLE,
  SOLICITUD_LIFECYCLE,
  enlaceCompradorSolicitud,
  loteDeRespuesta,
  type RespuestaRow,
  type RolSolicitud,
  type SolicitudRow,
} from './lifecycle';
import { PAGINAS } from '../../../contract/paginas';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The closing date is the end of that day (UTC). */
const cierreAt = (fecha: string) => new Date(`${fecha}T23:59:59.999Z`);

function columnas(input: SolicitudParsed) {
  return {
    titulo: input.titulo,
    descripcion: input.descripcion,
    origenes: input.origenes,
    procesos: input.procesos,
    variedades: input.variedades,
    puntajeMin: input.puntajeMin ?? null,
    puntajeMax: input.puntajeMax ?? null,
    notasCata: input.notasCata,
    certificaciones: input.certificaciones,
    sacos: input.sacos,
    pesoSacoKg: input.pesoSacoKg,
    precioMinCentavos: input.precioMin != null ? aCentavos(input.precioMin) : null,
    precioMaxCentavos: input.precioMax != null ? aCentavos(input.precioMax) : null,
    moneda: input.moneda,
    incoterm: input.incoterm,
    lugarEntrega: input.lugarEntrega,
    entregaDesde: input.entregaDesde ?? null,
    entregaHasta: input.entregaHasta ?? null,
    preparacion: input.preparacion,
    cierraAt: cierreAt(input.cierre),
    planLineaId: input.planLineaId ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------------------

type ProductorLote = {
  id: string;
  nombre: string;
  codigo: string;
  pais: string;
  proceso: string;
  puntaje: number | null;
  sacosDisponibles: number;
  pesoSacoKg: number;
};

function toSolicitud(
  s: SolicitudRow,
  rol: RolSolicitud,
  extra: {
    empresa: string | null;
    pais: string | null;
    numRespuestas: number;
    lotes?: ProductorLote[];
    miRespuesta?: Respuesta | null;
  },
): Solicitud {
  const out: Solicitud = {
    id: s.id,
    compradorId: s.compradorId,
    comprador: { empresa: extra.empresa, pais: extra.pais },
    titulo: s.titulo,
    descripcion: s.descripcion,
    origenes: s.origenes,
    procesos: s.procesos,
    variedades: s.variedades,
    puntajeMin: s.puntajeMin,
    puntajeMax: s.puntajeMax,
    notasCata: s.notasCata,
    certificaciones: s.certificaciones,
    sacos: s.sacos,
    pesoSacoKg: s.pesoSacoKg,
    precioMinCentavos: s.precioMinCentavos,
    precioMaxCentavos: s.precioMaxCentavos,
    moneda: s.moneda,
    incoterm: s.incoterm,
    lugarEntrega: s.lugarEntrega,
    entregaDesde: s.entregaDesde,
    entregaHasta: s.entregaHasta,
    preparacion: s.preparacion,
    cierraAt: s.cierraAt.toISOString(),
    estado: s.estado,
    adjudicada: s.adjudicada,
    planLineaId: s.planLineaId,
    publicadaAt: iso(s.publicadaAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    rol,
    acciones:
      rol === 'comprador'
        ? allowedActions(SOLICITUD_LIFECYCLE, s.estado, 'comprador').filter((a) => a !== 'ADJUDICAR')
        : [],
    numRespuestas: extra.numRespuestas,
  };
  if (rol === 'productor') {
    out.coincidencias = (extra.lotes ?? []).flatMap((l) => {
      const motivos = motivosCoincidencia(s, l, paisName);
      return motivos ? [{ loteId: l.id, nombre: l.nombre, codigo: l.codigo, motivos }] : [];
    });
    out.miRespuesta = extra.miRespuesta ?? null;
  }
  return out;
}

function selectRespuestas(db: DbOrTx) {
  return db
    .select({
      r: respuestas,
      productor: { nombre: productorPerfiles.nombre, pais: productorPerfiles.pais },
      lote: { id: lotes.id, nombre: lotes.nombre, codigo: lotes.codigo, ocultar: lotes.ocultar },
      s: { precioMinCentavos: solicitudes.precioMinCentavos, precioMaxCentavos: solicitudes.precioMaxCentavos },
    })
    .from(respuestas)
    .innerJoin(solicitudes, eq(solicitudes.id, respuestas.solicitudId))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, respuestas.productorId))
    .leftJoin(lotes, eq(lotes.id, respuestas.loteId));
}
type RespuestaSel = Awaited<ReturnType<ReturnType<typeof selectRespuestas>['execute']>>[number];

function toRespuesta(x: RespuestaSel, rol: RolSolicitud): Respuesta {
  const r = x.r;
  return {
    id: r.id,
    solicitudId: r.solicitudId,
    productorId: r.productorId,
    productor: { nombre: x.productor?.nombre ?? 'Productor', pais: x.productor?.pais ?? null },
    // A proposal's private lot (docs/decisions/039) is no published lot: the answer still reads as a proposal.
    lote: x.lote?.id && !x.lote.ocultar ? { id: x.lote.id, nombre: x.lote.nombre, codigo: x.lote.codigo } : null,
    precioKgCentavos: r.precioKgCentavos,
    moneda: r.moneda,
    sacos: r.sacos,
    pesoSacoKg: r.pesoSacoKg,
    ventanaEmbarque: r.ventanaEmbarque,
    gramosMuestra: r.gramosMuestra,
    puntaje: r.puntaje,
    pais: r.pais,
    proceso: r.proceso,
    mensaje: r.mensaje,
    estado: r.estado,
    muestraId: r.muestraId,
    pedidoId: r.pedidoId,
    distanciaPrecioCentavos: distanciaPrecio(r.precioKgCentavos, x.s.precioMinCentavos, x.s.precioMaxCentavos),
    acciones: [
      ...allowedActions(RESPUESTA_LIFECYCLE, r.estado, rol),
      ...(rol === 'productor' && r.estado === 'ENVIADA' ? ['EDITAR'] : []),
    ],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function compradorDe(db: DbOrTx, userId: string) {
  const [c] = await db
    .select({ empresa: compradorPerfiles.empresa, pais: compradorPerfiles.pais })
    .from(compradorPerfiles)
    .where(eq(compradorPerfiles.userId, userId))
    .limit(1);
  return { empresa: c?.empresa ?? null, pais: c?.pais ?? null };
}

const vivas = inArray(respuestas.estado, ['ENVIADA', 'PRESELECCIONADA', 'ACEPTADA']);

async function contarRespuestas(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await db
    .select({ id: respuestas.solicitudId, n: count() })
    .from(respuestas)
    .where(and(inArray(respuestas.solicitudId, ids), vivas))
    .groupBy(respuestas.solicitudId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function lotesDelProductor(db: DbOrTx, productorId: string): Promise<ProductorLote[]> {
  return db
    .select({
      id: lotes.id,
      nombre: lotes.nombre,
      codigo: lotes.codigo,
      pais: lotes.pais,
      proceso: lotes.proceso,
      puntaje: lotes.puntaje,
      sacosDisponibles: lotes.sacosDisponibles,
      pesoSacoKg: lotes.pesoSacoKg,
    })
    .from(lotes)
    .where(and(eq(lotes.productorId, productorId), eq(lotes.ocultar, false)));
}

// ---------------------------------------------------------------------------------------------------------
// The buyer's requests
// ---------------------------------------------------------------------------------------------------------

export async function createSolicitud(tx: Tx, user: UserRow, input: SolicitudParsed, now: Date): Promise<Solicitud> {
  const { row } = await create(tx, SOLICITUD_LIFECYCLE, 'COMPRADOR', {
    actor: { userId: user.id },
    input: { perfilBase: user.perfilBase, columnas: columnas(input) },
    now,
  });
  return toSolicitud(row, 'comprador', { ...(await compradorDe(tx, user.id)), numRespuestas: 0 });
}

/** Edits a draft: the update repeats the state it checked, so a request published meanwhile is a 409. */
export async function editarSolicitud(db: Db, userId: string, id: string, input: SolicitudParsed, now: Date) {
  const [row] = await db
    .update(solicitudes)
    .set({ ...columnas(input), updatedAt: now })
    .where(and(eq(solicitudes.id, id), eq(solicitudes.compradorId, userId), eq(solicitudes.estado, 'BORRADOR')))
    .returning();
  if (!row) {
    const [own] = await db
      .select({ estado: solicitudes.estado })
      .from(solicitudes)
      .where(and(eq(solicitudes.id, id), eq(solicitudes.compradorId, userId)))
      .limit(1);
    if (!own) throw notFound('NOT_FOUND', SOLICITUD_MESSAGES.NOT_FOUND);
    throw conflict('CONFLICT', SOLICITUD_MESSAGES.SOLO_BORRADOR);
  }
  return toSolicitud(row, 'comprador', { ...(await compradorDe(db, userId)), numRespuestas: 0 });
}

export async function moveSolicitud(
  db: Db,
  userId: string,
  id: string,
  accion: string,
  desde: string | undefined,
  now: Date,
) {
  await transition(db, SOLICITUD_LIFECYCLE, { id, action: accion, actor: { userId }, input: {}, now, desde });
  return (await getSolicitud(db, { id: userId, tipoUser: 'COMPRADOR' }, id)).solicitud;
}

export async function listSolicitudes(
  db: Db,
  user: Pick<UserRow, 'id' | 'tipoUser'>,
  query: { page: number; limit: number; estado?: EstadoSolicitud },
) {
  if (user.tipoUser === 'COMPRADOR') {
    const conds: SQL[] = [eq(solicitudes.compradorId, user.id)];
    if (query.estado) conds.push(eq(solicitudes.estado, query.estado));
    const where = and(...conds);
    const [{ total }] = await db.select({ total: count() }).from(solicitudes).where(where);
    const rows = await db
      .select()
      .from(solicitudes)
      .where(where)
      .orderBy(desc(solicitudes.updatedAt), desc(solicitudes.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const n = await contarRespuestas(
      db,
      rows.map((r) => r.id),
    );
    const comprador = await compradorDe(db, user.id);
    return {
      solicitudes: rows.map((r) => toSolicitud(r, 'comprador', { ...comprador, numRespuestas: n.get(r.id) ?? 0 })),
      pagination: pagination(query.page, query.limit, total),
    };
  }
  return listParaProductor(db, user.id, query);
}

/**
 * A producer sees open requests, and those he answered (to see the outcome); the ones that match his lots come
 * first, with why. Matching is computed here over the open requests (a few hundred at most per market).
 */
async function listParaProductor(
  db: Db,
  productorId: string,
  query: { page: number; limit: number; estado?: EstadoSolicitud },
) {
  const respondidas = db
    .select({ id: respuestas.solicitudId })
    .from(respuestas)
    .where(eq(respuestas.productorId, productorId));
  const conds: SQL[] = [or(eq(solicitudes.estado, 'ABIERTA'), inArray(solicitudes.id, respondidas))!];
  if (query.estado) conds.push(eq(solicitudes.estado, query.estado));
  const rows = await db
    .select({ s: solicitudes, empresa: compradorPerfiles.empresa, pais: compradorPerfiles.pais })
    .from(solicitudes)
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, solicitudes.compradorId))
    .where(and(...conds))
    .orderBy(asc(solicitudes.cierraAt), asc(solicitudes.id));
  const misLotes = await lotesDelProductor(db, productorId);
  const mias = await misRespuestas(
    db,
    productorId,
    rows.map((r) => r.s.id),
  );
  const n = await contarRespuestas(
    db,
    rows.map((r) => r.s.id),
  );
  const todas = rows.map((r) =>
    toSolicitud(r.s, 'productor', {
      empresa: r.empresa,
      pais: r.pais,
      numRespuestas: n.get(r.s.id) ?? 0,
      lotes: misLotes,
      miRespuesta: mias.get(r.s.id) ?? null,
    }),
  );
  const rank = (s: Solicitud) => (s.estado === 'ABIERTA' ? (s.coincidencias?.length ? 0 : 1) : 2);
  todas.sort((a, b) => rank(a) - rank(b));
  const start = (query.page - 1) * query.limit;
  return {
    solicitudes: todas.slice(start, start + query.limit),
    pagination: pagination(query.page, query.limit, todas.length),
  };
}

async function misRespuestas(db: DbOrTx, productorId: string, ids: string[]) {
  if (!ids.length) return new Map<string, Respuesta>();
  const rows = await selectRespuestas(db)
    .where(and(eq(respuestas.productorId, productorId), inArray(respuestas.solicitudId, ids)))
    .orderBy(asc(respuestas.createdAt));
  // The live answer wins over withdrawn ones (he may have answered again after withdrawing).
  const out = new Map<string, Respuesta>();
  for (const r of rows) {
    const prev = out.get(r.r.solicitudId);
    if (!prev || prev.estado === 'RETIRADA') out.set(r.r.solicitudId, toRespuesta(r, 'productor'));
  }
  return out;
}

/**
 * One request as its viewer may see it: its buyer sees every answer; a producer sees an open request, or one he
 * answered, with only his own answer; anyone else gets 404.
 */
export async function getSolicitud(db: Db, user: Pick<UserRow, 'id' | 'tipoUser'>, id: string) {
  const [row] = await db
    .select({ s: solicitudes, empresa: compradorPerfiles.empresa, pais: compradorPerfiles.pais })
    .from(solicitudes)
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, solicitudes.compradorId))
    .where(eq(solicitudes.id, id))
    .limit(1);
  if (!row) throw notFound('NOT_FOUND', SOLICITUD_MESSAGES.NOT_FOUND);
  const s = row.s;
  const n = (await contarRespuestas(db, [id])).get(id) ?? 0;
  if (s.compradorId === user.id) {
    const rs = await selectRespuestas(db)
      .where(eq(respuestas.solicitudId, id))
      .orderBy(asc(respuestas.precioKgCentavos));
    const evs = await db
      .select()
      .from(eventos)
      .where(and(eq(eventos.entidad, 'solicitud'), eq(eventos.entidadId, id)))
      .orderBy(asc(eventos.n));
    return {
      solicitud: toSolicitud(s, 'comprador', { empresa: row.empresa, pais: row.pais, numRespuestas: n }),
      respuestas: rs.filter((r) => r.r.estado !== 'RETIRADA').map((r) => toRespuesta(r, 'comprador')),
      eventos: evs.map((e) => ({
        id: e.id,
        entidad: e.entidad,
        accion: e.accion,
        desde: e.desde,
        hacia: e.hacia,
        actor: e.actorRol,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  }
  if (user.tipoUser === 'PRODUCTOR') {
    const mia = (await misRespuestas(db, user.id, [id])).get(id) ?? null;
    if (s.estado === 'ABIERTA' || mia) {
      const solicitud = toSolicitud(s, 'productor', {
        empresa: row.empresa,
        pais: row.pais,
        numRespuestas: n,
        lotes: await lotesDelProductor(db, user.id),
        miRespuesta: mia,
      });
      return { solicitud, respuestas: mia ? [mia] : [], eventos: [] };
    }
  }
  throw notFound('NOT_FOUND', SOLICITUD_MESSAGES.NOT_FOUND);
}

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

async function terminos(tx: DbOrTx, productorId: string, input: RespuestaParsed) {
  if (!input.loteId) {
    return {
      loteId: null,
      pesoSacoKg: input.pesoSacoKg!,
      pais: input.pais!,
      proceso: input.proceso!,
      puntaje: input.puntaje ?? null,
      moneda: null as string | null,
    };
  }
  const [l] = await tx
    .select()
    .from(lotes)
    .where(and(eq(lotes.id, input.loteId), eq(lotes.productorId, productorId)))
    .limit(1);
  if (!l)
    throw badRequest('VALIDATION_ERROR', SOLICITUD_MESSAGES.LOTE_NOT_FOUND, {
      loteId: SOLICITUD_MESSAGES.LOTE_NOT_FOUND,
    });
  // Bags held by orders cannot be promised again: the answer offers at most what a buyer could reserve now
  // (an answer for more could never be accepted).
  const libres = Math.max(0, l.sacosDisponibles - l.sacosReservados);
  if (input.sacos > libres) {
    const msg = SOLICITUD_MESSAGES.sacosLibres(libres);
    throw badRequest('VALIDATION_ERROR', msg, { sacos: msg });
  }
  return {
    loteId: l.id,
    pesoSacoKg: l.pesoSacoKg,
    pais: l.pais,
    proceso: l.proceso,
    puntaje: l.puntaje,
    moneda: l.moneda as string,
  };
}

/** A producer answers an open request (one live answer per request); the buyer is told. */
export async function responder(tx: Tx, user: UserRow, solicitudId: string, input: RespuestaParsed, now: Date) {
  if (!user.perfilBase) throw forbidden('PROFILE_REQUIRED', SOLICITUD_MESSAGES.PERFIL_REQUERIDO);
  // FOR SHARE: the request cannot close between this check and the insert.
  const [s] = await tx.select().from(solicitudes).where(eq(solicitudes.id, solicitudId)).for('share').limit(1);
  if (!s || (s.estado !== 'ABIERTA' && s.compradorId !== user.id))
    throw notFound('NOT_FOUND', SOLICITUD_MESSAGES.NOT_FOUND);
  if (s.estado !== 'ABIERTA') throw conflict('CONFLICT', SOLICITUD_MESSAGES.NO_ABIERTA);
  const t = await terminos(tx, user.id, input);
  let row: RespuestaRow;
  try {
    [row] = await tx.transaction((sp) =>
      sp
        .insert(respuestas)
        .values({
          solicitudId,
          compradorId: s.compradorId,
          productorId: user.id,
          loteId: t.loteId,
          precioKgCentavos: aCentavos(input.precioKg),
          moneda: t.moneda ?? s.moneda,
          sacos: input.sacos,
          pesoSacoKg: t.pesoSacoKg,
          ventanaEmbarque: input.ventanaEmbarque,
          gramosMuestra: input.gramosMuestra ?? null,
          puntaje: t.puntaje,
          pais: t.pais,
          proceso: t.proceso,
          mensaje: input.mensaje,
          estado: 'ENVIADA',
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', SOLICITUD_MESSAGES.YA_RESPONDIDA);
    throw err;
  }
  await writeEvento(tx, {
    entidad: 'respuesta',
    entidadId: row.id,
    accion: 'RESPONDER',
    desde: null,
    hacia: 'ENVIADA',
    actor: { userId: user.id },
    actorRol: 'productor',
    datos: { solicitudId },
    at: now,
  });
  const [r] = await selectRespuestas(tx).where(eq(respuestas.id, row.id)).limit(1);
  await notify(tx, {
    userId: s.compradorId,
    tipo: 'SOLICITUD_RESPONDIDA',
    solicitud: s.titulo,
    productor: r.productor?.nombre ?? 'Un productor',
    enlace: enlaceCompradorSolicitud(s.id),
    entidad: 'solicitud',
    entidadId: s.id,
  });
  return toRespuesta(r, 'productor');
}

/** The producer changes his answer while it is ENVIADA and the request open (the update repeats both). */
export async function editarRespuesta(db: Db, productorId: string, id: string, input: RespuestaParsed, now: Date) {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: respuestas.id })
      .from(respuestas)
      .where(and(eq(respuestas.id, id), eq(respuestas.productorId, productorId)))
      .limit(1);
    if (!own) throw notFound('NOT_FOUND', SOLICITUD_MESSAGES.RESPUESTA_NOT_FOUND);
    const t = await terminos(tx, productorId, input);
    const abierta = tx.select({ id: solicitudes.id }).from(solicitudes).where(eq(solicitudes.estado, 'ABIERTA'));
    const [row] = await tx
      .update(respuestas)
      .set({
        loteId: t.loteId,
        precioKgCentavos: aCentavos(input.precioKg),
        sacos: input.sacos,
        pesoSacoKg: t.pesoSacoKg,
        ventanaEmbarque: input.ventanaEmbarque,
        gramosMuestra: input.gramosMuestra ?? null,
        puntaje: t.puntaje,
        pais: t.pais,
        proceso: t.proceso,
        mensaje: input.mensaje,
        updatedAt: now,
      })
      .where(
        and(
          eq(respuestas.id, id),
          eq(respuestas.productorId, productorId),
          eq(respuestas.estado, 'ENVIADA'),
          inArray(respuestas.solicitudId, abierta),
        ),
      )
      .returning();
    if (!row) throw conflict('CONFLICT', SOLICITUD_MESSAGES.NO_EDITABLE);
    await writeEvento(tx, {
      entidad: 'respuesta',
      entidadId: id,
      accion: 'EDITAR',
      desde: 'ENVIADA',
      hacia: 'ENVIADA',
      actor: { userId: productorId },
      actorRol: 'productor',
      at: now,
    });
    const [r] = await selectRespuestas(tx).where(eq(respuestas.id, id)).limit(1);
    return toRespuesta(r, 'productor');
  });
}

/** A move of the answer's table; PEDIR_MUESTRA creates the sample of the answer's lot in the same transaction. */
export async function moveRespuesta(db: DbOrTx, userId: string, id: string, body: RespuestaAccionParsed, now: Date) {
  const { accion, desde } = body;
  await db.transaction(async (tx) => {
    // The request first, then the answers: two accepts of one request queue here instead of deadlocking on
    // each other's answer rows (accepting one closes the others).
    const deLaRespuesta = tx.select({ id: respuestas.solicitudId }).from(respuestas).where(eq(respuestas.id, id));
    await tx
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(inArray(solicitudes.id, deLaRespuesta))
      .for('update');
    let muestraId: string | undefined;
    if (accion === 'PEDIR_MUESTRA') muestraId = await pedirMuestra(tx, userId, id, body.direccionEnvio, now);
    await transition(tx, RESPUESTA_LIFECYCLE, {
      id,
      action: accion,
      actor: { userId },
      input: { muestraId },
      now,
      desde,
    });
  });
  const [r] = await selectRespuestas(db).where(eq(respuestas.id, id)).limit(1);
  return toRespuesta(r, r.r.compradorId === userId ? 'comprador' : 'productor');
}

/** The sample a buyer asks of a shortlisted answer's lot: grams from the answer, free, linked by the answer. */
async function pedirMuestra(tx: Tx, userId: string, id: string, direccion: DireccionEnvio | undefined, now: Date) {
  const [r] = await tx
    .select()
    .from(respuestas)
    .where(and(eq(respuestas.id, id), eq(respuestas.compradorId, userId)))
    .limit(1);
  // Not his (or the producer asking): let the table answer 404 / 403 / 409.
  if (!r || r.estado !== 'PRESELECCIONADA' || r.muestraId) return undefined;
  if (!direccion) {
    throw badRequest('VALIDATION_ERROR', SOLICITUD_MESSAGES.DIRECCION_REQUERIDA, {
      direccionEnvio: SOLICITUD_MESSAGES.DIRECCION_REQUERIDA,
    });
  }
  const [s] = await tx
    .select({ id: solicitudes.id, titulo: solicitudes.titulo, incoterm: solicitudes.incoterm })
    .from(solicitudes)
    .where(eq(solicitudes.id, r.solicitudId));
  // A proposal without a published lot is sampled from its private lot (docs/decisions/039).
  const { loteId } = await loteDeRespuesta(tx, r, s, now);
  // The samples' door for a sourcing answer: the buyer's rules (profile, feedback debt, one in progress) are its.
  return solicitarMuestraDeRespuesta(
    tx,
    userId,
    {
      loteId,
      productorId: r.productorId,
      gramos: r.gramosMuestra ?? 250,
      moneda: r.moneda,
      direccionEnvio: direccion,
      solicitudId: r.solicitudId,
      solicitudTitulo: s.titulo,
      respuestaId: r.id,
    },
    now,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The producers' daily digest (the closing date is a timer of the table, ./lifecycle.ts)
// ---------------------------------------------------------------------------------------------------------

/** A producer is sent at most one digest in this long. */
export const RESUMEN_CADA_MS = 20 * 60 * 60 * 1000;

/**
 * For each producer with visible lots: the open requests published since his last digest that match one of his
 * lots, in one notification (one mail), and the digest's time recorded. Producers with nothing new get nothing.
 */
export async function enviarResumenes(db: Db, now: Date): Promise<number> {
  const abiertas = await db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.estado, 'ABIERTA'), gt(solicitudes.cierraAt, now)));
  if (!abiertas.length) return 0;
  const candidatos = await db
    .select({
      productorId: lotes.productorId,
      pais: lotes.pais,
      proceso: lotes.proceso,
      puntaje: lotes.puntaje,
      sacosDisponibles: lotes.sacosDisponibles,
      pesoSacoKg: lotes.pesoSacoKg,
      enviadoAt: resumenTable.enviadoAt,
    })
    .from(lotes)
    .leftJoin(resumenTable, eq(resumenTable.productorId, lotes.productorId))
    .where(and(eq(lotes.ocultar, false), inArray(lotes.pais, [...new Set(abiertas.flatMap((s) => s.origenes))])));
  const porProductor = new Map<string, typeof candidatos>();
  for (const c of candidatos) porProductor.set(c.productorId, [...(porProductor.get(c.productorId) ?? []), c]);
  let enviados = 0;
  for (const [productorId, ls] of porProductor) {
    const ultimo = ls[0].enviadoAt;
    if (ultimo && now.getTime() - ultimo.getTime() < RESUMEN_CADA_MS) continue;
    const nuevas = abiertas.filter(
      (s) =>
        s.compradorId !== productorId &&
        (!ultimo || (s.publicadaAt && s.publicadaAt > ultimo)) &&
        ls.some((l) => motivosCoincidencia(s, l, paisName)),
    );
    if (!nuevas.length) continue;
    await db.transaction(async (tx) => {
      // The digest's time is claimed first: two processes at once send one digest.
      const claimed = await tx
        .insert(resumenTable)
        .values({ productorId, enviadoAt: now })
        .onConflictDoUpdate({
          target: resumenTable.productorId,
          set: { enviadoAt: now },
          setWhere: sql`${resumenTable.enviadoAt} <= ${new Date(now.getTime() - RESUMEN_CADA_MS)}`,
        })
        .returning();
      if (!claimed.length) return;
      await notify(tx, {
        userId: productorId,
        tipo: 'SOLICITUDES_RESUMEN',
        n: nuevas.length,
        lista: nuevas.map((s) => `• ${s.titulo} (${cuenta(s.sacos, 'saco')})`).join('\n'),
        enlace: PAGINAS.productor.solicita(),
        entidad: 'solicitud',
        entidadId: null,
      });
      enviados++;
    });
  }
  return enviados;
}
