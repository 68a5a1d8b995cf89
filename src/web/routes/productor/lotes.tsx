import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Mis lotes" descripcion="Esta página se está construyendo." />;
}
