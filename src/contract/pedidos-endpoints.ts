import { endpoint, shapes } from './endpoint';
import type { PedidosQuerySchema, PedidosResponseSchema } from './pedidos';

/** Orders (TRADE.md "Orders"; decision 077). */
export const PEDIDOS_API = {
  listar: endpoint(
    'GET',
    '/api/pedidos',
    shapes<{ query: typeof PedidosQuerySchema; answer: typeof PedidosResponseSchema }>(),
  ),
};
