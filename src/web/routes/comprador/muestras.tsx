import { MuestrasComprador } from '../../features/muestras/muestras-comprador';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/comprador/muestras */
export function Component() {
  usePageMeta({ title: 'Muestras' });
  return <MuestrasComprador />;
}
