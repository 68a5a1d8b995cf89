import { endpoint, shapes } from './endpoint';
import type {
  EudrLoteResponseSchema,
  RiesgoInputSchema,
  RiesgoResponseSchema,
  RiesgosResponseSchema,
} from './eudr-api';

/** The EU Deforestation Regulation (issue 30): a lot's readiness and the country risk classes (contract/endpoint.ts). */
export const EUDR_API = {
  deLote: endpoint('GET', '/api/lotes/:id/eudr', shapes<{ answer: typeof EudrLoteResponseSchema }>()),
  riesgos: endpoint('GET', '/api/eudr/riesgo-paises', shapes<{ answer: typeof RiesgosResponseSchema }>()),
  setRiesgo: endpoint(
    'PUT',
    '/api/operador/riesgo-paises/:pais',
    shapes<{ body: typeof RiesgoInputSchema; answer: typeof RiesgoResponseSchema }>(),
  ),
};
