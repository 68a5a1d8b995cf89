import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Mis lotes públicos" descripcion="Esta página se está construyendo." />;
}
