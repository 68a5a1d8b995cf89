import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Panel de comprador" descripcion="Esta página se está construyendo." />;
}
