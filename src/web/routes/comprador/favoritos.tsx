import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Favoritos" descripcion="Esta página se está construyendo." />;
}
