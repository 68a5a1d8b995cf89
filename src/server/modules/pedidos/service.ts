import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ESTADOS_CERRADOS,
  PEDIDO_MESSAGES,
  PLAZOS_PEDIDO,
  aCentavos,
  kgDe,
  numeroPedido,
  totalCentavos,
  type AccionPedido,
  type DocumentoPedido,
  type EstadoPedido,
  type EventoPedido,
  type Pedido,
  type PedidoAccion,
  type PedidoInput,
  type PedidosQuery,
  type Resena,
  type ResenaInput,
  type TerminosPedido,
} from '../../../contract/pedidos';
import { ESTADOS_PAGABLES, PedidoInputSchema, ResenaInputSchema, formatoDinero } from '../../../contract/pedidos';
import { faltantesInformacionComercial } from '../../../contract/auth';
import { displayName } from '../../../contract/roles';
import { lugarDelComprador } from '../../../contract/lotes-codes';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { eventos } from '../../db/schema/eventos';
import { lotes } from '../../db/schema/lotes';
import { catas, muestras } from '../../db/schema/muestras';
import { pedidoDocumentos, pedidoResenas, pedidos } from '../../db/schema/pedidos';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import { DAY } from '../../clock';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { alPagar } from './al-embarcar';
import { createReferenciaRf } from '../../lib/iso20022/rf';
import { allowedActions, eventoInsert, transition, writeEvento, SISTEMA } from '../../lib/lifecycle';
import { pagination } from '../../lib/pagination';
import { notify } from '../notificaciones';
import { reservarSacos } from '../lotes';
import { facturasDePedido } from '../facturas';
import { instantaneaEudr } from '../eudr';
import type { UserRow } from '../../auth/guards';
import { PEDIDO_LIFECYCLE, avisar, enlacePedido, type PedidoRow, type RolPedido } from './lifecycle';
import { bloquearPartes } from './partes';
import { reclamoDe } from './reclamo-aportes';
import { PAGINAS } from '../../../contract/paginas';

const comprador = alias(users, 'comprador');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function selectPedidos(db: DbOrTx) {
  return db
    .select({
      p: pedidos,
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
        informacionComercial: comprador.informacionComercial,
      },
      productor: { nombre: productorPerfiles.nombre },
    })
    .from(pedidos)
    .innerJoin(lotes, eq(lotes.id, pedidos.loteId))
    .innerJoin(comprador, eq(comprador.id, pedidos.compradorId))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, pedidos.compradorId))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, pedidos.productorId));
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectPedidos>['execute']>>[number];

/** The moves the viewer may ask for now: the table's (without the timers'), and the payment axis's. */
export function accionesDe(p: PedidoRow, rol: RolPedido): AccionPedido[] {
  const out = allowedActions(PEDIDO_LIFECYCLE, p.estado, rol).filter((a): a is AccionPedido =>
    (
      [
        'CONFIRMAR',
        'CANCELAR',
        'PEDIR_CANCELACION',
        'ENVIAR_PSS',
        'APROBAR_PSS',
        'RECHAZAR_PSS',
        'EMBARCAR',
        'RECIBIR',
        'ABRIR_RECLAMO',
      ] as string[]
    ).includes(a),
  );
  // Buttons the guards would refuse are not shown either.
  const visibles = out.filter((a) => {
    if (a === 'CANCELAR' && p.estado !== 'RESERVADO') return !!p.cancelacionPedidaPor && p.cancelacionPedidaPor !== rol;
    if (a === 'PEDIR_CANCELACION') return p.cancelacionPedidaPor === null;
    if (a === 'ENVIAR_PSS')
      return p.condicionMuestra === 'SUJETO_A_APROBACION_PSS' && p.pssEnvios < PLAZOS_PEDIDO.maxEnviosPss;
    if (a === 'EMBARCAR') return p.estado === 'PSS_APROBADA' || p.condicionMuestra === 'SIN_MUESTRA';
    return true;
  });
  if (
    rol === 'productor' &&
    p.cobro === 'DIRECTO' &&
    p.estadoPago !== 'PAGADO' &&
    ESTADOS_PAGABLES.includes(p.estado)
  ) {
    visibles.push('REGISTRAR_PAGO');
  }
  return visibles;
}

function toPedido(r: Selected, rol: RolPedido, resenado = false): Pedido {
  const p = r.p;
  return {
    id: p.id,
    numero: p.numero,
    estado: p.estado,
    estadoPago: p.estadoPago,
    lote: r.lote,
    compradorId: p.compradorId,
    productorId: p.productorId,
    comprador: { nombre: displayName(r.comprador), empresa: r.comprador.empresa ?? null },
    productor: { nombre: r.productor?.nombre ?? p.terminos.productorNombre },
    sacos: p.sacos,
    pesoSacoKg: p.pesoSacoKg,
    kg: p.kg,
    precioKgCentavos: p.precioKgCentavos,
    totalCentavos: p.totalCentavos,
    moneda: p.moneda,
    incoterm: p.incoterm,
    lugarEntrega: p.lugarEntrega,
    desglosePrecio: p.desglosePrecio,
    condicionPago: p.condicionPago,
    cobro: p.cobro,
    ventanaEmbarque: p.ventanaEmbarque,
    condicionMuestra: p.condicionMuestra,
    terminos: p.terminos,
    venceAt: iso(p.venceAt),
    pagoVenceAt: iso(p.pagoVenceAt),
    pagadoAt: iso(p.pagadoAt),
    confirmadoAt: iso(p.confirmadoAt),
    pssMuestraId: p.pssMuestraId,
    pssEnvios: p.pssEnvios,
    naviera: p.naviera,
    contenedor: p.contenedor,
    conocimientoEmbarque: p.conocimientoEmbarque,
    etd: iso(p.etd),
    eta: iso(p.eta),
    embarcadoAt: iso(p.embarcadoAt),
    dds:
      p.ddsReferencia && p.ddsVerificacion && p.ddsRegistradoAt
        ? {
            referencia: p.ddsReferencia,
            verificacion: p.ddsVerificacion,
            registradaAt: p.ddsRegistradoAt.toISOString(),
          }
        : null,
    entregadoAt: iso(p.entregadoAt),
    reclamoHasta: iso(p.reclamoHasta),
    motivoCancelacion: p.motivoCancelacion,
    cancelacionPedidaPor: p.cancelacionPedidaPor,
    motivoReclamo: p.motivoReclamo,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    rol,
    acciones: accionesDe(p, rol),
    puedeResenar: p.estado === 'COMPLETADO' && !resenado,
    // A reservation the producer cannot confirm yet: what the buyer's InformacionComercial lacks (issue 25 §3).
    faltaDatosComprador:
      p.estado === 'RESERVADO' ? faltantesInformacionComercial(r.comprador.informacionComercial) : [],
  };
}

const partyOf = (userId: string) => or(eq(pedidos.compradorId, userId), eq(pedidos.productorId, userId));

/** An order its viewer is a party of; anyone else gets the 404 of a missing one. */
async function loadFor(db: DbOrTx, userId: string, id: string): Promise<{ pedido: Pedido; row: PedidoRow }> {
  const [r] = await selectPedidos(db)
    .where(and(eq(pedidos.id, id), partyOf(userId)))
    .limit(1);
  if (!r) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.NOT_FOUND);
  const rol = PEDIDO_LIFECYCLE.roleOf(r.p, userId)!;
  const [mia] = await db
    .select({ id: pedidoResenas.id })
    .from(pedidoResenas)
    .where(and(eq(pedidoResenas.pedidoId, id), eq(pedidoResenas.autorId, userId)))
    .limit(1);
  return { pedido: toPedido(r, rol, !!mia), row: r.p };
}

// ---------------------------------------------------------------------------------------------------------
// RESERVAR: the creating move
// ---------------------------------------------------------------------------------------------------------

/**
 * A buyer reserves bags of a lot (docs/TRADE.md "Orders as contracts"): one conditional UPDATE takes the bags
 * only if enough remain (and at least the lot's minimum), then the order is inserted with every term copied from
 * the lot, its event written and the producer notified — all in the caller's transaction (the Idempotency-Key's).
 */
/**
 * Terms agreed elsewhere than the lot's page: an accepted answer to a sourcing request (modules/solicitudes)
 * reserves on the producer's proposal, so the order is inserted with them and its RESERVAR event records the
 * total the buyer accepted. `loteOculto` lets it reserve the private lot made for a proposal without a published
 * lot (docs/decisions/039).
 */
export interface TerminosPropuestos {
  precioKgCentavos: number;
  ventanaEmbarque: string;
  solicitudId: string;
  planLineaId: string | null;
  loteOculto?: boolean;
}

export async function reservarPedido(
  tx: Tx,
  user: UserRow,
  body: PedidoInput,
  now: Date,
  propuesta?: TerminosPropuestos,
): Promise<Pedido> {
  if (!user.perfilBase) throw forbidden('PROFILE_REQUIRED', PEDIDO_MESSAGES.PERFIL_REQUERIDO);
  const input = PedidoInputSchema.parse(body);
  await bloquearPartes(tx, user.id, input.loteId);
  const lote = await reservarSacos(tx, input.loteId, input.sacos, now, { oculto: propuesta?.loteOculto ?? false });
  if (lote.productorId === user.id) throw conflict('CONFLICT', PEDIDO_MESSAGES.PROPIO_LOTE);
  // The agreed place: the buyer's for DAP (never the origin in his stead), the lot's for EXW/FCA/FOB by default.
  if (lugarDelComprador(lote.incoterm) && !input.lugarEntrega) {
    throw badRequest('VALIDATION_ERROR', PEDIDO_MESSAGES.lugarRequerido(lote.incoterm));
  }

  // One round trip while the lot's row is locked: both profiles' names, the producer's notification preferences
  // and the order's number (taken only once the bags are, so a refusal spends no number).
  const productor = alias(users, 'productor');
  const [perfiles] = await tx
    .select({
      productor: productorPerfiles.nombre,
      empresa: compradorPerfiles.empresa,
      preferencias: productor.notificaciones,
      n: sql<number>`nextval('pedidos_numero_seq')::int`.mapWith(Number),
    })
    .from(users)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lote.productorId))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, user.id))
    .leftJoin(productor, eq(productor.id, lote.productorId))
    .where(eq(users.id, user.id))
    .limit(1);
  const precioKgCentavos = propuesta?.precioKgCentavos ?? aCentavos(lote.precioKg);
  const kg = kgDe(input.sacos, lote.pesoSacoKg);
  const terminos: TerminosPedido = {
    lote: {
      nombre: lote.nombre,
      codigo: lote.codigo,
      pais: lote.pais,
      region: lote.region,
      finca: lote.finca,
      variedades: lote.variedades,
      proceso: lote.proceso,
      cosecha: lote.cosecha,
    },
    fincas: lote.finca ? [lote.finca] : [],
    calidad: {
      puntaje: lote.puntaje,
      humedad: lote.humedad,
      zaranda: lote.zaranda,
      defectos: null,
    },
    productorNombre: perfiles?.productor ?? 'Productor',
    compradorEmpresa: perfiles?.empresa || displayName(user),
  };
  const numero = numeroPedido(now.getUTCFullYear(), perfiles.n);
  // The plots and period the buyer is buying, kept with the order (decision 068), read under the lot's row lock.
  const eudr = await instantaneaEudr(tx, lote.id, now, {
    productorId: lote.productorId,
    cosechaInicio: lote.cosechaInicio,
    cosechaFin: lote.cosechaFin,
    organizacion: perfiles.productor,
  });
  // The order's id is chosen here so that its RESERVAR event is written by the same statement (a data-modifying
  // WITH: one statement fewer on the way of every reservation, issue 33); both commit or neither.
  const id = randomUUID();
  const total = totalCentavos(precioKgCentavos, kg);
  const evento = tx.$with('evento').as(
    eventoInsert(tx, {
      entidad: PEDIDO_LIFECYCLE.entidad,
      entidadId: id,
      accion: 'RESERVAR',
      desde: null,
      hacia: 'RESERVADO',
      actor: { userId: user.id },
      actorRol: 'comprador',
      datos: { sacos: input.sacos, totalCentavos: total, moneda: lote.moneda },
      at: now,
    }),
  );
  const [row] = await tx
    .with(evento)
    .insert(pedidos)
    .values({
      id,
      numero,
      cobro: input.cobro,
      // Every order gets its reference (its number, letters and digits): a direct one may never use it.
      referenciaCobro: createReferenciaRf(numero.replace(/[^A-Za-z0-9]/g, '').slice(-21)),
      loteId: lote.id,
      compradorId: user.id,
      productorId: lote.productorId,
      sacos: input.sacos,
      pesoSacoKg: lote.pesoSacoKg,
      kg,
      precioKgCentavos,
      totalCentavos: total,
      moneda: lote.moneda,
      incoterm: lote.incoterm,
      lugarEntrega: input.lugarEntrega ?? `${lote.region}, ${lote.pais}`,
      desglosePrecio: lote.desglosePrecio
        ? {
            precioFincaCentavos: aCentavos(lote.desglosePrecio.precioFinca),
            costosExportacionCentavos: aCentavos(lote.desglosePrecio.costosExportacion),
            comisionPlataformaCentavos: aCentavos(lote.desglosePrecio.comisionPlataforma),
          }
        : null,
      condicionPago: input.condicionPago,
      ventanaEmbarque: propuesta?.ventanaEmbarque ?? lote.ventanaEmbarque,
      condicionMuestra: input.condicionMuestra,
      solicitudId: propuesta?.solicitudId ?? null,
      planLineaId: propuesta?.planLineaId ?? null,
      terminos,
      eudr,
      estado: 'RESERVADO',
      venceAt: new Date(now.getTime() + PLAZOS_PEDIDO.confirmacionHoras * 3600_000),
      recordatorioAt: new Date(
        now.getTime() + (PLAZOS_PEDIDO.confirmacionHoras - PLAZOS_PEDIDO.recordatorioConfirmacionHoras) * 3600_000,
      ),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await notify(
    tx,
    {
      userId: row.productorId,
      tipo: 'PEDIDO_RESERVADO',
      numero: row.numero,
      lote: terminos.lote.nombre,
      comprador: terminos.compradorEmpresa,
      sacos: row.sacos,
      enlace: enlacePedido(row, 'productor'),
      entidad: 'pedido',
      entidadId: row.id,
    },
    { preferencias: perfiles.preferencias ?? undefined },
  );
  await avisarEsperaDatos(tx, row, terminos.lote.nombre, user.informacionComercial, user.notificaciones);
  // What loadFor would read back, from what this transaction holds: the order just written, its lot, both parties.
  return toPedido(
    {
      p: row,
      lote: { id: lote.id, nombre: lote.nombre, codigo: lote.codigo, pais: lote.pais, retirado: false },
      comprador: {
        nombre: user.nombre,
        apellido: user.apellido,
        name: user.name,
        email: user.email,
        empresa: perfiles.empresa,
        informacionComercial: user.informacionComercial,
      },
      productor: perfiles.productor === null ? null : { nombre: perfiles.productor },
    },
    'comprador',
  );
}

/**
 * The buyer is told when a confirmation waits on his InformacionComercial (issue 25 §3): at reservation, and
 * again when the producer tries to confirm. The link opens the page that completes it.
 */
async function avisarEsperaDatos(
  tx: DbOrTx,
  row: Pick<PedidoRow, 'id' | 'numero' | 'compradorId'>,
  lote: string,
  info: UserRow['informacionComercial'],
  /** The buyer's preferences, when the caller holds his row (the reservation: one statement fewer). */
  preferencias?: UserRow['notificaciones'],
) {
  const faltan = faltantesInformacionComercial(info);
  if (!faltan.length) return;
  await notify(
    tx,
    {
      userId: row.compradorId,
      tipo: 'PEDIDO_ESPERA_DATOS',
      numero: row.numero,
      lote,
      faltan: faltan.join(', '),
      enlace: PAGINAS.comprador.informacionComercial,
      entidad: 'pedido',
      entidadId: row.id,
    },
    { preferencias: preferencias ?? undefined },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

export async function listPedidos(db: Db, user: UserRow, query: PedidosQuery) {
  const rol: RolPedido = query.rol ?? (user.tipoUser === 'PRODUCTOR' ? 'productor' : 'comprador');
  const conds: SQL[] = [rol === 'comprador' ? eq(pedidos.compradorId, user.id) : eq(pedidos.productorId, user.id)];
  if (query.estado) conds.push(eq(pedidos.estado, query.estado));
  if (query.loteId) conds.push(eq(pedidos.loteId, query.loteId));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(pedidos).where(where);
  const rows = await selectPedidos(db)
    .where(where)
    .orderBy(desc(pedidos.updatedAt), desc(pedidos.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const resenados = new Set(
    rows.length
      ? (
          await db
            .select({ id: pedidoResenas.pedidoId })
            .from(pedidoResenas)
            .where(
              and(
                eq(pedidoResenas.autorId, user.id),
                inArray(
                  pedidoResenas.pedidoId,
                  rows.map((r) => r.p.id),
                ),
              ),
            )
        ).map((r) => r.id)
      : [],
  );
  return {
    pedidos: rows.map((r) => toPedido(r, rol, resenados.has(r.p.id))),
    pagination: pagination(query.page, query.limit, total),
  };
}

const documentoUrl = (pedidoId: string, id: string) => `/api/pedidos/${pedidoId}/documentos/${id}`;

export async function getPedido(db: Db, userId: string, id: string, now: Date) {
  const { pedido, row } = await loadFor(db, userId, id);
  const evs = await db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, PEDIDO_LIFECYCLE.entidad), eq(eventos.entidadId, id)))
    .orderBy(asc(eventos.n));
  const docs = await db
    .select({
      id: pedidoDocumentos.id,
      tipo: pedidoDocumentos.tipo,
      nombre: pedidoDocumentos.nombre,
      bytes: pedidoDocumentos.bytes,
      createdAt: pedidoDocumentos.createdAt,
    })
    .from(pedidoDocumentos)
    .where(eq(pedidoDocumentos.pedidoId, id))
    .orderBy(asc(pedidoDocumentos.createdAt));
  let pss: { id: string; estado: string; puntajeTotal: number | null } | null = null;
  if (row.pssMuestraId) {
    const [m] = await db
      .select({ id: muestras.id, estado: muestras.estado, puntajeTotal: catas.puntajeTotal })
      .from(muestras)
      .leftJoin(catas, eq(catas.muestraId, muestras.id))
      .where(eq(muestras.id, row.pssMuestraId))
      .limit(1);
    pss = m ? { id: m.id, estado: m.estado, puntajeTotal: m.puntajeTotal ?? null } : null;
  }
  const resenas = await resenasDePedido(db, userId, id, now);
  const reclamo = row.estado === 'EN_RECLAMO' || row.motivoReclamo ? await reclamoDe(db, id, { userId }) : null;
  const suyas = row.embarcadoAt ? await facturasDePedido(db, userId, id, now) : [];
  return {
    pedido,
    eventos: evs.map((e): EventoPedido => ({
      id: e.id,
      accion: e.accion,
      desde: e.desde,
      hacia: e.hacia,
      actor: e.actorRol as EventoPedido['actor'],
      datos: e.datos,
      createdAt: e.createdAt.toISOString(),
    })),
    documentos: docs.map((d): DocumentoPedido => ({
      ...d,
      url: documentoUrl(id, d.id),
      createdAt: d.createdAt.toISOString(),
    })),
    facturas: suyas,
    resenas,
    pss,
    reclamo,
  };
}

/** A document of the order, for its parties only (404 for anyone else): the bytes or the stored upload's URL. */
export async function getDocumento(db: Db, userId: string, pedidoId: string, docId: string) {
  await loadFor(db, userId, pedidoId);
  const [doc] = await db
    .select()
    .from(pedidoDocumentos)
    .where(and(eq(pedidoDocumentos.id, docId), eq(pedidoDocumentos.pedidoId, pedidoId)))
    .limit(1);
  if (!doc) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.DOCUMENTO_NOT_FOUND);
  return doc;
}

// ---------------------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------------------

export async function movePedido(db: Db, userId: string, id: string, body: PedidoAccion, now: Date) {
  const { accion, desde, ...input } = body;
  if (accion === 'REGISTRAR_PAGO') {
    await registrarPago(db, userId, id, now, desde);
  } else {
    try {
      await transition(db, PEDIDO_LIFECYCLE, { id, action: accion, actor: { userId }, input, now, desde });
    } catch (err) {
      // The producer pressed "Confirmar" and the buyer's data is what is missing: the refusal rolled back, so
      // the buyer is told in a transaction of its own.
      if (accion === 'CONFIRMAR' && err instanceof HttpError && err.statusCode === 409) {
        const [r] = await selectPedidos(db).where(eq(pedidos.id, id)).limit(1);
        if (r && r.p.productorId === userId && r.p.estado === 'RESERVADO') {
          await avisarEsperaDatos(db, r.p, r.lote.nombre, r.comprador.informacionComercial);
        }
      }
      throw err;
    }
  }
  return (await loadFor(db, userId, id)).pedido;
}

/**
 * The payment axis (PENDIENTE, VENCIDO → PAGADO): the producer records the payment he received. One guarded
 * UPDATE, its event row and the buyer's notification in one transaction; a second press is a 409.
 */
async function registrarPago(db: Db, userId: string, id: string, now: Date, desde?: EstadoPedido) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(pedidos).where(eq(pedidos.id, id)).limit(1);
    const rol = row ? PEDIDO_LIFECYCLE.roleOf(row, userId) : null;
    if (!row || !rol) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.NOT_FOUND);
    if (rol !== 'productor') throw forbidden('FORBIDDEN', 'Esta acción corresponde al productor.');
    if (desde !== undefined && desde !== row.estado) {
      throw conflict('CONFLICT', PEDIDO_MESSAGES.ESTADO[row.estado]);
    }
    if (row.estadoPago === 'PAGADO') throw conflict('CONFLICT', PEDIDO_MESSAGES.YA_PAGADO);
    if (row.cobro === 'CEREZA') throw conflict('CONFLICT', PEDIDO_MESSAGES.COBRO_POR_CEREZA);
    if (!ESTADOS_PAGABLES.includes(row.estado)) throw conflict('CONFLICT', PEDIDO_MESSAGES.ESTADO[row.estado]);
    const [moved] = await tx
      .update(pedidos)
      .set({ estadoPago: 'PAGADO', pagadoAt: now, pagoVenceAt: null, updatedAt: now })
      .where(and(eq(pedidos.id, id), sql`${pedidos.estadoPago} <> 'PAGADO'`, inArray(pedidos.estado, ESTADOS_PAGABLES)))
      .returning();
    if (!moved) throw conflict('CONFLICT', PEDIDO_MESSAGES.YA_PAGADO);
    await writeEvento(tx, {
      entidad: PEDIDO_LIFECYCLE.entidad,
      entidadId: id,
      accion: 'REGISTRAR_PAGO',
      desde: row.estado,
      hacia: row.estado,
      actor: { userId },
      actorRol: 'productor',
      datos: { estadoPago: 'PAGADO', antes: row.estadoPago },
      at: now,
    });
    await alPagar({ tx, pedido: moved, now });
    await avisar(tx, moved, 'comprador', { tipo: 'PEDIDO_PAGO_REGISTRADO' });
  });
}

/**
 * The payment axis moved by Cereza's reconciliation of its bank statement (issue 29): the order paid through Cereza
 * is fully paid. The same guarded UPDATE, event, `alPagar` effects (invoices paid, the producer's amount owed) and
 * notifications as REGISTRAR_PAGO, in the caller's transaction (the statement import's, or the operator's manual
 * match). Returns false when the order was already paid or is not in a payable state (the caller leaves the
 * transfer for the operator).
 */
export async function registrarCobroConciliado(
  tx: Tx,
  id: string,
  now: Date,
  actor: { operadorId?: string; datos: Record<string, unknown> },
): Promise<boolean> {
  const [row] = await tx.select().from(pedidos).where(eq(pedidos.id, id)).limit(1);
  if (!row || row.estadoPago === 'PAGADO' || !ESTADOS_PAGABLES.includes(row.estado)) return false;
  const [moved] = await tx
    .update(pedidos)
    .set({ estadoPago: 'PAGADO', pagadoAt: now, pagoVenceAt: null, recordatorioPagoAt: null, updatedAt: now })
    .where(and(eq(pedidos.id, id), sql`${pedidos.estadoPago} <> 'PAGADO'`, inArray(pedidos.estado, ESTADOS_PAGABLES)))
    .returning();
  if (!moved) return false;
  await writeEvento(tx, {
    entidad: PEDIDO_LIFECYCLE.entidad,
    entidadId: id,
    accion: 'CONCILIAR_PAGO',
    desde: row.estado,
    hacia: row.estado,
    actor: actor.operadorId ? { userId: actor.operadorId } : SISTEMA,
    actorRol: actor.operadorId ? 'operador' : 'sistema',
    datos: { estadoPago: 'PAGADO', antes: row.estadoPago, ...actor.datos },
    at: now,
  });
  await alPagar({ tx, pedido: moved, now });
  await avisar(tx, moved, 'comprador', { tipo: 'PEDIDO_PAGO_RECIBIDO' });
  await avisar(tx, moved, 'productor', { tipo: 'PEDIDO_PAGO_RECIBIDO' });
  return true;
}

/**
 * A transfer that left part of an order paid through Cereza still due (issue 29): the buyer is told what remains
 * (and to transfer it with the same reference), the producer that part has arrived. The payment axis does not move.
 */
export async function avisarPagoParcial(tx: Tx, p: PedidoRow, recibido: string, pendiente: string): Promise<void> {
  await avisar(tx, p, 'comprador', { tipo: 'PEDIDO_PAGO_PARCIAL', recibido, pendiente, comprador: 1 });
  await avisar(tx, p, 'productor', { tipo: 'PEDIDO_PAGO_PARCIAL', recibido, pendiente, comprador: 0 });
}

/**
 * What the payment axis receives from a bank credit applied to an order paid through Cereza (modules/cobros runs
 * its "credit applied" effects, and src/server/composition.ts registers `pagarPorCobro` there; pedidos does not
 * import cobros' type, the composition root checks that the two shapes agree).
 */
export interface CobroAplicado {
  tx: Tx;
  /** The order as it was locked before the credit was applied. */
  pedido: PedidoRow;
  now: Date;
  /** Minor units: what this credit paid, and what was still due before it (both in the order's currency). */
  aplicadoCentavos: number;
  pendienteCentavos: number;
  /** The operator who matched it by hand; absent for the statement's own match. */
  operadorId?: string;
  /** What the event records of the credit (its bank key, the match's method, its amount). */
  datos: Record<string, unknown>;
}

/**
 * A credit that pays the rest moves the payment axis to PAGADO (`registrarCobroConciliado`); one that leaves part
 * due tells both parties what arrived and what remains (`avisarPagoParcial`).
 */
export async function pagarPorCobro(c: CobroAplicado): Promise<void> {
  const { tx, pedido: p, now, aplicadoCentavos: aplicado, pendienteCentavos: pendiente } = c;
  if (aplicado <= 0) return;
  if (aplicado >= pendiente) {
    await registrarCobroConciliado(tx, p.id, now, { operadorId: c.operadorId, datos: c.datos });
  } else {
    await avisarPagoParcial(tx, p, formatoDinero(aplicado, p.moneda), formatoDinero(pendiente - aplicado, p.moneda));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------------------

const AUTOR_LABEL = { comprador: 'Comprador', productor: 'Productor' } as const;

function toResena(r: typeof pedidoResenas.$inferSelect, autor: string, now: Date): Resena {
  return {
    id: r.id,
    pedidoId: r.pedidoId,
    autorRol: r.autorRol,
    autor,
    puntuacion: r.puntuacion,
    comentario: r.comentario,
    publicada: !!r.publicadaAt && r.publicadaAt <= now,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The order's reviews: the viewer's own always; the other party's once published. */
async function resenasDePedido(db: Db, userId: string, pedidoId: string, now: Date): Promise<Resena[]> {
  const rows = await db.select().from(pedidoResenas).where(eq(pedidoResenas.pedidoId, pedidoId));
  return rows
    .filter((r) => r.autorId === userId || (r.publicadaAt && r.publicadaAt <= now))
    .map((r) => toResena(r, AUTOR_LABEL[r.autorRol], now));
}

/**
 * POST /api/pedidos/{id}/resena: once COMPLETADO, each party rates the other once. Published when both have
 * written (both at that moment) or 14 days after it was written.
 */
export async function resenar(db: Db, userId: string, pedidoId: string, body: ResenaInput, now: Date) {
  const input = ResenaInputSchema.parse(body);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update').limit(1);
    const rol = row ? PEDIDO_LIFECYCLE.roleOf(row, userId) : null;
    if (!row || !rol) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.NOT_FOUND);
    if (row.estado !== 'COMPLETADO') throw conflict('CONFLICT', PEDIDO_MESSAGES.RESENA_NO_DISPONIBLE);
    const destinatarioId = rol === 'comprador' ? row.productorId : row.compradorId;
    const [otra] = await tx
      .select()
      .from(pedidoResenas)
      .where(and(eq(pedidoResenas.pedidoId, pedidoId), eq(pedidoResenas.autorId, destinatarioId)))
      .limit(1);
    const publicadaAt = otra ? now : new Date(now.getTime() + PLAZOS_PEDIDO.publicacionResenaDias * DAY);
    let resena: typeof pedidoResenas.$inferSelect;
    try {
      [resena] = await tx.transaction((sp) =>
        sp
          .insert(pedidoResenas)
          .values({
            pedidoId,
            autorId: userId,
            destinatarioId,
            autorRol: rol,
            puntuacion: input.puntuacion,
            comentario: input.comentario,
            publicadaAt,
            createdAt: now,
          })
          .returning(),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('CONFLICT', PEDIDO_MESSAGES.RESENA_YA_ESCRITA);
      throw err;
    }
    if (otra && (!otra.publicadaAt || otra.publicadaAt > now)) {
      await tx.update(pedidoResenas).set({ publicadaAt: now }).where(eq(pedidoResenas.id, otra.id));
    }
    await notify(tx, {
      userId: destinatarioId,
      tipo: 'PEDIDO_RESENA',
      numero: row.numero,
      lote: row.terminos.lote.nombre,
      estrellas: input.puntuacion,
      enlace: enlacePedido(row, rol === 'comprador' ? 'productor' : 'comprador'),
      entidad: 'pedido',
      entidadId: row.id,
    });
    return toResena(resena, AUTOR_LABEL[rol], now);
  });
}

/** A producer's published reviews by his buyers, newest first, with the average (GET /api/productores/{id}/resenas). */
export async function resenasDeProductor(db: Db, productorId: string, now: Date, limit = 20) {
  const where = and(
    eq(pedidoResenas.destinatarioId, productorId),
    eq(pedidoResenas.autorRol, 'comprador'),
    lte(pedidoResenas.publicadaAt, now),
  );
  const [agg] = await db
    .select({ total: count(), promedio: sql<number | null>`avg(${pedidoResenas.puntuacion})::float8` })
    .from(pedidoResenas)
    .where(where);
  const rows = await db
    .select({ r: pedidoResenas, empresa: compradorPerfiles.empresa })
    .from(pedidoResenas)
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, pedidoResenas.autorId))
    .where(where)
    .orderBy(desc(pedidoResenas.publicadaAt))
    .limit(limit);
  return {
    resenas: rows.map((x) => toResena(x.r, x.empresa ?? 'Un comprador', now)),
    promedio: agg.promedio === null ? null : Math.round(Number(agg.promedio) * 10) / 10,
    total: agg.total,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The producer's sales overview
// ---------------------------------------------------------------------------------------------------------

export async function ventasResumen(db: Db, productorId: string, now: Date) {
  const porEstadoRows = await db
    .select({ estado: pedidos.estado, n: count() })
    .from(pedidos)
    .where(eq(pedidos.productorId, productorId))
    .groupBy(pedidos.estado);
  const desde = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const mes = sql<string>`to_char(${pedidos.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const porMes = await db
    .select({
      mes,
      moneda: pedidos.moneda,
      sacos: sql<number>`sum(${pedidos.sacos})::int`.mapWith(Number),
      valorCentavos: sql<number>`sum(${pedidos.totalCentavos})::bigint`.mapWith(Number),
    })
    .from(pedidos)
    .where(
      and(
        eq(pedidos.productorId, productorId),
        gte(pedidos.createdAt, desde),
        notInArray(pedidos.estado, ['CANCELADO', 'EXPIRADO']),
      ),
    )
    .groupBy(mes, pedidos.moneda)
    .orderBy(mes);
  const abiertos = await selectPedidos(db)
    .where(and(eq(pedidos.productorId, productorId), notInArray(pedidos.estado, [...ESTADOS_CERRADOS])))
    .orderBy(asc(pedidos.venceAt), desc(pedidos.updatedAt))
    .limit(50);
  return {
    porEstado: Object.fromEntries(porEstadoRows.map((r) => [r.estado, r.n])),
    porMes,
    pendientes: abiertos.map((r) => toPedido(r, 'productor')).filter((p) => p.acciones.length > 0),
  };
}
