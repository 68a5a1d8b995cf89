import { VerificacionPage } from '../../features/verificacion/verificacion-page';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/verificacion: the producer's organisation check (KYB, docs/decisions/052). */
export function Component() {
  usePageMeta({ title: 'Verificación de productor' });
  return <VerificacionPage />;
}
