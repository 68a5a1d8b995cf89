export { registrarConciliadorCargos, registrarDevolucionPagos } from './conciliacion';
export { cuentaClientes } from './cuenta';
export { cobroDePedido, pendienteDePedido } from './service';
