export { registrarConciliadorCargos, registrarDevolucionPagos } from './conciliacion';
export { cobroDePedido, pendienteDePedido } from './service';
export { registrarAlAplicarCobro, type CobroAplicadoContext } from './reacciones';
