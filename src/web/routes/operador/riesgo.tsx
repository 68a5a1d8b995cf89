import { RiesgoPage } from '../../features/operador/riesgo-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador/riesgo: the EUDR country risk classes (issue 30). */
export function Component() {
  usePageMeta({ title: 'Riesgo por país · Operación' });
  return <RiesgoPage />;
}
