import { VentasResumen } from '../../features/pedidos/ventas-resumen';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/ventas */
export function Component() {
  usePageMeta({ title: 'Ventas' });
  return <VentasResumen />;
}
