import { OwnLotes } from '../../features/lotes/components/own-lotes';
import { usePageMeta } from '../../lib/page-meta';

export function Component() {
  usePageMeta({ title: 'Mis lotes' });
  return <OwnLotes />;
}
