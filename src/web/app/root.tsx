import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_EXPIRED } from '../../contract/errors-base';
import { Toaster } from '../components/ui/toaster';
import { setSessionExpiredHandler } from '../lib/api';
import { hasNewerBuild, startBuildCheck } from '../lib/build-check';
import { session, useSession } from '../lib/session';
import { toast } from '../lib/toast';
import { whenIdle } from '../lib/next-task';
import { loadStaticParts, stopKeepingServerHtml, useStaticPartLinks } from '../components/static-part';

// The complete-profile modals and the refresh of stale user data concern a signed-in user only: a visitor's
// page does not load them.
const ProfileModals = lazy(() => import('../features/auth/profile-modals').then((m) => ({ default: m.ProfileModals })));

const PERFIL_ROUTE = /^\/perfil\/[^/]+(\/(lotes|noticias))?\/?$/i;

/** Between two /perfil/{id} routes the scroll position stays; any other navigation scrolls smoothly to the top. */
export function shouldKeepScroll(from: string, to: string): boolean {
  return PERFIL_ROUTE.test(from) && PERFIL_ROUTE.test(to);
}

/**
 * Smooth scroll to the top. A smooth scroll can stop short when the new page is briefly shorter than the old
 * one (content still loading): when *our* scroll ends away from the top and the user has not scrolled
 * meanwhile, finish it. Only the first scrollend counts, so a later scroll by the user is never undone.
 */
function scrollToTopSmoothly(): () => void {
  if (window.scrollY === 0) return () => {};
  let userScrolled = false;
  const onUser = () => (userScrolled = true);
  const finish = () => {
    cleanup();
    if (!userScrolled && window.scrollY > 0) window.scrollTo({ top: 0, behavior: 'instant' });
  };
  const userEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const cleanup = () => {
    userEvents.forEach((e) => window.removeEventListener(e, onUser));
    window.removeEventListener('scrollend', finish);
  };
  userEvents.forEach((e) => window.addEventListener(e, onUser, { passive: true }));
  window.addEventListener('scrollend', finish);
  window.scrollTo({ top: 0, behavior: 'smooth' });
  return cleanup;
}

function useScrollBehaviour() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname) return;
    if (shouldKeepScroll(from, pathname)) return;
    // A link to a part of a page (#noticia-…): that page brings the part into view once it is loaded.
    if (hash) return;
    return scrollToTopSmoothly();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the hash is read with the path, not followed alone
  }, [pathname]);
}

/**
 * After a navigation inside the app, focus goes to the new page's heading (or its main region), as a page
 * load would start there: a keyboard user's next Tab is in the page, not back at the top, and a screen reader
 * reads the new title. Not between a profile's tabs (the person stays in the tab list), not on the first load.
 */
function useFocusOnNavigation() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || shouldKeepScroll(from, pathname) || hash) return;
    return focusPageHeading();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the hash is read with the path, not followed alone
  }, [pathname]);
}

/**
 * Focuses the page's h1 as soon as it is there: a page whose data is still loading shows it a moment later
 * (watched for a few seconds). Gives up as soon as the person moves the focus themselves, or a dialog took it.
 * The main region is the fallback for a page without a heading.
 */
function focusPageHeading(): () => void {
  const main = document.getElementById('contenido');
  if (!main) return () => {};
  const focus = (target: HTMLElement) => {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  const focusHeading = () => {
    const h1 = main.querySelector<HTMLElement>('h1');
    if (h1) focus(h1);
    return !!h1;
  };
  // A dialog that opened with the page (the complete-profile modal) keeps the focus it took.
  if (document.querySelector('dialog[open]') || focusHeading()) return () => {};
  focus(main);
  const observer = new MutationObserver(() => {
    if (document.activeElement !== main || document.querySelector('dialog[open]') || focusHeading()) stop();
  });
  const timer = setTimeout(() => stop(), 5000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

function useSessionExpiry() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      if (!session.get().token) return;
      session.clear();
      queryClient.clear();
      toast.error(SESSION_EXPIRED);
      const next = encodeURIComponent(location.pathname + location.search);
      navigate(`/Auth/Login?next=${next}`, { replace: true });
    });
  }, [navigate, queryClient]);
}

/** When the hourly check found a newer build, the next navigation loads it with a full page load. */
function useNewerBuildReload() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => startBuildCheck(), []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hasNewerBuild()) location.reload();
  }, [pathname]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Cargando página"
      className="fixed inset-x-0 top-0 z-[150] h-1 overflow-hidden bg-primary-100"
    >
      <div className="h-full w-1/3 animate-pulse bg-primary-600" />
    </div>
  );
}

/** Marks the document once the app has taken over the page (rendered or hydrated): tests wait for it. */
function useAppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    performance.mark('cereza:ready');
    // The page is the app's now: static parts mounting from here on render for real, and the code of the
    // ones the page kept as HTML is fetched while the browser has nothing else to do.
    stopKeepingServerHtml();
    // Only a head start: a part whose code failed to arrive stays as it is, and is asked for again when needed.
    whenIdle(() => void loadStaticParts().catch(() => {}));
  }, []);
}

export function Root() {
  const { token } = useSession();
  useAppReady();
  useStaticPartLinks();
  useScrollBehaviour();
  useFocusOnNavigation();
  useSessionExpiry();
  useNewerBuildReload();
  return (
    <div className="mx-auto min-h-screen max-w-7xl bg-gray-50 shadow-sm dark:bg-gray-950 dark:shadow-none">
      <NavigationProgress />
      <Toaster />
      <Outlet />
      {token && (
        <Suspense fallback={null}>
          <ProfileModals />
        </Suspense>
      )}
    </div>
  );
}
