import { ResumenPage } from '../../features/operador/resumen-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Resumen (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Resumen · Operación' });
  return <ResumenPage />;
}
