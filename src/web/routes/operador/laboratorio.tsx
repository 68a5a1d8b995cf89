import { LaboratorioOperadorPage } from '../../features/operador/laboratorio-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Laboratorio (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Laboratorio · Operación' });
  return <LaboratorioOperadorPage />;
}
