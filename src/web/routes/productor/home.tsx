import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Panel de productor" descripcion="Esta página se está construyendo." />;
}
