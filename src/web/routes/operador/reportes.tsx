import { ReportesPage } from '../../features/operador/reportes-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Reportes (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Reportes · Operación' });
  return <ReportesPage />;
}
