import { endpoint, shapes } from './endpoint';
import type {
  NotificacionesQuerySchema,
  NotificacionesReadResponseSchema,
  NotificacionesResponseSchema,
  NotificacionReadResponseSchema,
} from './notificaciones';

/** The bell (docs/product.md §12, contract/endpoint.ts): the list with its unread count, one read, all read. */
export const NOTIFICACIONES_API = {
  listar: endpoint(
    'GET',
    '/api/notificaciones',
    shapes<{ query: typeof NotificacionesQuerySchema; answer: typeof NotificacionesResponseSchema }>(),
  ),
  leidas: endpoint('POST', '/api/notificaciones/leidas', shapes<{ answer: typeof NotificacionesReadResponseSchema }>()),
  leida: endpoint('POST', '/api/notificaciones/:id/leida', shapes<{ answer: typeof NotificacionReadResponseSchema }>()),
};
