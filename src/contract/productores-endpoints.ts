import { endpoint, shapes } from './endpoint';
import type { LotesListResponseSchema, PageQuerySchema } from './lotes';
import type {
  HomeResponseSchema,
  ProductorResponseSchema,
  ProductoresListResponseSchema,
  ProductoresQuerySchema,
} from './productores';

/** Public reads (contract/endpoint.ts): the home page's summary, the producers, one profile and its lots. */
export const PRODUCTORES_API = {
  inicio: endpoint('GET', '/api/inicio', shapes<{ answer: typeof HomeResponseSchema }>()),
  listar: endpoint(
    'GET',
    '/api/productores',
    shapes<{ query: typeof ProductoresQuerySchema; answer: typeof ProductoresListResponseSchema }>(),
  ),
  ficha: endpoint('GET', '/api/productores/:id', shapes<{ answer: typeof ProductorResponseSchema }>()),
  lotes: endpoint(
    'GET',
    '/api/productores/:id/lotes',
    shapes<{ query: typeof PageQuerySchema; answer: typeof LotesListResponseSchema }>(),
  ),
};
