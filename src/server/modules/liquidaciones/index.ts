/*
 * Paying producers (issue 29, docs/decisions/056 and 057): the module's door. The collecting half's statement
 * import calls `confirmarPagosDeExtracto` with the statement's debits, inside its own transaction.
 */
export { confirmarPagosDeExtracto, pagadoPorMoneda, type ApunteCargo, type ResultadoCargos } from './remesas';
export { devengarPedido, devengarPedidoPorId, saldosPendientes } from './devengos';
export { engancharLiquidacionesAPedidos } from './hooks';
export { liquidacionesRoutes } from './routes';
