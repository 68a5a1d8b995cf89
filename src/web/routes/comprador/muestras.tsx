import { MensajesDeMuestra } from '../../features/mensajes/mensajes-de-muestra';
import { MuestrasComprador } from '../../features/muestras/muestras-comprador';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/comprador/muestras */
export function Component() {
  usePageMeta({ title: 'Muestras' });
  return (
    <MuestrasComprador
      mensajes={(m) => <MensajesDeMuestra muestraId={m.id} rol="comprador" titulo={m.lote.nombre} />}
    />
  );
}
