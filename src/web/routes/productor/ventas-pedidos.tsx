import { PedidosLista } from '../../features/pedidos/pedidos-lista';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/ventas/pedidos */
export function Component() {
  usePageMeta({ title: 'Pedidos recibidos' });
  return <PedidosLista rol="productor" titulo="Pedidos recibidos" />;
}
