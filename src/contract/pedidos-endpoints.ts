import { endpoint, shapes } from './endpoint';
import type { DdsInputSchema, DdsResponseSchema } from './eudr-api';
import type {
  PedidoAccionSchema,
  PedidoDetalleResponseSchema,
  PedidoInputSchema,
  PedidoResponseSchema,
  PedidosQuerySchema,
  PedidosResponseSchema,
  ResenaInputSchema,
  ResenaResponseSchema,
  ResenasProductorResponseSchema,
  VentasResumenResponseSchema,
} from './pedidos';
import type { ReclamoRespondidoResponseSchema, ReclamoResponseSchema, RespuestaReclamoInputSchema } from './reclamos';

/**
 * Orders as contracts (docs/TRADE.md; decision 077): reserve (with an Idempotency-Key), list, detail, the moves, a
 * claim's two sides, reviews, the producer's sales and the EUDR statement's numbers. An order's documents and its EUDR
 * files are downloaded (web/lib/download.ts), not called.
 */
export const PEDIDOS_API = {
  reservar: endpoint(
    'POST',
    '/api/pedidos',
    shapes<{ body: typeof PedidoInputSchema; answer: typeof PedidoResponseSchema }>(),
  ),
  listar: endpoint(
    'GET',
    '/api/pedidos',
    shapes<{ query: typeof PedidosQuerySchema; answer: typeof PedidosResponseSchema }>(),
  ),
  ver: endpoint('GET', '/api/pedidos/:id', shapes<{ answer: typeof PedidoDetalleResponseSchema }>()),
  mover: endpoint(
    'POST',
    '/api/pedidos/:id/acciones',
    shapes<{ body: typeof PedidoAccionSchema; answer: typeof PedidoResponseSchema }>(),
  ),
  reclamo: endpoint('GET', '/api/pedidos/:id/reclamo', shapes<{ answer: typeof ReclamoResponseSchema }>()),
  responderReclamo: endpoint(
    'POST',
    '/api/pedidos/:id/reclamo/respuesta',
    shapes<{ body: typeof RespuestaReclamoInputSchema; answer: typeof ReclamoRespondidoResponseSchema }>(),
  ),
  resenar: endpoint(
    'POST',
    '/api/pedidos/:id/resena',
    shapes<{ body: typeof ResenaInputSchema; answer: typeof ResenaResponseSchema }>(),
  ),
  resenasProductor: endpoint(
    'GET',
    '/api/productores/:id/resenas',
    shapes<{ answer: typeof ResenasProductorResponseSchema }>(),
  ),
  ventas: endpoint('GET', '/api/productor/ventas', shapes<{ answer: typeof VentasResumenResponseSchema }>()),
  dds: endpoint(
    'PUT',
    '/api/pedidos/:id/dds',
    shapes<{ body: typeof DdsInputSchema; answer: typeof DdsResponseSchema }>(),
  ),
};
