import { usePageMeta } from '../lib/page-meta';
import { Inicio } from '../features/productores/components/inicio/inicio';

export function Component() {
  usePageMeta({
    title: 'Cereza',
    description:
      'Mercado de lotes de café verde de especialidad: compra directamente a fincas y cooperativas con trazabilidad, muestras y precios transparentes.',
  });
  return <Inicio />;
}
