import { CuentasPage } from '../../features/operador/cuentas-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador: Cuentas (the operator's back office, docs/decisions/045). */
export function Component() {
  usePageMeta({ title: 'Cuentas · Operación' });
  return <CuentasPage />;
}
