import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Perfil" descripcion="Esta página se está construyendo." />;
}
