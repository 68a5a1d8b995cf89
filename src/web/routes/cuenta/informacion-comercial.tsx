import { InformacionComercialPage } from '../../features/account/informacion-comercial-page';
import { rolOf, useSession } from '../../lib/session';

export function Component() {
  const rol = rolOf(useSession().user);
  return rol ? <InformacionComercialPage rol={rol} /> : null;
}
