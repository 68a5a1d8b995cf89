import { LaboratorioPage } from '../../features/laboratorio/laboratorio-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/laboratorio: the lab's queue. */
export function Component() {
  usePageMeta({ title: 'Cola del laboratorio' });
  return <LaboratorioPage />;
}
