import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Lotes" descripcion="Esta página se está construyendo." />;
}
