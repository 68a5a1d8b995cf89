export { asentar } from './emision';
export { facturasDePedido } from './service';
export { cuentaClientes, setCuentaClientes as setCuentaClientes } from './cuenta-clientes';
export { abonarReclamo, facturarEmbarque, pagarFacturas } from './pedidos';
