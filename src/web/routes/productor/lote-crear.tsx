import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Crear lote" descripcion="Esta página se está construyendo." />;
}
