import { endpoint, shapes } from './endpoint';
import type {
  CataResponseSchema,
  CatasLoteResponseSchema,
  CatasRecibidasQuerySchema,
  HojaCataSchema,
  MuestraAccionSchema,
  MuestraDetalleResponseSchema,
  MuestraInputSchema,
  MuestraResponseSchema,
  MuestrasQuerySchema,
  MuestrasResponseSchema,
} from './muestras';

/**
 * Samples and cupping (docs/product.md §10–11; decision 077): ask for one (with an Idempotency-Key), list, detail, the
 * moves, the cupping sheet, and the cuppings a producer received. The sample boxes are CAJAS_API.
 */
export const MUESTRAS_API = {
  solicitar: endpoint(
    'POST',
    '/api/muestras',
    shapes<{ body: typeof MuestraInputSchema; answer: typeof MuestraResponseSchema }>(),
  ),
  listar: endpoint(
    'GET',
    '/api/muestras',
    shapes<{ query: typeof MuestrasQuerySchema; answer: typeof MuestrasResponseSchema }>(),
  ),
  ver: endpoint('GET', '/api/muestras/:id', shapes<{ answer: typeof MuestraDetalleResponseSchema }>()),
  mover: endpoint(
    'POST',
    '/api/muestras/:id/acciones',
    shapes<{ body: typeof MuestraAccionSchema; answer: typeof MuestraResponseSchema }>(),
  ),
  catar: endpoint(
    'POST',
    '/api/muestras/:id/cata',
    shapes<{ body: typeof HojaCataSchema; answer: typeof CataResponseSchema }>(),
  ),
  catasRecibidas: endpoint(
    'GET',
    '/api/productor/catas',
    shapes<{ query: typeof CatasRecibidasQuerySchema; answer: typeof CatasLoteResponseSchema }>(),
  ),
};
