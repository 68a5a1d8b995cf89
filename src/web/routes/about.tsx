import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Sobre Cereza" descripcion="Esta página se está construyendo." />;
}
