import { Construccion } from '../../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Noticias" descripcion="Esta página se está construyendo." />;
}
