import { MuestrasProductor } from '../../features/muestras/muestras-productor';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/pedidos_muestras */
export function Component() {
  usePageMeta({ title: 'Pedidos de muestras' });
  return <MuestrasProductor />;
}
