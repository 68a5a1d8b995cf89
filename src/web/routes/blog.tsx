import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Blog" descripcion="Esta página se está construyendo." />;
}
