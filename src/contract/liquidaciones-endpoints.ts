import type { OkMessageOnlyResponseSchema } from './common';
import { endpoint, shapes } from './endpoint';
import type {
  CobrosYLiquidacionesResponseSchema,
  CuentaCobroGuardadaResponseSchema,
  CuentaCobroSchema,
  CuentasCobroResponseSchema,
  GenerateRemesaSchema,
  LiquidacionesOperadorResponseSchema,
  PagosDeRemesaResponseSchema,
  RemesaGeneradaResponseSchema,
} from './liquidaciones';
import type { AccionConMotivoSchema } from './operador';

/**
 * Payouts to producers (issue 29, docs/decisions/056; contract/endpoint.ts): the producer's payout account and
 * "Cobros y liquidaciones", and the operator's batches. Apart from contract/paths: only private pages use them.
 */
export const LIQUIDACIONES_API = {
  cuentaCobro: endpoint(
    'GET',
    '/api/liquidaciones/cuenta-cobro',
    shapes<{ answer: typeof CuentasCobroResponseSchema }>(),
  ),
  saveCuentaCobro: endpoint(
    'PUT',
    '/api/liquidaciones/cuenta-cobro',
    shapes<{ body: typeof CuentaCobroSchema; answer: typeof CuentaCobroGuardadaResponseSchema }>(),
  ),
  mias: endpoint('GET', '/api/liquidaciones', shapes<{ answer: typeof CobrosYLiquidacionesResponseSchema }>()),
  operador: endpoint(
    'GET',
    '/api/operador/liquidaciones',
    shapes<{ answer: typeof LiquidacionesOperadorResponseSchema }>(),
  ),
  generateRemesa: endpoint(
    'POST',
    '/api/operador/remesas',
    shapes<{ body: typeof GenerateRemesaSchema; answer: typeof RemesaGeneradaResponseSchema }>(),
  ),
  pagosDeRemesa: endpoint('GET', '/api/operador/remesas/:id', shapes<{ answer: typeof PagosDeRemesaResponseSchema }>()),
  remesaEnviada: endpoint(
    'POST',
    '/api/operador/remesas/:id/enviada',
    shapes<{ body: typeof AccionConMotivoSchema; answer: typeof OkMessageOnlyResponseSchema }>(),
  ),
  remesaAnulada: endpoint(
    'POST',
    '/api/operador/remesas/:id/anulada',
    shapes<{ body: typeof AccionConMotivoSchema; answer: typeof OkMessageOnlyResponseSchema }>(),
  ),
};
