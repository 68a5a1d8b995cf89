import { usePageMeta } from '../lib/page-meta';
import { Home } from '../features/productores/components/home/home';

export function Component() {
  usePageMeta({
    title: 'Cereza',
    description:
      'Mercado de lotes de café verde de especialidad: compra directamente a fincas y cooperativas con trazabilidad, muestras y precios transparentes.',
  });
  return <Home />;
}
