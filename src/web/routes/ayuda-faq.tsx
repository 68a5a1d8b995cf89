import { Construccion } from '../components/ui/construccion';

export function Component() {
  return <Construccion titulo="Preguntas frecuentes" descripcion="Esta página se está construyendo." />;
}
