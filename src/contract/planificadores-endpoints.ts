import { endpoint, shapes } from './endpoint';
import type {
  IdResponseSchema,
  LineaInputSchema,
  LineaResponseSchema,
  LinkPedidoSchema,
  PlanificadoresResponseSchema,
  PlanInputSchema,
  PlanResponseSchema,
  PlazosInputSchema,
  PlazosResponseSchema,
} from './planificadores';

/**
 * Purchase planners (issue 13; decision 077): the buyer's plans, their lines, his lead times and the orders linked to a
 * line. The orders offered for linking are PEDIDOS_API.listar.
 */
export const PLANIFICADORES_API = {
  listar: endpoint('GET', '/api/planificadores', shapes<{ answer: typeof PlanificadoresResponseSchema }>()),
  crear: endpoint(
    'POST',
    '/api/planificadores',
    shapes<{ body: typeof PlanInputSchema; answer: typeof PlanResponseSchema }>(),
  ),
  eliminar: endpoint('DELETE', '/api/planificadores/:id', shapes<{ answer: typeof IdResponseSchema }>()),
  crearLinea: endpoint(
    'POST',
    '/api/planificadores/:id/lineas',
    shapes<{ body: typeof LineaInputSchema; answer: typeof LineaResponseSchema }>(),
  ),
  editarLinea: endpoint(
    'PUT',
    '/api/planificadores/lineas/:id',
    shapes<{ body: typeof LineaInputSchema; answer: typeof LineaResponseSchema }>(),
  ),
  eliminarLinea: endpoint('DELETE', '/api/planificadores/lineas/:id', shapes<{ answer: typeof IdResponseSchema }>()),
  plazos: endpoint(
    'PUT',
    '/api/planificadores/plazos',
    shapes<{ body: typeof PlazosInputSchema; answer: typeof PlazosResponseSchema }>(),
  ),
  vincularPedido: endpoint(
    'POST',
    '/api/planificadores/lineas/:id/pedidos',
    shapes<{ body: typeof LinkPedidoSchema; answer: typeof LineaResponseSchema }>(),
  ),
  desvincularPedido: endpoint(
    'DELETE',
    '/api/planificadores/lineas/:id/pedidos/:pedidoId',
    shapes<{ answer: typeof LineaResponseSchema }>(),
  ),
};
