import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Mi cuenta" descripcion="Esta página se está construyendo." />;
}
