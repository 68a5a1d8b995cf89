import { usePageMeta } from '../lib/page-meta';
import { usePerfilContext } from '../features/productores/components/perfil-context';
import { EscribirAlProductor } from '../features/mensajes/escribir-al-productor';
import { PerfilDetail } from '../features/productores/components/perfil-detail';
import { formatOrigen } from '../features/productores/components/perfil-header';
import { tipoProductorLabel } from '../features/productores/labels';
import { summaryText } from '../features/productores/page';

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
      escribir={<EscribirAlProductor productorId={productor.id} productorNombre={productor.nombre} />}
    />
  );
}
