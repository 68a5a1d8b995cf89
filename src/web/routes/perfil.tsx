import { usePageMeta } from '../lib/page-meta';
import { usePerfilContext } from '../features/productores/components/perfil-context';
import { PerfilDetalle } from '../features/productores/components/perfil-detalle';
import { origenTexto } from '../features/productores/components/perfil-header';
import { tipoProductorLabel } from '../features/productores/labels';
import { resumenTexto } from '../features/productores/pagina';

export function Component() {
  const { productor } = usePerfilContext();
  usePageMeta({
    title: productor.nombre,
    description:
      resumenTexto(productor.descripcion) ||
      `${tipoProductorLabel(productor.tipoProductor)} productora de café de especialidad en ${origenTexto(productor)}.`,
    image: productor.portada ?? productor.avatar ?? undefined,
  });
  return <PerfilDetalle productor={productor} />;
}
