import { SolicitaProductor } from '../../features/solicitudes/solicita-productor';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/solicita */
export function Component() {
  usePageMeta({ title: 'Solicitudes de compradores' });
  return <SolicitaProductor />;
}
