import { VerificacionesPage } from '../../features/operador/verificaciones-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/operador/verificaciones: the producers' organisation check (KYB, docs/decisions/052). */
export function Component() {
  usePageMeta({ title: 'Verificación de productores · Operación' });
  return <VerificacionesPage />;
}
