import { LaboratorioPage } from '../../features/laboratorio/laboratorio-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/laboratorio/historial: the lots the lab has cupped. */
export function Component() {
  usePageMeta({ title: 'Historial del laboratorio' });
  return <LaboratorioPage historial />;
}
