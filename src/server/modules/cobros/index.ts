export { registrarConciliadorCargos, registrarDevolucionPagos } from './conciliacion';
export { cobroDePedido, pendienteDePedido } from './service';
