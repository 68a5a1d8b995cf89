import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Inicio" descripcion="Esta página se está construyendo." />;
}
