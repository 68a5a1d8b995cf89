import {
  registrarAlEmbarcar,
  registrarAlPagar,
  registrarAlResolverReclamo,
  type EmbarqueContext,
} from '../pedidos/al-embarcar';
import { devengarPedido } from './devengos';

/** After the invoices' own effect (registered first): the order's invoices exist when this runs. */
async function devengar({ tx, pedido, now }: EmbarqueContext): Promise<void> {
  await devengarPedido(tx, pedido, now);
}

/**
 * An order paid through Cereza becomes owed to its producer when it is both paid and invoiced (payment after
 * shipping, or shipment after prepayment); a claim's credit notes adjust it. Register after the invoices' hooks.
 */
export function engancharLiquidacionesAPedidos(): void {
  registrarAlPagar(devengar);
  registrarAlEmbarcar(devengar);
  registrarAlResolverReclamo(devengar);
}
