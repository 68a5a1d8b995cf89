import { endpoint, shapes } from './endpoint';
import type {
  EvidenciaInputSchema,
  EvidenciaResponseSchema,
  EvidenciasResponseSchema,
  FincaDeletedResponseSchema,
  FincaInputSchema,
  FincaResponseSchema,
  FincasResponseSchema,
  ImportQuerySchema,
  ImportResponseSchema,
  LoteFincasInputSchema,
  LoteFincasResponseSchema,
} from './fincas';

/**
 * Member farms (issue 13) and their plots' evidence (contract/endpoint.ts). The producer's own farms are under
 * /api/productor/productores (the URL kept its first name).
 */
export const FINCAS_API = {
  mias: endpoint('GET', '/api/productor/productores', shapes<{ answer: typeof FincasResponseSchema }>()),
  crear: endpoint(
    'POST',
    '/api/productor/productores',
    shapes<{ body: typeof FincaInputSchema; answer: typeof FincaResponseSchema }>(),
  ),
  crearPropia: endpoint('POST', '/api/productor/productores/propia', shapes<{ answer: typeof FincaResponseSchema }>()),
  actualizar: endpoint(
    'PUT',
    '/api/productor/productores/:id',
    shapes<{ body: typeof FincaInputSchema; answer: typeof FincaResponseSchema }>(),
  ),
  eliminar: endpoint(
    'DELETE',
    '/api/productor/productores/:id',
    shapes<{ answer: typeof FincaDeletedResponseSchema }>(),
  ),
  importar: endpoint(
    'POST',
    '/api/productor/productores/importar',
    shapes<{ query: typeof ImportQuerySchema; multipart: true; answer: typeof ImportResponseSchema }>(),
  ),
  deLote: endpoint('GET', '/api/lotes/:id/fincas', shapes<{ answer: typeof FincasResponseSchema }>()),
  fijarDeLote: endpoint(
    'PUT',
    '/api/lotes/:id/fincas',
    shapes<{ body: typeof LoteFincasInputSchema; answer: typeof LoteFincasResponseSchema }>(),
  ),
  deProductor: endpoint('GET', '/api/productores/:id/fincas', shapes<{ answer: typeof FincasResponseSchema }>()),
  evidencias: endpoint('GET', '/api/fincas/:id/evidencias', shapes<{ answer: typeof EvidenciasResponseSchema }>()),
  adjuntarEvidencia: endpoint(
    'POST',
    '/api/productor/productores/:id/evidencias',
    shapes<{ body: typeof EvidenciaInputSchema; answer: typeof EvidenciaResponseSchema }>(),
  ),
};
