import { PedidosLista } from '../../features/pedidos/pedidos-lista';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/comprador/pedidos */
export function Component() {
  usePageMeta({ title: 'Pedidos' });
  return <PedidosLista rol="comprador" titulo="Pedidos" />;
}
