import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { pedidos } from '../../db/schema/pedidos';

/**
 * A condition for another module's statement: no order came from the request whose id is `solicitudId` (an order
 * keeps the request it was bought through). Deleting an account keeps such a request (modules/solicitudes).
 */
export function sinPedidoDeSolicitud(solicitudId: AnyColumn): SQL {
  return sql`not exists (select 1 from ${pedidos} where ${pedidos.solicitudId} = ${solicitudId})`;
}
