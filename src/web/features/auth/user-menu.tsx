import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '../../lib/use-dismiss';
import { displayName } from '../../../contract/roles';
import { Avatar } from '../../components/ui/avatar';
import { dashboardPath, rolOf, useSession } from '../../lib/session';
import { logout } from './logout';

const itemClass =
  'block w-full rounded-lg px-3 py-2 text-left hover:bg-gray-100 focus-visible:bg-gray-100 dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800';

/** Sign-in links for visitors; the account menu for a signed-in user (a light disclosure: no menu library on every page). */
export function UserMenu() {
  const { user } = useSession();
  const rol = rolOf(user);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

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
    <div ref={ref} className="relative">
      <button
        type="button"
        className="flex items-center gap-2 rounded-full p-0.5"
        aria-label={`Menú de ${nombre}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user.image} name={nombre} size={34} />
      </button>
      {open && (
        <div
          id={id}
          className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-gray-200 bg-white p-1 text-sm shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <div className="px-3 py-2">
            <p className="font-medium">{nombre}</p>
            <p className="truncate text-xs text-gray-600 dark:text-gray-400">{user.email}</p>
          </div>
          <ul>
            <li>
              <Link to={dashboardPath(rol)} className={itemClass}>
                Mi panel
              </Link>
            </li>
            <li>
              <Link to={`${dashboardPath(rol)}/usuario`} className={itemClass}>
                Mi cuenta
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => void logout()} className={itemClass}>
                Cerrar sesión
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
