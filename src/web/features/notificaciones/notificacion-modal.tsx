import { Link } from 'react-router';
import type { Notificacion } from '../../../contract/notificaciones';
import { Modal } from '../../components/ui/modal';
import { formatDateTime } from '../../lib/format';

/**
 * The notification modal with a text message (docs/product.md §2): the whole text, when it is, and the way to what
 * it is about.
 */
export function NotificacionModal({
  notificacion,
  onClose,
}: {
  notificacion: Notificacion | null;
  onClose: () => void;
}) {
  return (
    <Modal open={!!notificacion} onClose={onClose} title={notificacion?.titulo ?? ''}>
      {notificacion && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-600 dark:text-gray-400">
            <time dateTime={notificacion.createdAt}>{formatDateTime(notificacion.createdAt)}</time>
          </p>
          <p className="leading-relaxed whitespace-pre-line">{notificacion.texto}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cerrar
            </button>
            {notificacion.enlace && (
              <Link to={notificacion.enlace} className="btn-primary" onClick={onClose}>
                {notificacion.accion ?? 'Ver detalle'}
              </Link>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
