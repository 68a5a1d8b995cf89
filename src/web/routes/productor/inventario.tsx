import { Inventario } from '../../features/lotes/components/inventario';
import { usePageMeta } from '../../lib/page-meta';

export function Component() {
  usePageMeta({ title: 'Inventario' });
  return <Inventario />;
}
