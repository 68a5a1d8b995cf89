import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Imágenes" descripcion="Esta página se está construyendo." />;
}
