import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Editar lote" descripcion="Esta página se está construyendo." />;
}
