import { Navigate, Outlet, useLocation } from 'react-router';
import type { Rol } from '../../../contract/roles';
import { dashboardPath, rolOf, useSession } from '../../lib/session';

/** A visitor goes to login (and comes back after); a user of the other role goes to their own dashboard. */
export function RequireRole({ role }: { role: Rol }) {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token || !user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/Auth/Login?next=${next}`} replace />;
  }
  const rol = rolOf(user);
  if (rol !== role) return <Navigate to={dashboardPath(rol!)} replace />;
  return <Outlet />;
}

/** Signed-in users of any role (routes the spec lists without a role check, e.g. favoritos). */
export function RequireSession() {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token || !user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/Auth/Login?next=${next}`} replace />;
  }
  return <Outlet />;
}
