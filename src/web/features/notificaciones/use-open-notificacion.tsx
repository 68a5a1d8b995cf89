import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notificacion } from '../../../contract/notificaciones';
import { useMarkRead } from './api';
import { NotificacionModal } from './notificacion-modal';

/** More than the list shows: read it whole in the modal (which has the link) rather than jump away. */
export const isLong = (n: Pick<Notificacion, 'texto'>) => n.texto.length > 200 || n.texto.includes('\n');

/**
 * Opening a notification marks it read and takes the user to what it is about; a long one (or one without a
 * link) opens in the modal first, which has the link.
 */
export function useOpenNotificacion() {
  const [shown, setShown] = useState<Notificacion | null>(null);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const open = (n: Notificacion) => {
    if (!n.leidaAt) markRead.mutate(n.id);
    if (n.enlace && !isLong(n)) navigate(n.enlace);
    else setShown(n);
  };
  const modal = <NotificacionModal notificacion={shown} onClose={() => setShown(null)} />;
  return { open, modal };
}
