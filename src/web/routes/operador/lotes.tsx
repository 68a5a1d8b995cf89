import { LotesPage } from '../../features/operador/lotes-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Lotes (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Lotes · Operación' });
  return <LotesPage />;
}
