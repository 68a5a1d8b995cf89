import { ClientesPage } from '../../features/facturas/clientes';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/comunidad/clientes */
export function Component() {
  usePageMeta({ title: 'Clientes' });
  return <ClientesPage />;
}
