import { timersTask } from '../../lib/lifecycle';
import { MUESTRA_LIFECYCLE } from './lifecycle';

export const MUESTRAS_TASK = 'muestras.plazos';

/**
 * The sample table's timers (declared in ./lifecycle.ts), run by the scheduler every minute (docs/decisions/012,
 * 075): expiry after 7 days without an answer, delivery 21 days after dispatch, closing 30 days after delivery
 * without a cupping, and the reminders to cup at +7 and +14 days after delivery.
 */
export const muestrasTask = timersTask(MUESTRAS_TASK, MUESTRA_LIFECYCLE);
