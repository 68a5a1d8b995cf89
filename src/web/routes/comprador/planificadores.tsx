import { PlanificadoresPage } from '../../features/planificadores/planificadores-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/comprador/planificadores */
export function Component() {
  usePageMeta({ title: 'Planificador de compras' });
  return <PlanificadoresPage />;
}
