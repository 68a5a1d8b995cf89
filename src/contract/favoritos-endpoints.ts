import { endpoint, shapes } from './endpoint';
import type {
  FavoritoInputSchema,
  FavoritoRemovedResponseSchema,
  FavoritoResponseSchema,
  FavoritosResponseSchema,
} from './lotes';

/** A buyer's saved lots (contract/endpoint.ts): saving answers 201, or 200 when the lot was saved already. */
export const FAVORITOS_API = {
  listar: endpoint('GET', '/api/favoritos', shapes<{ answer: typeof FavoritosResponseSchema }>()),
  guardar: endpoint(
    'POST',
    '/api/favoritos',
    shapes<{ body: typeof FavoritoInputSchema; answer: typeof FavoritoResponseSchema }>(),
  ),
  quitar: endpoint('DELETE', '/api/favoritos/:loteId', shapes<{ answer: typeof FavoritoRemovedResponseSchema }>()),
};
