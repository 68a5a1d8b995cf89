import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Artículo" descripcion="Esta página se está construyendo." />;
}
