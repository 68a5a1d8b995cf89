import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Información comercial" descripcion="Esta página se está construyendo." />;
}
