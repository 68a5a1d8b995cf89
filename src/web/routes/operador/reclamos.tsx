import { ReclamosPage } from '../../features/operador/reclamos-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Reclamos (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Reclamos · Operación' });
  return <ReclamosPage />;
}
