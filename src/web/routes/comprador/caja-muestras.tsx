import { CajaMuestrasPage } from '../../features/muestras/caja-muestras';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/comprador/caja-muestras (issue 32, decision 070). */
export function Component() {
  usePageMeta({ title: 'Caja de muestras' });
  return <CajaMuestrasPage />;
}
