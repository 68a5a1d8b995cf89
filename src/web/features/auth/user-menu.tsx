import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { displayName } from '../../../contract/roles';
import { Avatar } from '../../components/ui/avatar';
import { rolOf, useSession } from '../../lib/session';

// The menu library comes with a session only: a visitor's page (most public page views) does not load it.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

/** Sign-in links for visitors; the account menu (an accessible menu button) for a signed-in user. */
export function UserMenu() {
  const { user } = useSession();
  const rol = rolOf(user);

  if (!user || !rol) {
    return (
      <div className="solo-visitante flex items-center gap-2">
        <Link to="/Auth/Login" className="btn-ghost">
          Iniciar sesión
        </Link>
        <Link to="/Auth/Registro" className="btn-primary hidden sm:inline-flex">
          Registrarse
        </Link>
      </div>
    );
  }
  const nombre = displayName(user);
  return (
    <Suspense
      fallback={
        <span className="flex items-center rounded-full p-0.5">
          <Avatar src={user.image} name={nombre} size={34} />
        </span>
      }
    >
      <AccountMenu user={user} rol={rol} nombre={nombre} />
    </Suspense>
  );
}
