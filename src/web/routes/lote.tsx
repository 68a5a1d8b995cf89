import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Lote" descripcion="Esta página se está construyendo." />;
}
