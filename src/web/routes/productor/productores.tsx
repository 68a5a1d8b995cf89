import { FincasPage } from '../../features/fincas/fincas-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/productores */
export function Component() {
  usePageMeta({ title: 'Productores asociados' });
  return <FincasPage />;
}
