import { MisLotes } from '../../features/lotes/components/mis-lotes';
import { usePageMeta } from '../../lib/page-meta';

export function Component() {
  usePageMeta({ title: 'Mis lotes' });
  return <MisLotes />;
}
