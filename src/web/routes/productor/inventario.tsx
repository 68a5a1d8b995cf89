import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Inventario" descripcion="Esta página se está construyendo." />;
}
