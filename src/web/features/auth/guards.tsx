import { Navigate, Outlet, useLocation } from 'react-router';
import type { Rol } from '../../../contract/roles';
import { dashboardPath, rolOf, useSession } from '../../lib/session';

/**
 * True while the router is already leaving this page: the browser's URL has moved on but React still shows
 * the old screen (navigations render in a transition). A session ended at that moment (account deleted,
 * signed out) must not bounce the user to login from a page they are leaving.
 */
function leaving(pathname: string): boolean {
  if (typeof window === 'undefined') return false;
  const decode = (p: string) => {
    try {
      return decodeURI(p);
    } catch {
      return p;
    }
  };
  return decode(window.location.pathname) !== decode(pathname);
}

function loginRedirect(pathname: string, search: string) {
  return `/Auth/Login?next=${encodeURIComponent(pathname + search)}`;
}

/** A visitor goes to login (and comes back after); a user of the other role goes to their own dashboard. */
export function RequireRole({ role }: { role: Rol }) {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token || !user) {
    if (leaving(location.pathname)) return null;
    return <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  }
  const rol = rolOf(user);
  if (rol !== role) return <Navigate to={dashboardPath(rol!)} replace />;
  return <Outlet />;
}

/** Signed-in users of any role (routes docs/product.md §2 lists without a role check, e.g. favoritos). */
export function RequireSession() {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token || !user) {
    if (leaving(location.pathname)) return null;
    return <Navigate to={loginRedirect(location.pathname, location.search)} replace />;
  }
  return <Outlet />;
}
