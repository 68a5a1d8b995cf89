import { endpoint, shapes } from './endpoint';
import type {
  NoticiaDeletedResponseSchema,
  NoticiaInputSchema,
  NoticiaResponseSchema,
  NoticiasPageResponseSchema,
  NoticiasQuerySchema,
  NoticiaUpdateBodySchema,
} from './noticias';
import type { RecentNoticiasQuerySchema, RecentNoticiasResponseSchema } from './productores';

/**
 * Producers' news (contract/endpoint.ts): the public ones (a producer's, and the latest of all) and the producer's
 * own, drafts included.
 */
export const NOTICIAS_API = {
  recientes: endpoint(
    'GET',
    '/api/noticias',
    shapes<{ query: typeof RecentNoticiasQuerySchema; answer: typeof RecentNoticiasResponseSchema }>(),
  ),
  deProductor: endpoint(
    'GET',
    '/api/productores/:id/noticias',
    shapes<{ query: typeof NoticiasQuerySchema; answer: typeof NoticiasPageResponseSchema }>(),
  ),
  mias: endpoint(
    'GET',
    '/api/productor/noticias',
    shapes<{ query: typeof NoticiasQuerySchema; answer: typeof NoticiasPageResponseSchema }>(),
  ),
  mia: endpoint('GET', '/api/productor/noticias/:id', shapes<{ answer: typeof NoticiaResponseSchema }>()),
  crear: endpoint(
    'POST',
    '/api/productor/noticias',
    shapes<{ body: typeof NoticiaInputSchema; answer: typeof NoticiaResponseSchema }>(),
  ),
  actualizar: endpoint(
    'PUT',
    '/api/productor/noticias/:id',
    shapes<{ body: typeof NoticiaUpdateBodySchema; answer: typeof NoticiaResponseSchema }>(),
  ),
  eliminar: endpoint(
    'DELETE',
    '/api/productor/noticias/:id',
    shapes<{ answer: typeof NoticiaDeletedResponseSchema }>(),
  ),
};
