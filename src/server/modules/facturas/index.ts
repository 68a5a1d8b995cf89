export { asentar } from './emision';
export { facturasDePedido } from './service';
