import { NotificacionesPage } from '../features/notificaciones/notificaciones-page';
import { rolOf, useSession } from '../lib/session';

export function Component() {
  const rol = rolOf(useSession().user);
  return rol ? <NotificacionesPage rol={rol} /> : null;
}
