import { MensajesPage } from '../features/mensajes/mensajes-page';
import { rolOf, useSession } from '../lib/session';

/** /Dashboard/{rol}/mensajes[/{id}] (issue 17). */
export function Component() {
  const rol = rolOf(useSession().user);
  return rol ? <MensajesPage rol={rol} /> : null;
}
