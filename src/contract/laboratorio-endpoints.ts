import { endpoint, shapes } from './endpoint';
import type {
  CataLaboratorioInputSchema,
  CataLaboratorioResponseSchema,
  CataPublicaResponseSchema,
  LoteAccionSchema,
  LoteLaboratorioDetalleResponseSchema,
  LoteLaboratorioResponseSchema,
  LotesLaboratorioQuerySchema,
  LotesLaboratorioResponseSchema,
} from './laboratorio';

/**
 * Cereza's quality lab (TRADE.md "The quality lab"; decision 077): the lab's queue, a lot's moves (the producer's
 * ENVIAR, the lab's RECIBIR), the lab's cupping, and the lab's sheet of a verified lot, public.
 */
export const LABORATORIO_API = {
  lotes: endpoint(
    'GET',
    '/api/laboratorio/lotes',
    shapes<{ query: typeof LotesLaboratorioQuerySchema; answer: typeof LotesLaboratorioResponseSchema }>(),
  ),
  lote: endpoint(
    'GET',
    '/api/laboratorio/lotes/:id',
    shapes<{ answer: typeof LoteLaboratorioDetalleResponseSchema }>(),
  ),
  mover: endpoint(
    'POST',
    '/api/laboratorio/lotes/:id/acciones',
    shapes<{ body: typeof LoteAccionSchema; answer: typeof LoteLaboratorioResponseSchema }>(),
  ),
  catar: endpoint(
    'POST',
    '/api/laboratorio/lotes/:id/cata',
    shapes<{ body: typeof CataLaboratorioInputSchema; answer: typeof CataLaboratorioResponseSchema }>(),
  ),
  cataPublica: endpoint(
    'GET',
    '/api/lotes/:id/cata-laboratorio',
    shapes<{ answer: typeof CataPublicaResponseSchema }>(),
  ),
};
