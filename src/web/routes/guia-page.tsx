import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Guía" descripcion="Esta página se está construyendo." />;
}
