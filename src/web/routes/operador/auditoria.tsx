import { AuditoriaPage } from '../../features/operador/auditoria-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Auditoría (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Auditoría · Operación' });
  return <AuditoriaPage />;
}
