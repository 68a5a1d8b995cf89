import type { FastifyInstance } from 'fastify';
import { OUTBOX_TASK } from './mail/outbox';
import { idempotencySweepTask } from './idempotency';
import type { Task } from './scheduler';
import { rateLimitSweepTask } from './plugins/shared-rate-limit';
import { busquedasTask } from './modules/busquedas/routes';
import { abonarReclamo, facturarEmbarque, pagarFacturas } from './modules/facturas';
import { avisarLoteNuevo, olvidarLoteRetirado } from './modules/favoritos';
import { reabrirSiCambioElCafe } from './modules/laboratorio';
import { registrarAlCrearLote, registrarAlEditarLote, registrarAlRetirarLote } from './modules/lotes';
import { pagarPorCobro, registrarAlEmbarcar, registrarAlPagar, registrarAlResolverReclamo } from './modules/pedidos';
import { registrarAlAplicarCobro } from './modules/cobros';
import { engancharLiquidacionesAExtractos, engancharLiquidacionesAPedidos } from './modules/liquidaciones/hooks';
import { mensajesCorreoTask } from './modules/mensajes/routes';
import { muestrasTask } from './modules/muestras/plazos';
import { pedidosTask } from './modules/pedidos/plazos';
import { planTask } from './modules/planificadores/routes';
import { resumenTask, solicitudesTask } from './modules/solicitudes/plazos';

/*
 * The composition root (issue 27): the one place where the server's modules meet. A module never reaches into
 * another to hook itself up; what reacts to what, and what runs on a timer, is listed here, where a reader can see
 * all of it. app.ts calls both functions once per app; the claims command (`npm run reclamos`) calls
 * wireTradeReactions(), since it moves orders without starting the server.
 */

/**
 * Cross-module reactions, in the order they run inside the moving transaction:
 * - an order shipped (EMBARCAR) issues its sale and commission invoices, then owes the producer his share if it was
 *   paid already (prepayment);
 * - an order paid (payment axis to PAGADO) marks its invoices paid, then owes the producer his share if it shipped;
 * - a claim resolved with a discount issues the rectifying invoices, then adjusts what the producer is owed;
 * - a bank statement's debits (modules/cobros) confirm the payouts they match by EndToEndId;
 * - a bank credit applied to an order paid through Cereza (modules/cobros) moves its payment axis when it pays the
 *   rest, or tells both parties what remains (pedidos): cobros does not import pedidos, which reads what is owed;
 * - a lot created on show tells the buyers who saved the producer's lots (favoritos), a verified lot whose coffee
 *   was edited goes back to the lab (laboratorio), and a retired lot leaves the buyers' favourites (favoritos): the
 *   lots module imports neither.
 * The registries ignore a function already registered, so calling this per app (tests build many) is safe.
 */
export function wireTradeReactions(): void {
  registrarAlEmbarcar(facturarEmbarque);
  registrarAlPagar(pagarFacturas);
  registrarAlResolverReclamo(abonarReclamo);
  registrarAlAplicarCobro(pagarPorCobro);
  engancharLiquidacionesAPedidos();
  engancharLiquidacionesAExtractos();
  registrarAlCrearLote(avisarLoteNuevo);
  registrarAlEditarLote(reabrirSiCambioElCafe);
  registrarAlRetirarLote(olvidarLoteRetirado);
}

/** Every task the scheduler runs (src/server/scheduler.ts), in the order a sweep runs them. */
export function scheduledTasks(app: FastifyInstance): Task[] {
  return [
    { name: OUTBOX_TASK, run: ({ signal }) => app.outbox.deliverDue(signal) },
    idempotencySweepTask,
    rateLimitSweepTask,
    muestrasTask,
    pedidosTask,
    solicitudesTask,
    resumenTask,
    planTask,
    mensajesCorreoTask,
    busquedasTask(app),
  ];
}
