import { BusquedasPage } from '../../features/busquedas/busquedas-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/comprador/busquedas */
export function Component() {
  usePageMeta({ title: 'Búsquedas guardadas' });
  return <BusquedasPage />;
}
