import { useParams } from 'react-router';
import { ClientePage } from '../../features/facturas/clientes';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/comunidad/clientes/:compradorId */
export function Component() {
  usePageMeta({ title: 'Cliente' });
  const { compradorId = '' } = useParams();
  return <ClientePage key={compradorId} compradorId={compradorId} />;
}
