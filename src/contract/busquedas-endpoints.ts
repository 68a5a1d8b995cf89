import { endpoint, shapes } from './endpoint';
import type {
  BajaBodySchema,
  BajaResponseSchema,
  BusquedaEliminadaResponseSchema,
  BusquedaInputSchema,
  BusquedaResponseSchema,
  BusquedasResponseSchema,
  BusquedaUpdateSchema,
} from './busquedas';

/** Saved searches (issue 32): the buyer's own, and the e-mail's unsubscribe link (contract/endpoint.ts). */
export const BUSQUEDAS_API = {
  listar: endpoint('GET', '/api/busquedas', shapes<{ answer: typeof BusquedasResponseSchema }>()),
  guardar: endpoint(
    'POST',
    '/api/busquedas',
    shapes<{ body: typeof BusquedaInputSchema; answer: typeof BusquedaResponseSchema }>(),
  ),
  actualizar: endpoint(
    'PATCH',
    '/api/busquedas/:id',
    shapes<{ body: typeof BusquedaUpdateSchema; answer: typeof BusquedaResponseSchema }>(),
  ),
  eliminar: endpoint('DELETE', '/api/busquedas/:id', shapes<{ answer: typeof BusquedaEliminadaResponseSchema }>()),
  baja: endpoint(
    'POST',
    '/api/busquedas/baja',
    shapes<{ body: typeof BajaBodySchema; answer: typeof BajaResponseSchema }>(),
  ),
};
