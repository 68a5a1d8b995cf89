import { SolicitudesComprador } from '../../features/solicitudes/solicitudes-comprador';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/comprador/solicitudes */
export function Component() {
  usePageMeta({ title: 'Solicitudes de abastecimiento' });
  return <SolicitudesComprador />;
}
