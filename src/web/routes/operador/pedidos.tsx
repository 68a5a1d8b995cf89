import { PedidosPage } from '../../features/operador/pedidos-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Pedidos (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Pedidos · Operación' });
  return <PedidosPage />;
}
