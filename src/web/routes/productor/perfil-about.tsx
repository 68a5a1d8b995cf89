import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Historia" descripcion="Esta página se está construyendo." />;
}
