import { MensajesDeMuestra } from '../../features/mensajes/mensajes-de-muestra';
import { MuestrasProductor } from '../../features/muestras/muestras-productor';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/productor/pedidos_muestras */
export function Component() {
  usePageMeta({ title: 'Pedidos de muestras' });
  return (
    <MuestrasProductor
      mensajes={(m) => <MensajesDeMuestra muestraId={m.id} rol="productor" titulo={m.lote.nombre} />}
    />
  );
}
