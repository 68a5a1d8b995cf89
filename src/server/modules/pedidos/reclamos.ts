import { asc, eq, sql } from 'drizzle-orm';
import {
  ESTADO_PEDIDO_LABELS,
  ESTADOS_CON_RESERVA,
  PEDIDO_MESSAGES,
  ResolverReclamoSchema,
  type EstadoPedido,
  type ResolverReclamoInput,
} from '../../../contract/pedidos';
import { DAY } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { eventos } from '../../db/schema/eventos';
import { pedidos } from '../../db/schema/pedidos';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { OPERADOR, transition } from '../../lib/lifecycle';
import { PEDIDO_LIFECYCLE, type PedidoRow } from './lifecycle';

/*
 * Cereza's operator on the order table (docs/TRADE.md "Orders as contracts", docs/decisions/035): these run from
 * `npm run reclamos` on the server and from the operator's back office (modules/operador, decision 045), which
 * calls them inside its own transaction to write the audit row with the move. Every move goes through
 * transition() with the actor OPERADOR, so it is one transaction, guarded, with its event row and the parties'
 * notifications, and two operators resolving the same claim at once get one move and one 409.
 */

export interface ReclamoAbierto {
  id: string;
  numero: string;
  comprador: string;
  productor: string;
  motivo: string | null;
  totalCentavos: number;
  moneda: string;
  abiertoAt: Date;
  diasAbierto: number;
}

/** The open claims (orders EN_RECLAMO), oldest first, with how many whole days each has been open. */
export async function listReclamos(db: Db, now: Date): Promise<ReclamoAbierto[]> {
  const abierto = sql<Date | null>`(
    select max(${eventos.createdAt}) from ${eventos}
    where ${eventos.entidad} = 'pedido' and ${eventos.entidadId} = ${pedidos.id} and ${eventos.accion} = 'ABRIR_RECLAMO'
  )`.mapWith((v: unknown) => (v === null ? null : new Date(v as string)));
  const rows = await db
    .select({ p: pedidos, abiertoAt: abierto })
    .from(pedidos)
    .where(eq(pedidos.estado, 'EN_RECLAMO'))
    .orderBy(asc(pedidos.updatedAt));
  return rows
    .map(({ p, abiertoAt }) => {
      const desde = abiertoAt ?? p.updatedAt;
      return {
        id: p.id,
        numero: p.numero,
        comprador: p.terminos.partes?.comprador.razonSocial ?? p.terminos.compradorEmpresa,
        productor: p.terminos.partes?.productor.razonSocial ?? p.terminos.productorNombre,
        motivo: p.motivoReclamo,
        totalCentavos: p.totalCentavos,
        moneda: p.moneda,
        abiertoAt: desde,
        diasAbierto: Math.max(0, Math.floor((now.getTime() - desde.getTime()) / DAY)),
      };
    })
    .sort((a, b) => a.abiertoAt.getTime() - b.abiertoAt.getTime());
}

async function porNumero(db: DbOrTx, numero: string): Promise<PedidoRow> {
  const n = numero.trim().toUpperCase();
  const [row] = await db.select().from(pedidos).where(eq(pedidos.numero, n)).limit(1);
  if (!row) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.pedidoNoEncontrado(n));
  return row;
}

const estadoTexto = (e: EstadoPedido) => ESTADO_PEDIDO_LABELS[e];

/**
 * A refusal of the table because the order is no longer where the operator saw it (another resolution won):
 * the operator's own words, with the state it is in now. Guard refusals (an amount over the total) pass as they are.
 */
async function comoOperador<T>(db: DbOrTx, row: PedidoRow, desde: EstadoPedido[], move: () => Promise<T>): Promise<T> {
  try {
    return await move();
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
    const [ahora] = await db.select({ estado: pedidos.estado }).from(pedidos).where(eq(pedidos.id, row.id)).limit(1);
    if (ahora && desde.includes(ahora.estado)) throw err;
    const estado = ahora?.estado ?? row.estado;
    throw conflict(
      'CONFLICT',
      desde.includes('EN_RECLAMO')
        ? PEDIDO_MESSAGES.reclamoNoAbierto(row.numero, estadoTexto(estado))
        : PEDIDO_MESSAGES.noCancelable(row.numero, estadoTexto(estado)),
    );
  }
}

/**
 * `npm run reclamos -- resolver <numero> sin-cambio|descuento <importe>|cancelar [--motivo …]`:
 *   - SIN_CAMBIO: EN_RECLAMO → ENTREGADO, claim window closed; the completion timer completes it once paid;
 *   - DESCUENTO: the same, with the discount (1 … total, minor units) recorded in the order's terms;
 *   - CANCELACION: EN_RECLAMO → CANCELADO; the coffee was delivered, so the bags stay sold.
 */
export async function resolverReclamo(db: DbOrTx, numero: string, body: ResolverReclamoInput, now: Date) {
  const parsed = ResolverReclamoSchema.safeParse(body);
  if (!parsed.success) throw badRequest('VALIDATION_ERROR', parsed.error.issues[0]?.message);
  const r = parsed.data;
  const row = await porNumero(db, numero);
  if (row.estado !== 'EN_RECLAMO') {
    throw conflict('CONFLICT', PEDIDO_MESSAGES.reclamoNoAbierto(row.numero, estadoTexto(row.estado)));
  }
  const moved = await comoOperador(db, row, ['EN_RECLAMO'], () =>
    transition(db, PEDIDO_LIFECYCLE, {
      id: row.id,
      action: r.resolucion === 'CANCELACION' ? 'CANCELAR' : 'RESOLVER_RECLAMO',
      actor: OPERADOR,
      desde: 'EN_RECLAMO',
      input:
        r.resolucion === 'CANCELACION'
          ? { motivo: r.motivo || undefined }
          : {
              resolucion: r.resolucion,
              descuentoCentavos: r.resolucion === 'DESCUENTO' ? r.importe : undefined,
              motivo: r.motivo || undefined,
            },
      now,
    }),
  );
  return moved.row;
}

/** The states an operator may cancel from outside a claim (TRADE.md: RESERVADO, CONFIRMADO and its PSS steps). */
export const CANCELABLES_POR_OPERADOR: readonly EstadoPedido[] = ESTADOS_CON_RESERVA;

/** `npm run reclamos -- cancelar <numero> --motivo "…"`: the operator's CANCELAR, no agreement needed, bags back. */
export async function cancelarPorOperador(db: DbOrTx, numero: string, motivo: string, now: Date) {
  const m = motivo.trim();
  if (!m) throw badRequest('VALIDATION_ERROR', 'Indica el motivo de la cancelación con --motivo "…".');
  if (m.length > 500) throw badRequest('VALIDATION_ERROR', 'El motivo admite como máximo 500 caracteres.');
  const row = await porNumero(db, numero);
  if (row.estado === 'EN_RECLAMO') return resolverReclamo(db, numero, { resolucion: 'CANCELACION', motivo: m }, now);
  if (!CANCELABLES_POR_OPERADOR.includes(row.estado)) {
    throw conflict('CONFLICT', PEDIDO_MESSAGES.noCancelable(row.numero, estadoTexto(row.estado)));
  }
  const moved = await comoOperador(db, row, [...CANCELABLES_POR_OPERADOR], () =>
    transition(db, PEDIDO_LIFECYCLE, { id: row.id, action: 'CANCELAR', actor: OPERADOR, input: { motivo: m }, now }),
  );
  return moved.row;
}
