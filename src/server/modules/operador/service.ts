import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { OPERADOR_MESSAGES, type ResolverReporteInput } from '../../../contract/operador';
import type { ResolverReclamoInput } from '../../../contract/pedidos';
import { displayName } from '../../../contract/roles';
import type { UserRow } from '../../auth/guards';
import { DAY } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { eventos } from '../../db/schema/eventos';
import { lotes } from '../../db/schema/lotes';
import { conversaciones, mensajes, reportesConversacion } from '../../db/schema/mensajes';
import { muestras } from '../../db/schema/muestras';
import { verificacionesProductor } from '../../db/schema/operador';
import { pedidos } from '../../db/schema/pedidos';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../errors';
import { lotePublicado, publicarLotesDeProductor, ocultarLotesDeProductor, ocultarPorOperador } from '../lotes';
import { closeReporte } from '../mensajes';
import { reactivateCuenta, suspendCuenta } from '../users';
import { notify } from '../notificaciones';
import { cancelarPorOperador, listReclamos, resolverReclamo, reclamoDe } from '../pedidos';
import { getDireccionLaboratorio, setDireccionLaboratorio } from '../ajustes';
import type { DireccionLaboratorioInput } from '../../../contract/ajustes';
import { auditar } from '../auditoria';
import { PAGINAS } from '../../../contract/paginas';

/*
 * The operator's back office (issue 28, docs/decisions/045). Every action runs in one transaction with its audit
 * row; two operators taking the same action at once: one wins, the other gets 409.
 */

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const dias = (now: Date, d: Date) => Math.max(0, Math.floor((now.getTime() - d.getTime()) / DAY));

// ------------------------------------------------------------------------------------------------ cuentas

export async function searchCuentas(db: Db, q: string | undefined, limit: number) {
  const where: SQL[] = [];
  const t = q?.trim();
  if (t) {
    const like = likeOf(t);
    where.push(
      or(
        ilike(users.email, like),
        ilike(users.nombre, like),
        ilike(users.apellido, like),
        ilike(users.name, like),
        ilike(compradorPerfiles.empresa, like),
        ilike(productorPerfiles.nombre, like),
        sql`${users.informacionComercial}->>'razonSocial' ilike ${like}`,
        sql`${users.informacionComercial}->>'taxId' ilike ${like}`,
      )!,
    );
  }
  const rows = await db
    .select({
      u: users,
      empresa: compradorPerfiles.empresa,
      finca: productorPerfiles.nombre,
    })
    .from(users)
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, users.id))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, users.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(limit);
  return rows.map(({ u, empresa, finca }) => ({
    id: u.id,
    email: u.email,
    nombre: displayName(u),
    tipoUser: u.tipoUser,
    organizacion: finca ?? empresa ?? u.informacionComercial?.razonSocial ?? null,
    taxId: u.informacionComercial?.taxId ?? null,
    suspendida: u.suspendidaAt !== null,
    productorVerificado: u.productorVerificadoAt !== null,
    createdAt: u.createdAt.toISOString(),
  }));
}

async function cuentaPorId(db: DbOrTx, id: string, forUpdate = false): Promise<UserRow> {
  const q = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [u] = forUpdate ? await q.for('update') : await q;
  if (!u) throw notFound('NOT_FOUND', 'Cuenta no encontrada.');
  return u;
}

export async function detalleCuenta(db: Db, id: string) {
  const u = await cuentaPorId(db, id);
  const [perfilP] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, id)).limit(1);
  const [perfilC] = await db.select().from(compradorPerfiles).where(eq(compradorPerfiles.userId, id)).limit(1);
  const comoParte = or(eq(pedidos.compradorId, id), eq(pedidos.productorId, id));
  const susPedidos = await db
    .select({
      id: pedidos.id,
      numero: pedidos.numero,
      estado: pedidos.estado,
      totalCentavos: pedidos.totalCentavos,
      moneda: pedidos.moneda,
      compradorId: pedidos.compradorId,
      createdAt: pedidos.createdAt,
    })
    .from(pedidos)
    .where(comoParte)
    .orderBy(desc(pedidos.createdAt))
    .limit(50);
  const susLotes = await db
    .select({ id: lotes.id, nombre: lotes.nombre, codigo: lotes.codigo, status: lotes.status, ocultar: lotes.ocultar })
    .from(lotes)
    .where(eq(lotes.productorId, id))
    .orderBy(desc(lotes.createdAt))
    .limit(50);
  const [muestrasN] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(muestras)
    .where(or(eq(muestras.compradorId, id), eq(muestras.productorId, id)));
  return {
    id: u.id,
    email: u.email,
    nombre: displayName(u),
    tipoUser: u.tipoUser,
    verificado: u.verificado,
    productorVerificado: u.productorVerificadoAt !== null,
    suspendida: u.suspendidaAt !== null,
    suspendidaAt: iso(u.suspendidaAt),
    motivoSuspension: u.motivoSuspension,
    segundoFactor: u.totpAltaAt !== null,
    createdAt: u.createdAt.toISOString(),
    informacionComercial: u.informacionComercial ?? null,
    perfil: perfilP
      ? { tipo: 'PRODUCTOR', nombre: perfilP.nombre, pais: perfilP.pais, region: perfilP.region }
      : perfilC
        ? { tipo: 'COMPRADOR', nombre: perfilC.empresa, pais: perfilC.pais, region: perfilC.ciudad ?? '' }
        : null,
    pedidos: susPedidos.map((p) => ({
      ...p,
      rol: p.compradorId === id ? 'comprador' : 'productor',
      createdAt: p.createdAt.toISOString(),
    })),
    lotes: susLotes,
    muestras: muestrasN?.n ?? 0,
  };
}

/**
 * Suspends an account: every session revoked (token version), sign-in refused with the appeal text, the
 * producer's visible lots hidden (listed in the audit row, so that reactivation publishes exactly those again).
 * Open orders and samples are not touched: the counterpart keeps reading and moving them.
 */
export async function suspenderCuenta(db: Db, operador: UserRow, id: string, motivo: string, now: Date) {
  return db.transaction(async (tx) => {
    const u = await cuentaPorId(tx, id, true);
    if (u.tipoUser === 'OPERADOR') throw conflict('CONFLICT', OPERADOR_MESSAGES.NO_SUSPENDER_OPERADOR);
    if (u.suspendidaAt) throw conflict('CONFLICT', OPERADOR_MESSAGES.YA_SUSPENDIDA);
    await suspendCuenta(tx, id, motivo, now);
    const ids = await ocultarLotesDeProductor(tx, id, now);
    await auditar(
      tx,
      operador,
      {
        accion: 'CUENTA_SUSPENDER',
        entidad: 'cuenta',
        entidadId: id,
        motivo,
        antes: { suspendida: false, email: u.email },
        despues: { suspendida: true, lotesOcultados: ids },
      },
      now,
    );
    return { lotesOcultados: ids.length, tipoUser: u.tipoUser };
  });
}

export async function reactivarCuenta(db: Db, operador: UserRow, id: string, motivo: string, now: Date) {
  return db.transaction(async (tx) => {
    const u = await cuentaPorId(tx, id, true);
    if (!u.suspendidaAt) throw conflict('CONFLICT', OPERADOR_MESSAGES.NO_SUSPENDIDA);
    await reactivateCuenta(tx, id, now);
    // The lots the suspension hid, unless an operator hid one since for its own reason.
    const [suspension] = await tx
      .execute<{ despues: { lotesOcultados?: string[] } | null }>(
        sql`
      select despues from auditoria where entidad = 'cuenta' and entidad_id = ${id} and accion = 'CUENTA_SUSPENDER'
      order by n desc limit 1`,
      )
      .then((r) => r.rows);
    const ids = suspension?.despues?.lotesOcultados ?? [];
    const publicados = await publicarLotesDeProductor(tx, id, ids, now);
    await auditar(
      tx,
      operador,
      {
        accion: 'CUENTA_REACTIVAR',
        entidad: 'cuenta',
        entidadId: id,
        motivo,
        antes: { suspendida: true, motivoSuspension: u.motivoSuspension },
        despues: { suspendida: false, lotesPublicados: publicados },
      },
      now,
    );
    return { lotesPublicados: publicados.length, tipoUser: u.tipoUser };
  });
}

// ------------------------------------------------------------------------------------------------ lotes

export async function searchLotes(db: Db, q: string | undefined, limit: number) {
  const t = q?.trim();
  const like = t ? likeOf(t) : undefined;
  const rows = await db
    .select({
      id: lotes.id,
      nombre: lotes.nombre,
      codigo: lotes.codigo,
      status: lotes.status,
      ocultar: lotes.ocultar,
      motivoOcultoOperador: lotes.motivoOcultoOperador,
      productorId: lotes.productorId,
      productor: productorPerfiles.nombre,
      sacosDisponibles: lotes.sacosDisponibles,
      createdAt: lotes.createdAt,
    })
    .from(lotes)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId))
    .where(
      like
        ? or(ilike(lotes.nombre, like), ilike(lotes.codigo, like), ilike(productorPerfiles.nombre, like))
        : undefined,
    )
    .orderBy(desc(lotes.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function detalleLote(db: Db, id: string) {
  const [l] = await db
    .select({ lote: lotes, productor: productorPerfiles.nombre })
    .from(lotes)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId))
    .where(eq(lotes.id, id))
    .limit(1);
  if (!l) throw notFound('NOT_FOUND', 'Lote no encontrado.');
  const susPedidos = await db
    .select({
      id: pedidos.id,
      numero: pedidos.numero,
      estado: pedidos.estado,
      sacos: pedidos.sacos,
      totalCentavos: pedidos.totalCentavos,
      moneda: pedidos.moneda,
      createdAt: pedidos.createdAt,
    })
    .from(pedidos)
    .where(eq(pedidos.loteId, id))
    .orderBy(desc(pedidos.createdAt));
  const susMuestras = await db
    .select({ id: muestras.id, estado: muestras.estado, createdAt: muestras.createdAt })
    .from(muestras)
    .where(eq(muestras.loteId, id))
    .orderBy(desc(muestras.createdAt));
  const historial = await db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'lote'), eq(eventos.entidadId, id)))
    .orderBy(asc(eventos.n));
  return {
    id: l.lote.id,
    nombre: l.lote.nombre,
    codigo: l.lote.codigo,
    status: l.lote.status,
    ocultar: l.lote.ocultar,
    motivoOcultoOperador: l.lote.motivoOcultoOperador,
    productorId: l.lote.productorId,
    productor: l.productor,
    sacosDisponibles: l.lote.sacosDisponibles,
    sacosReservados: l.lote.sacosReservados,
    pedidos: susPedidos.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    muestras: susMuestras.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    historial: historial.map((e) => ({
      accion: e.accion,
      desde: e.desde,
      hacia: e.hacia,
      actorRol: e.actorRol,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export async function ocultarLote(db: Db, operador: UserRow, id: string, motivo: string, now: Date) {
  return db.transaction(async (tx) => {
    const [l] = await tx.select().from(lotes).where(eq(lotes.id, id)).for('update').limit(1);
    if (!l) throw notFound('NOT_FOUND', 'Lote no encontrado.');
    if (l.motivoOcultoOperador) throw conflict('CONFLICT', OPERADOR_MESSAGES.YA_OCULTO);
    await ocultarPorOperador(tx, id, { ocultar: true, motivo }, now);
    await notify(tx, {
      userId: l.productorId,
      tipo: 'LOTE_OCULTO_OPERADOR',
      lote: l.nombre,
      motivo,
      enlace: PAGINAS.productor.lotes,
    });
    await auditar(
      tx,
      operador,
      {
        accion: 'LOTE_OCULTAR',
        entidad: 'lote',
        entidadId: id,
        motivo,
        antes: { ocultar: l.ocultar },
        despues: { ocultar: true, motivoOcultoOperador: motivo },
      },
      now,
    );
  });
}

/** Unhides: the lot goes back to the visibility its producer had chosen (kept in the hide's audit row). */
export async function showLote(db: Db, operador: UserRow, id: string, motivo: string, now: Date) {
  return db.transaction(async (tx) => {
    const [l] = await tx.select().from(lotes).where(eq(lotes.id, id)).for('update').limit(1);
    if (!l) throw notFound('NOT_FOUND', 'Lote no encontrado.');
    if (!l.motivoOcultoOperador) throw conflict('CONFLICT', OPERADOR_MESSAGES.NO_OCULTO);
    const [hide] = await tx
      .execute<{ antes: { ocultar?: boolean } | null }>(
        sql`
      select antes from auditoria where entidad = 'lote' and entidad_id = ${id} and accion = 'LOTE_OCULTAR'
      order by n desc limit 1`,
      )
      .then((r) => r.rows);
    const [productor] = await tx
      .select({ suspendidaAt: users.suspendidaAt })
      .from(users)
      .where(eq(users.id, l.productorId))
      .limit(1);
    const ocultar = (hide?.antes?.ocultar ?? false) || productor?.suspendidaAt != null;
    await ocultarPorOperador(tx, id, { ocultar, motivo: null }, now);
    if (!ocultar) {
      await notify(tx, {
        userId: l.productorId,
        tipo: 'LOTE_VISIBLE_OPERADOR',
        lote: l.nombre,
        enlace: PAGINAS.productor.lotes,
      });
    }
    await auditar(
      tx,
      operador,
      {
        accion: 'LOTE_MOSTRAR',
        entidad: 'lote',
        entidadId: id,
        motivo,
        antes: { ocultar: true, motivoOcultoOperador: l.motivoOcultoOperador },
        despues: { ocultar },
      },
      now,
    );
  });
}

// ------------------------------------------------------------------------------------------------ reportes

export async function listReportes(db: Db, estado: 'ABIERTO' | 'REVISADO' | undefined, now: Date) {
  const rows = await db
    .select({
      r: reportesConversacion,
      asunto: conversaciones.asunto,
      compradorId: conversaciones.compradorId,
      productorId: conversaciones.productorId,
      reportadoPorEmail: users.email,
    })
    .from(reportesConversacion)
    .innerJoin(conversaciones, eq(conversaciones.id, reportesConversacion.conversacionId))
    .leftJoin(users, eq(users.id, reportesConversacion.reportadoPor))
    .where(estado ? eq(reportesConversacion.estado, estado) : undefined)
    .orderBy(asc(reportesConversacion.createdAt))
    .limit(200);
  return rows.map(({ r, ...c }) => ({
    id: r.id,
    conversacionId: r.conversacionId,
    asunto: c.asunto,
    motivo: r.motivo,
    estado: r.estado,
    reportadoPor: c.reportadoPorEmail,
    createdAt: r.createdAt.toISOString(),
    diasAbierto: dias(now, r.createdAt),
  }));
}

async function reportePorId(db: DbOrTx, id: string) {
  const [r] = await db.select().from(reportesConversacion).where(eq(reportesConversacion.id, id)).limit(1);
  if (!r) throw notFound('NOT_FOUND', 'Reporte no encontrado.');
  return r;
}

/** Reads the reported thread (only a reported one): the reading itself is an audited action. */
export async function readReporte(db: Db, operador: UserRow, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const r = await reportePorId(tx, id);
    const [c] = await tx.select().from(conversaciones).where(eq(conversaciones.id, r.conversacionId)).limit(1);
    if (!c) throw notFound('NOT_FOUND', 'Conversación no encontrada.');
    const partes = await tx
      .select({ id: users.id, email: users.email, nombre: users.nombre, apellido: users.apellido, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          [c.compradorId, c.productorId].filter((x): x is string => !!x),
        ),
      );
    const hilo = await tx
      .select({
        id: mensajes.id,
        numero: mensajes.numero,
        autorId: mensajes.autorId,
        texto: mensajes.texto,
        createdAt: mensajes.createdAt,
      })
      .from(mensajes)
      .where(eq(mensajes.conversacionId, c.id))
      .orderBy(asc(mensajes.numero));
    await auditar(
      tx,
      operador,
      {
        accion: 'REPORTE_LEER',
        entidad: 'reporte',
        entidadId: id,
        motivo: `Lectura de la conversación reportada: ${r.motivo}`.slice(0, 1000),
        antes: null,
        despues: { conversacionId: c.id, mensajes: hilo.length },
      },
      now,
    );
    const nombre = (uid: string | null) => {
      const p = partes.find((x) => x.id === uid);
      return p ? displayName({ ...p, email: p.email }) : 'Cuenta eliminada';
    };
    return {
      id: r.id,
      estado: r.estado,
      motivo: r.motivo,
      mensajeId: r.mensajeId,
      asunto: c.asunto,
      partes: [
        { id: c.compradorId, rol: 'comprador', nombre: nombre(c.compradorId) },
        { id: c.productorId, rol: 'productor', nombre: nombre(c.productorId) },
      ].filter((p): p is { id: string; rol: string; nombre: string } => p.id !== null),
      mensajes: hilo.map((m) => ({
        id: m.id,
        numero: m.numero,
        autor: nombre(m.autorId),
        texto: m.texto,
        reportado: m.id === r.mensajeId,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
}

export async function resolverReporte(db: Db, operador: UserRow, id: string, input: ResolverReporteInput, now: Date) {
  return db
    .transaction(async (tx) => {
      const r = await reportePorId(tx, id);
      const [c] = await tx.select().from(conversaciones).where(eq(conversaciones.id, r.conversacionId)).limit(1);
      if (input.resolucion !== 'DESESTIMAR') {
        if (!c || (input.cuentaId !== c.compradorId && input.cuentaId !== c.productorId)) {
          throw badRequest('VALIDATION_ERROR', OPERADOR_MESSAGES.PARTE_AJENA);
        }
      }
      // One row, one winner: the second operator finds it REVISADO and gets 409.
      if (!(await closeReporte(tx, id))) throw conflict('CONFLICT', OPERADOR_MESSAGES.REPORTE_YA_RESUELTO);
      await auditar(
        tx,
        operador,
        {
          accion: `REPORTE_${input.resolucion}`,
          entidad: 'reporte',
          entidadId: id,
          motivo: input.motivo,
          antes: { estado: 'ABIERTO' },
          despues: { estado: 'REVISADO', resolucion: input.resolucion, cuentaId: input.cuentaId ?? null },
        },
        now,
      );
      if (input.resolucion === 'ADVERTIR') {
        await notify(tx, { userId: input.cuentaId!, tipo: 'AVISO_OPERADOR', motivo: input.motivo });
      }
      return { cuentaId: input.cuentaId ?? null };
    })
    .then(async (out) => {
      // Suspension is its own audited action (its own row), taken after the report is settled.
      if (input.resolucion === 'SUSPENDER' && out.cuentaId) {
        const [u] = await db.select({ s: users.suspendidaAt }).from(users).where(eq(users.id, out.cuentaId)).limit(1);
        if (u && !u.s) await suspenderCuenta(db, operador, out.cuentaId, input.motivo, now);
      }
    });
}

// ------------------------------------------------------------------------------------------------ reclamos y pedidos

export async function listReclamosOperador(db: Db, now: Date) {
  const abiertos = await listReclamos(db, now);
  return abiertos.map((r) => ({ ...r, abiertoAt: r.abiertoAt.toISOString() }));
}

/** The same service as `npm run reclamos` (modules/pedidos/reclamos.ts), with the audit row in its transaction. */
export async function resolverReclamoOperador(
  db: Db,
  operador: UserRow,
  numero: string,
  input: ResolverReclamoInput,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const row = await resolverReclamo(tx, numero, input, now);
    await auditar(
      tx,
      operador,
      {
        accion: `RECLAMO_${input.resolucion}`,
        entidad: 'pedido',
        entidadId: row.id,
        motivo: input.motivo?.trim() || 'Sin motivo escrito.',
        antes: { estado: 'EN_RECLAMO', numero: row.numero },
        despues: {
          estado: row.estado,
          resolucion: input.resolucion,
          ...(input.resolucion === 'DESCUENTO' ? { descuentoCentavos: input.importe } : {}),
        },
      },
      now,
    );
    return row;
  });
}

/** A claim as the operator decides it: the order, both parties' contributions (evidence, cupping) and the timeline. */
export async function detalleReclamo(db: Db, id: string) {
  const pedido = await detallePedido(db, id);
  const aportes = await reclamoDe(db, id, 'operador');
  return { pedido, reclamo: aportes.reclamo, respuesta: aportes.respuesta };
}

export async function cancelarPedidoOperador(db: Db, operador: UserRow, id: string, motivo: string, now: Date) {
  const [p] = await db
    .select({ numero: pedidos.numero, estado: pedidos.estado })
    .from(pedidos)
    .where(eq(pedidos.id, id));
  if (!p) throw notFound('NOT_FOUND', 'Pedido no encontrado.');
  return db.transaction(async (tx) => {
    const row = await cancelarPorOperador(tx, p.numero, motivo, now);
    await auditar(
      tx,
      operador,
      {
        accion: 'PEDIDO_CANCELAR',
        entidad: 'pedido',
        entidadId: id,
        motivo,
        antes: { estado: p.estado, numero: p.numero },
        despues: { estado: row.estado },
      },
      now,
    );
    return row;
  });
}

export async function searchPedidos(db: Db, q: string | undefined, estado: string | undefined, limit: number) {
  const where: SQL[] = [];
  const t = q?.trim();
  if (t) {
    const like = likeOf(t);
    where.push(
      or(
        ilike(pedidos.numero, like),
        sql`${pedidos.terminos}->>'compradorEmpresa' ilike ${like}`,
        sql`${pedidos.terminos}->>'productorNombre' ilike ${like}`,
        sql`${pedidos.terminos}->>'loteNombre' ilike ${like}`,
      )!,
    );
  }
  if (estado) where.push(eq(pedidos.estado, estado as never));
  const rows = await db
    .select()
    .from(pedidos)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(pedidos.createdAt))
    .limit(limit);
  return rows.map((p) => ({
    id: p.id,
    numero: p.numero,
    estado: p.estado,
    estadoPago: p.estadoPago,
    comprador: p.terminos.partes?.comprador.razonSocial ?? p.terminos.compradorEmpresa,
    productor: p.terminos.partes?.productor.razonSocial ?? p.terminos.productorNombre,
    sacos: p.sacos,
    totalCentavos: p.totalCentavos,
    moneda: p.moneda,
    motivoReclamo: p.motivoReclamo,
    createdAt: p.createdAt.toISOString(),
  }));
}

export async function detallePedido(db: Db, id: string) {
  const [p] = await db.select().from(pedidos).where(eq(pedidos.id, id)).limit(1);
  if (!p) throw notFound('NOT_FOUND', 'Pedido no encontrado.');
  const historial = await db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'pedido'), eq(eventos.entidadId, id)))
    .orderBy(asc(eventos.n));
  return {
    id: p.id,
    numero: p.numero,
    estado: p.estado,
    estadoPago: p.estadoPago,
    comprador: p.terminos.partes?.comprador.razonSocial ?? p.terminos.compradorEmpresa,
    productor: p.terminos.partes?.productor.razonSocial ?? p.terminos.productorNombre,
    compradorId: p.compradorId,
    productorId: p.productorId,
    loteId: p.loteId,
    sacos: p.sacos,
    totalCentavos: p.totalCentavos,
    moneda: p.moneda,
    motivoReclamo: p.motivoReclamo,
    // Both parties' words on the claim, as the order's timeline recorded them.
    historial: historial.map((e) => ({
      accion: e.accion,
      desde: e.desde,
      hacia: e.hacia,
      actorRol: e.actorRol,
      datos: e.datos,
      createdAt: e.createdAt.toISOString(),
    })),
    createdAt: p.createdAt.toISOString(),
  };
}

// ------------------------------------------------------------------------------------------------ laboratorio

export async function resumenLaboratorio(db: Db, now: Date) {
  const cuentas = await db
    .select({
      id: users.id,
      email: users.email,
      nombre: users.name,
      suspendidaAt: users.suspendidaAt,
      alta: users.totpAltaAt,
    })
    .from(users)
    .where(eq(users.tipoUser, 'LABORATORIO'))
    .orderBy(asc(users.createdAt));
  const cola = await db
    .select({
      id: lotes.id,
      nombre: lotes.nombre,
      codigo: lotes.codigo,
      status: lotes.status,
      updatedAt: lotes.updatedAt,
    })
    .from(lotes)
    .where(and(inArray(lotes.status, ['POR_ENVIAR', 'EN_REVISION']), isNotNull(lotes.envioLaboratorio)))
    .orderBy(asc(lotes.updatedAt))
    .limit(200);
  return {
    cuentas: cuentas.map((c) => ({
      id: c.id,
      email: c.email,
      nombre: c.nombre,
      activa: c.suspendidaAt === null,
      segundoFactor: c.alta !== null,
    })),
    cola: cola.map((l) => ({ ...l, updatedAt: l.updatedAt.toISOString(), dias: dias(now, l.updatedAt) })),
  };
}

export const direccionLaboratorio = (db: Db) => getDireccionLaboratorio(db);

/** The lab's address producers ship their reference samples to: changed with its audit row, before and after. */
export async function changeDireccionLaboratorio(
  db: Db,
  operador: UserRow,
  input: DireccionLaboratorioInput,
  motivo: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    // One change at a time: the row is locked so that the audit's "before" is what this change replaced.
    await tx.execute(sql`select 1 from ajustes where clave = 'direccionLaboratorio' for update`);
    const antes = await getDireccionLaboratorio(tx);
    const despues = await setDireccionLaboratorio(tx, input, now);
    await auditar(
      tx,
      operador,
      {
        accion: 'LABORATORIO_DIRECCION',
        entidad: 'ajuste',
        entidadId: 'direccionLaboratorio',
        motivo,
        antes: { ...antes },
        despues: { ...despues },
      },
      now,
    );
    return despues;
  });
}

// ------------------------------------------------------------------------------------------------ resumen

export async function resumen(db: Db, now: Date) {
  const reclamos = await listReclamos(db, now);
  const reportes = await db
    .select({ createdAt: reportesConversacion.createdAt })
    .from(reportesConversacion)
    .where(eq(reportesConversacion.estado, 'ABIERTO'))
    .orderBy(asc(reportesConversacion.createdAt));
  const lab = await db
    .select({ updatedAt: lotes.updatedAt })
    .from(lotes)
    .where(and(inArray(lotes.status, ['POR_ENVIAR', 'EN_REVISION']), isNotNull(lotes.envioLaboratorio)))
    .orderBy(asc(lotes.updatedAt));
  const [verif] = await db
    .select({
      n: sql<number>`count(*)::int`,
      desde: sql<string | null>`min(${verificacionesProductor.createdAt})::text`,
    })
    .from(verificacionesProductor)
    .where(eq(verificacionesProductor.estado, 'ENVIADA'));
  const [vencidos] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pedidos)
    .where(eq(pedidos.estadoPago, 'VENCIDO' as never));
  const masViejo = (ds: Date[]) => (ds.length ? dias(now, ds[0]) : null);

  // The last twelve calendar months (UTC), this one included: every series has a value for each of them.
  const meses = Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
  const desde = new Date(`${meses[0]}-01T00:00:00Z`);
  const mes = (col: SQL | unknown) => sql<string>`to_char(date_trunc('month', ${col} at time zone 'UTC'), 'YYYY-MM')`;
  const pedidosMes = await db
    .select({
      mes: mes(pedidos.createdAt),
      moneda: pedidos.moneda,
      estado: pedidos.estado,
      n: sql<number>`count(*)::int`,
      kg: sql<string>`sum(${pedidos.kg})::text`,
      valor: sql<string>`sum(${pedidos.totalCentavos})::text`,
    })
    .from(pedidos)
    .where(sql`${pedidos.createdAt} >= ${desde}`)
    .groupBy(sql`1`, pedidos.moneda, pedidos.estado)
    .orderBy(sql`1`, pedidos.moneda, pedidos.estado);
  // Samples by the month they were asked for (a cohort): of those, how many were shipped and how many cupped.
  const muestrasMes = await db
    .select({
      mes: mes(muestras.createdAt),
      solicitadas: sql<number>`count(*)::int`,
      enviadas: sql<number>`count(*) filter (where ${muestras.enviadaAt} is not null)::int`,
      catadas: sql<number>`count(*) filter (where ${muestras.estado} = 'CATADA')::int`,
    })
    .from(muestras)
    .where(sql`${muestras.createdAt} >= ${desde}`)
    .groupBy(sql`1`);
  const altasMes = await db
    .select({
      mes: mes(users.createdAt),
      compradores: sql<number>`count(*) filter (where ${users.tipoUser} = 'COMPRADOR')::int`,
      productores: sql<number>`count(*) filter (where ${users.tipoUser} = 'PRODUCTOR')::int`,
    })
    .from(users)
    .where(sql`${users.createdAt} >= ${desde}`)
    .groupBy(sql`1`);
  const lotesMes = await db
    .select({ mes: mes(lotes.createdAt), n: sql<number>`count(*)::int` })
    .from(lotes)
    .where(sql`${lotes.createdAt} >= ${desde}`)
    .groupBy(sql`1`);
  // Active: published now, as the catalogue and the home page count it.
  const [activos] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lotes)
    .where(lotePublicado());
  const porMes = <T extends { mes: string }>(rows: T[], vacio: Omit<T, 'mes'>): T[] =>
    meses.map((m) => rows.find((r) => r.mes === m) ?? ({ ...vacio, mes: m } as T));

  return {
    pendientes: {
      reclamos: { n: reclamos.length, diasMasAntiguo: reclamos.length ? reclamos[0].diasAbierto : null },
      reportes: { n: reportes.length, diasMasAntiguo: masViejo(reportes.map((r) => r.createdAt)) },
      laboratorio: { n: lab.length, diasMasAntiguo: masViejo(lab.map((l) => l.updatedAt)) },
      verificaciones: {
        n: verif?.n ?? 0,
        diasMasAntiguo: verif?.desde ? dias(now, new Date(verif.desde)) : null,
      },
      pagosVencidos: { n: vencidos?.n ?? 0 },
    },
    cifras: {
      meses,
      monedas: [...new Set(pedidosMes.map((r) => r.moneda))].sort(),
      pedidos: pedidosMes.map(({ valor, kg, ...r }) => ({ ...r, kg: Number(kg), valorCentavos: Number(valor) })),
      muestras: porMes(muestrasMes, { solicitadas: 0, enviadas: 0, catadas: 0 }).map((m) => ({
        ...m,
        tasaCata: m.enviadas ? Math.round((m.catadas / m.enviadas) * 100) : null,
      })),
      altas: porMes(altasMes, { compradores: 0, productores: 0 }),
      lotesNuevos: porMes(lotesMes, { n: 0 }),
      lotesActivos: activos?.n ?? 0,
    },
  };
}
