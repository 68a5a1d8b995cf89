import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { MESSAGES } from '../../../contract/errors';
import { ApiError } from '../../lib/api';
import { rolOf, session, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { jwtValidateRequest } from './api';

// The forms carry zod and react-hook-form: loaded only when a modal is shown, never in the first chunk.
const PerfilModal = lazy(() => import('./perfil-modal').then((m) => ({ default: m.PerfilModal })));

/*
 * Whether the complete-profile modal was put off by the user ("later"): until the next page load, or until
 * something (the dashboard's "Completar perfil" button) asks for it again.
 */
let postponed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
export const perfilModal = {
  open() {
    postponed = false;
    emit();
  },
  postpone() {
    postponed = true;
    emit();
  },
};
const usePostponed = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => postponed,
  );

/**
 * On start-up, cached user data older than an hour (spec §9) is fetched again with jwt-validate. A 401 ends
 * the session through the API client (toast "Sesión expirada…" and login); other failures keep the cached
 * data and say so.
 */
function useStaleUserRefresh() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const { token, stale } = session.get();
    if (!token || !stale) return;
    jwtValidateRequest()
      .then((res) => {
        if (!res?.valid || !res.dataUser) {
          session.clear();
          toast.error(MESSAGES.USER_IDENTIFY_ERROR);
          return;
        }
        session.setUser(res.dataUser);
      })
      .catch((err) => {
        if (err instanceof ApiError && err.status === 401) return;
        toast.error(MESSAGES.USER_LOAD_ERROR);
      });
  }, []);
}

/** Complete-profile modals for signed-in users whose perfilBase is false (spec §4). */
export function ProfileModals() {
  useStaleUserRefresh();
  const { token, user } = useSession();
  const postponedNow = usePostponed();
  const { pathname } = useLocation();
  const rol = rolOf(user);
  // Not over the sign-in pages: the modal belongs to the app the user lands in.
  if (!token || !user || !rol || user.perfilBase || postponedNow || /^\/auth\//i.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PerfilModal rol={rol} onClose={perfilModal.postpone} />
    </Suspense>
  );
}
