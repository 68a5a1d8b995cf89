import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { formatoDinero, type EstadoPedido } from '../../../contract/pedidos';
import { DAY } from '../../clock';
import { pendienteDePedido } from '../cobros';
import { pedidos } from '../../db/schema/pedidos';
import { sweepDue, type Task } from '../../scheduler';
import { writeEvento } from '../../lib/lifecycle';
import { avisar, type RolPedido } from './lifecycle';
import { moveByPlazo } from './service';

/** The timer of each state that has one: what happens when its `venceAt` passes. */
const AL_VENCER = {
  RESERVADO: 'EXPIRAR',
  EMBARCADO: 'ENTREGAR',
  ENTREGADO: 'COMPLETAR',
  PSS_RECHAZADA: 'CANCELAR',
} as const satisfies Partial<Record<EstadoPedido, 'EXPIRAR' | 'ENTREGAR' | 'COMPLETAR' | 'CANCELAR'>>;

export const PEDIDOS_TASK = 'pedidos.plazos';

/** Payment reminders of orders paid through Cereza (issue 29): days before the due date, after it, then how often. */
export const RECORDATORIO_PAGO = { antesDias: 3, despuesDias: 1, cadaDiasTrasVencer: 7 } as const;

const fecha = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);

/** The reminder of each state with a deadline: who must act, what, and by when. */
const RECORDATORIO: Partial<Record<EstadoPedido, { rol: RolPedido; que: string }>> = {
  RESERVADO: { rol: 'productor', que: 'confirmar la reserva' },
  EMBARCADO: { rol: 'comprador', que: 'confirmar la recepción' },
  ENTREGADO: { rol: 'comprador', que: 'abrir un reclamo si algo no está bien' },
};

/**
 * The order table's timers, run by the scheduler every minute (docs/decisions/012, 024): a reservation expires
 * 72 h after it was made, a shipment counts as delivered ETA + 14 days, a delivered order completes when its claim
 * window has closed and the payment is recorded, a rejected PSS without replacement cancels the order after 14
 * days (each a `sistema` move of the table); a reminder before each deadline; and a payment past its due date
 * turns VENCIDO (the payment axis). Rows are claimed with FOR UPDATE SKIP LOCKED, so several processes can sweep.
 */
export const pedidosTask: Task = {
  name: PEDIDOS_TASK,
  async run({ db, now, log, signal }) {
    const movidos = await sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select({ id: pedidos.id, estado: pedidos.estado })
          .from(pedidos)
          .where(
            and(
              lte(pedidos.venceAt, now),
              or(
                inArray(pedidos.estado, ['RESERVADO', 'EMBARCADO', 'PSS_RECHAZADA']),
                // Completion waits for the payment: unpaid orders are not claimed again every minute.
                and(eq(pedidos.estado, 'ENTREGADO'), eq(pedidos.estadoPago, 'PAGADO')),
              ),
            ),
          )
          .orderBy(asc(pedidos.venceAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      handle: async (tx, p) => {
        const action = AL_VENCER[p.estado as keyof typeof AL_VENCER];
        await moveByPlazo(
          tx,
          p.id,
          action,
          now,
          action === 'CANCELAR' ? 'No llegó la muestra de reemplazo a tiempo.' : undefined,
        );
      },
    });
    const recordados = await sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select()
          .from(pedidos)
          .where(
            and(
              inArray(pedidos.estado, Object.keys(RECORDATORIO) as EstadoPedido[]),
              isNotNull(pedidos.recordatorioAt),
              lte(pedidos.recordatorioAt, now),
            ),
          )
          .orderBy(asc(pedidos.recordatorioAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      handle: async (tx, p) => {
        await tx.update(pedidos).set({ recordatorioAt: null }).where(eq(pedidos.id, p.id));
        const r = RECORDATORIO[p.estado]!;
        const cuando = p.venceAt ?? now;
        await avisar(tx, p, r.rol, { tipo: 'PEDIDO_RECORDATORIO', que: r.que, cuando: fecha(cuando) });
      },
    });
    const vencidos = await sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select()
          .from(pedidos)
          .where(and(eq(pedidos.estadoPago, 'PENDIENTE'), lte(pedidos.pagoVenceAt, now)))
          .orderBy(asc(pedidos.pagoVenceAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      handle: async (tx, p) => {
        const [moved] = await tx
          .update(pedidos)
          .set({ estadoPago: 'VENCIDO', updatedAt: now })
          .where(and(eq(pedidos.id, p.id), eq(pedidos.estadoPago, 'PENDIENTE')))
          .returning();
        if (!moved) return;
        await writeEvento(tx, {
          entidad: 'pedido',
          entidadId: p.id,
          accion: 'VENCER_PAGO',
          desde: p.estado,
          hacia: p.estado,
          actor: { sistema: true },
          actorRol: 'sistema',
          datos: { estadoPago: 'VENCIDO' },
          at: now,
        });
        await avisar(tx, moved, 'comprador', { tipo: 'PEDIDO_PAGO_VENCIDO' });
        await avisar(tx, moved, 'productor', { tipo: 'PEDIDO_PAGO_VENCIDO' });
      },
    });
    const recordatoriosPago = await sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select()
          .from(pedidos)
          .where(
            and(
              eq(pedidos.cobro, 'CEREZA'),
              inArray(pedidos.estadoPago, ['PENDIENTE', 'VENCIDO']),
              isNotNull(pedidos.pagoVenceAt),
              lte(
                sql`coalesce(${pedidos.recordatorioPagoAt}, ${pedidos.pagoVenceAt} - ${sql.raw(`interval '${RECORDATORIO_PAGO.antesDias} days'`)})`,
                now,
              ),
            ),
          )
          .orderBy(asc(pedidos.pagoVenceAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      handle: async (tx, p) => {
        const vence = p.pagoVenceAt!;
        const vencido = vence <= now;
        // Before the due date once; after it, the day after and then weekly while it stays unpaid.
        const siguiente = vencido
          ? new Date(now.getTime() + RECORDATORIO_PAGO.cadaDiasTrasVencer * DAY)
          : new Date(vence.getTime() + RECORDATORIO_PAGO.despuesDias * DAY);
        await tx.update(pedidos).set({ recordatorioPagoAt: siguiente }).where(eq(pedidos.id, p.id));
        const pendiente = await pendienteDePedido(tx, p);
        if (pendiente <= 0) return;
        await avisar(tx, p, 'comprador', {
          tipo: 'PEDIDO_PAGO_RECORDATORIO',
          cuando: fecha(vence),
          importe: formatoDinero(pendiente, p.moneda),
          vencido: vencido ? 1 : 0,
        });
      },
    });
    return movidos + recordados + vencidos + recordatoriosPago;
  },
};
