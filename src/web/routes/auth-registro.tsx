import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Registro" descripcion="Esta página se está construyendo." />;
}
