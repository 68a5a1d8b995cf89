import { usePageMeta } from '../lib/page-meta';
import { usePerfilContext } from '../features/productores/components/perfil-context';
import { WriteToProductor } from '../features/mensajes/write-to-productor';
import { PerfilDetail } from '../features/productores/components/perfil-detail';
import { formatOrigen } from '../features/productores/components/perfil-header';
import { tipoProductorLabel } from '../features/productores/labels';
import { summaryText } from '../features/productores/page';
import { WhenIdle } from '../components/when-idle';

// Reviews and member farms are fetched in the browser anyway: their code loads once the page is idle.
const loadResenas = () => import('../features/pedidos/review-list').then((m) => m.ReviewList);
const loadFincas = () => import('../features/fincas/fincas-publicas').then((m) => m.FincasDelProductor);

export function Component() {
  const { productor } = usePerfilContext();
  usePageMeta({
    title: productor.nombre,
    description:
      summaryText(productor.descripcion) ||
      `${tipoProductorLabel(productor.tipoProductor)} productora de café de especialidad en ${formatOrigen(productor)}.`,
    image: productor.portada ?? productor.avatar ?? undefined,
  });
  return (
    <PerfilDetail
      productor={productor}
      escribir={
        <>
          <WriteToProductor productorId={productor.id} productorNombre={productor.nombre} />
          <WhenIdle load={loadResenas} props={{ productorId: productor.id }} />
          <WhenIdle load={loadFincas} props={{ productorId: productor.id }} />
        </>
      }
    />
  );
}
