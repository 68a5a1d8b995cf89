import { use, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';

/*
 * Static parts of the public pages (docs/decisions/014).
 *
 * A server-rendered page is hydrated by React, but most of it is read-only: texts, figures, photos and links.
 * A static part is such a piece. The browser does not hydrate it: it keeps the HTML the server sent, so React
 * neither runs its components nor walks its elements when the page is taken over. As long as its props stay
 * the ones it was rendered with, the static part stays that HTML; when they change (another lot's page in
 * the same layout, fresher data), it renders for real. It is rendered for real, too, on every page the
 * browser renders itself (a navigation inside the app, the dashboards).
 *
 * What must not go in a static part: anything with an event handler, state or an effect (a button, a form,
 * a menu, a gallery). Its HTML is never hydrated, so its handlers would never be attached. Such a piece sits
 * next to the static parts, in the page's live component. Links are fine: the router follows a click on any
 * link inside a static part (useStaticPartLinks).
 *
 * Two kinds, by where the code is:
 *   staticPart(Component)                    the code is in the page's chunk; only hydration is skipped.
 *   staticPart({ load: () => import(...) })  the code is not even loaded with the page: it is fetched once
 *                                            the page is idle, and before any page that renders it for real.
 */

/** Every static part whose code loads later; the server and client navigations load them before rendering. */
const lazyParts = new Set<() => Promise<unknown>>();

/** Set by boot.tsx while React hydrates a server-rendered page: static parts mounting then keep the HTML. */
let keepingServerHtml = false;

export function startKeepingServerHtml() {
  keepingServerHtml = true;
}

/** The page has been taken over: static parts mounting from now on render for real. */
export function stopKeepingServerHtml() {
  keepingServerHtml = false;
}

/** Loads the code of every lazy static part known so far (the route modules evaluated declare theirs). */
export function loadStaticParts(): Promise<unknown> {
  return Promise.all([...lazyParts].map((load) => load()));
}

/** True while a server-rendered page is being hydrated: a route's modules need not load its static parts. */
export const isKeepingServerHtml = () => keepingServerHtml;

type Source<P> = ComponentType<P> | { load: () => Promise<ComponentType<P>> };

const shallowEqual = (a: object, b: object) => {
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k as keyof typeof a], b[k as keyof typeof b]))
  );
};

/** Wraps a read-only component into a static part of a public page (see above). */
export function staticPart<P extends object>(source: Source<P>): ComponentType<P> {
  let Component = typeof source === 'function' ? source : undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () => {
    if (typeof source === 'function') return Promise.resolve(source);
    // A failed fetch is forgotten, so that the next render asks again (the part stays HTML meanwhile).
    loading ??= source.load().then(
      (c) => (Component = c),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  if (typeof source !== 'function') lazyParts.add(load);

  function StaticPart(props: P) {
    // useId is the same on the server and in the browser: it finds this part's HTML in the page.
    const id = useId();
    const [serverHtml] = useState(() =>
      keepingServerHtml && typeof document !== 'undefined'
        ? document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML
        : undefined,
    );
    const firstProps = useRef(props);
    const [, setLoaded] = useState(false);
    const unchanged = serverHtml !== undefined && shallowEqual(firstProps.current, props);
    // New props while the code is still on its way: the server's HTML stays until the code arrives.
    const waiting = serverHtml !== undefined && !unchanged && !Component;
    useEffect(() => {
      // Should the code fail to arrive, the HTML stays: it is still what the server rendered.
      if (waiting)
        void load().then(
          () => setLoaded(true),
          () => {},
        );
    }, [waiting]);
    if (unchanged || waiting) {
      // React leaves the inside of an element with dangerouslySetInnerHTML alone when it hydrates, and
      // later renders with the same string change nothing either.
      return (
        <div
          key="html"
          data-static={id}
          style={{ display: 'contents' }}
          dangerouslySetInnerHTML={{ __html: serverHtml! }}
        />
      );
    }
    // Rendered for real. A lazy part's code is normally here already (loaded when the page went idle, or by
    // the route); if not, rendering waits for it, inside the navigation's transition.
    const Live = Component ?? use(load());
    return (
      <div key="live" data-static={id} style={{ display: 'contents' }}>
        <Live {...props} />
      </div>
    );
  }
  StaticPart.displayName = `StaticPart(${typeof source === 'function' ? source.displayName || source.name : 'lazy'})`;
  return StaticPart;
}

/**
 * Links inside a static part are plain anchors (their React Router Link was never hydrated): a click on one
 * is handed to the router, as the Link would have done, so the visit stays inside the app. Used once, in Root.
 */
export function useStaticPartLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || !link.closest('[data-static]')) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href);
      if (url.origin !== location.origin) return;
      // A link to a place on this same page is the browser's to follow.
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
