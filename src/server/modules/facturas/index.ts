export { asentar } from './emision';
export { facturasDePedido } from './service';
export { cuentaClientes, fijarCuentaClientes } from './cuenta-clientes';
export { abonarReclamo, facturarEmbarque, pagarFacturas } from './pedidos';
