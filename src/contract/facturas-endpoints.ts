import { endpoint, shapes } from './endpoint';
import type {
  ClienteResponseSchema,
  ClientesQuerySchema,
  ClientesResponseSchema,
  FacturaResponseSchema,
  FacturasQuerySchema,
  FacturasResponseSchema,
  MovimientosQuerySchema,
  MovimientosResponseSchema,
} from './facturas';

/**
 * Invoices, the ledger and the producer's clients (TRADE.md "Invoices, account movements and clients"; decision 077).
 * The invoice's PDF and the ledger's CSV are files, downloaded (web/lib/download.ts), not called: the CSV is
 * `movimientos` with `formato=csv`.
 */
export const FACTURAS_API = {
  listar: endpoint(
    'GET',
    '/api/facturas',
    shapes<{ query: typeof FacturasQuerySchema; answer: typeof FacturasResponseSchema }>(),
  ),
  ver: endpoint('GET', '/api/facturas/:id', shapes<{ answer: typeof FacturaResponseSchema }>()),
  movimientos: endpoint(
    'GET',
    '/api/movimientos',
    shapes<{ query: typeof MovimientosQuerySchema; answer: typeof MovimientosResponseSchema }>(),
  ),
  clientes: endpoint(
    'GET',
    '/api/productor/clientes',
    shapes<{ query: typeof ClientesQuerySchema; answer: typeof ClientesResponseSchema }>(),
  ),
  cliente: endpoint('GET', '/api/productor/clientes/:id', shapes<{ answer: typeof ClienteResponseSchema }>()),
};
