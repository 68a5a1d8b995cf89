import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Notificaciones" descripcion="Esta página se está construyendo." />;
}
