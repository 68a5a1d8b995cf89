import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { USER_IDENTIFY_ERROR, USER_LOAD_ERROR } from '../../../contract/errors-base';
import { esParteComercial } from '../../../contract/roles';
import { ApiError } from '../../lib/api';
import { rolOf, session, useSession, USER_CACHE_MS } from '../../lib/session';
import { toast } from '../../lib/toast';
import { perfilModal, usePerfilModalPostponed } from '../../lib/perfil-modal';
import { jwtValidateRequest } from './api';

// The forms carry zod and react-hook-form: loaded only when a modal is shown, never in the first chunk.
const PerfilModal = lazy(() => import('./perfil-modal').then((m) => ({ default: m.PerfilModal })));

export { perfilModal };

/** True when the stored user data is older than its expiresIn (one hour, docs/product.md §9) or missing. */
function storedUserIsStale(): boolean {
  try {
    const raw = localStorage.getItem('dataUser');
    if (!raw) return true;
    const { timestamp, expiresIn } = JSON.parse(raw) as { timestamp?: number; expiresIn?: number };
    return !timestamp || Date.now() - timestamp > (expiresIn || USER_CACHE_MS);
  } catch {
    return true;
  }
}

let refreshing = false;
function refreshUser() {
  if (refreshing || !session.get().token) return;
  refreshing = true;
  jwtValidateRequest()
    .then((res) => {
      if (!res?.valid || !res.dataUser) {
        session.clear();
        toast.error(USER_IDENTIFY_ERROR);
        return;
      }
      session.setUser(res.dataUser);
    })
    .catch((err) => {
      // A 401 already ended the session through the API client ("Sesión expirada…" and login).
      if (err instanceof ApiError && err.status === 401) return;
      toast.error(USER_LOAD_ERROR);
    })
    .finally(() => {
      refreshing = false;
    });
}

/**
 * Cached user data older than an hour (docs/product.md §9) is fetched again with jwt-validate: on start-up, and when a
 * tab left open comes back into view.
 */
function useStaleUserRefresh() {
  useEffect(() => {
    if (session.get().token && (session.get().stale || storedUserIsStale())) refreshUser();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && session.get().token && storedUserIsStale()) refreshUser();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

/** Complete-profile modals for signed-in users whose perfilBase is false (docs/product.md §4). */
export function ProfileModals() {
  useStaleUserRefresh();
  const { token, user } = useSession();
  const postponedNow = usePerfilModalPostponed();
  const { pathname } = useLocation();
  const rol = rolOf(user);
  // Not over the sign-in pages: the modal belongs to the app the user lands in. Not over the account's deletion
  // either: who is leaving is not asked to complete anything (issue 32). Cereza's own accounts (the lab, the
  // operator) have no profile to complete.
  if (
    !token ||
    !user ||
    !rol ||
    !esParteComercial(rol) ||
    user.perfilBase ||
    postponedNow ||
    /^\/auth\/|\/EliminarCuenta/i.test(pathname)
  )
    return null;
  return (
    <Suspense fallback={null}>
      <PerfilModal rol={rol} onClose={perfilModal.postpone} />
    </Suspense>
  );
}
