import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Ayuda" descripcion="Esta página se está construyendo." />;
}
