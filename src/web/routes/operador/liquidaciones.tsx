import { LiquidacionesPage } from '../../features/operador/liquidaciones-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador/liquidaciones: payouts to producers (issue 29, docs/decisions/056). */
export function Component() {
  usePageMeta({ title: 'Liquidaciones · Operación' });
  return <LiquidacionesPage />;
}
