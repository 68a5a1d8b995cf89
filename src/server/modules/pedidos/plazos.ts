import { timersTask } from '../../lib/lifecycle';
import { PEDIDO_LIFECYCLE } from './lifecycle';

export const PEDIDOS_TASK = 'pedidos.plazos';

/**
 * The order table's timers (declared in ./lifecycle.ts, docs/decisions/012, 024, 075), run by the scheduler every
 * minute through the generic sweep: a reservation expires 72 h after it was made, a shipment counts as delivered
 * ETA + 14 days, a delivered order completes when its claim window has closed and the payment is recorded, a
 * rejected PSS without replacement cancels the order after 14 days (each a `sistema` move of the table); a reminder
 * before each deadline; and a payment past its due date turns VENCIDO (the payment axis), with Cereza's reminders.
 */
export const pedidosTask = timersTask(PEDIDOS_TASK, PEDIDO_LIFECYCLE);
