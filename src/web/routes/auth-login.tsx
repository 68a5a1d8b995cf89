import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Iniciar sesión" descripcion="Esta página se está construyendo." />;
}
