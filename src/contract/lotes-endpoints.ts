import { endpoint, shapes } from './endpoint';
import type {
  LoteDeletedResponseSchema,
  LoteInputSchema,
  LoteResponseSchema,
  LotesCatalogoResponseSchema,
  LotesListResponseSchema,
  LotesQuerySchema,
  LoteUpdateSchema,
  ProductorLotesQuerySchema,
} from './lotes';

/**
 * Lots (contract/endpoint.ts): the public catalogue and detail, and the producer's own. Types only at run time: the
 * catalogue and the detail are public pages within 1 KB of their JavaScript budget (docs/decisions/014).
 */
export const LOTES_API = {
  catalogo: endpoint(
    'GET',
    '/api/lotes',
    shapes<{ query: typeof LotesQuerySchema; answer: typeof LotesCatalogoResponseSchema }>(),
  ),
  ficha: endpoint('GET', '/api/lotes/:id', shapes<{ answer: typeof LoteResponseSchema }>()),
  mios: endpoint(
    'GET',
    '/api/productor/lotes',
    shapes<{ query: typeof ProductorLotesQuerySchema; answer: typeof LotesListResponseSchema }>(),
  ),
  crear: endpoint('POST', '/api/lotes', shapes<{ body: typeof LoteInputSchema; answer: typeof LoteResponseSchema }>()),
  actualizar: endpoint(
    'PUT',
    '/api/lotes/:id',
    shapes<{ body: typeof LoteUpdateSchema; answer: typeof LoteResponseSchema }>(),
  ),
  eliminar: endpoint('DELETE', '/api/lotes/:id', shapes<{ answer: typeof LoteDeletedResponseSchema }>()),
};
