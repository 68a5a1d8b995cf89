import { CobrosPage } from '../../features/operador/cobros-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador/cobros: bank statement import and client money (issue 29, docs/decisions/054). */
export function Component() {
  usePageMeta({ title: 'Cobros · Operación' });
  return <CobrosPage />;
}
