import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { isPrivatePath, ROOT_ROUTE_ID, rootRoute } from './router';
import { publicRoutes } from './public-routes';
import { createQueryClient } from './query-client';
import { reportError } from '../lib/report-error';
import { nextTask } from '../lib/next-task';
import { startKeepingServerHtml } from '../components/static-part';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;
/** Present when the server rendered this page (src/web/ssr/entry-server.tsx): its data, as JSON. */
const ssrState = document.getElementById('cereza-ssr');

let privateRoutes: Promise<RouteObject[]> | undefined;
const loadPrivateRoutes = () => (privateRoutes ??= import('./private-routes').then((m) => m.privateRoutes));

/**
 * The route table: the public pages, and the pages behind a session only when the visit starts on one. A
 * public page never loads or ranks the dashboards' routes; the router adds them when a visit goes there.
 */
async function createRouter(init?: { hydrationData: { loaderData: Record<string, unknown> } }) {
  let patched = isPrivatePath(location.pathname);
  const routes = rootRoute(patched ? [...publicRoutes, ...(await loadPrivateRoutes())] : publicRoutes);
  // A task of its own for finding and requesting the route's modules (each one a preload link to insert).
  await nextTask();
  // Either way the current route's modules load first: the router starts ready, with no empty first frame.
  await loadMatchedRoutes(routes);
  // A task of its own for the router and React: the route modules have just been evaluated.
  await nextTask();
  return createBrowserRouter(routes, {
    ...init,
    async patchRoutesOnNavigation({ path, patch }) {
      if (patched || !isPrivatePath(path)) return;
      patch(ROOT_ROUTE_ID, await loadPrivateRoutes());
      patched = true;
    },
  });
}

/** The route modules of the current URL, loaded before hydrating so that the first render matches the HTML. */
async function loadMatchedRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const mod = await route.lazy();
      Object.assign(route, { ...mod, lazy: undefined });
    }),
  );
}

function app(router: ReturnType<typeof createBrowserRouter>): ReactNode {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Renders the app, or hydrates the server's page. */
export async function boot() {
  if (ssrState) {
    // The server's page keeps its static parts as they are: their code is neither loaded nor run now.
    startKeepingServerHtml();
    const state = JSON.parse(ssrState.textContent ?? '{}') as {
      queries?: DehydratedState;
      loaderData?: Record<string, unknown>;
    };
    hydrate(queryClient, state.queries ?? {});
    const router = await createRouter({ hydrationData: { loaderData: state.loaderData ?? {} } });
    // And another for React's own start (its root, its event listeners): with the router's, one long task.
    await nextTask();
    // User Timing marks for `npm run trace` (scripts/trace.mjs): where hydration starts and ends (root.tsx).
    performance.mark('cereza:hydrate');
    // Hydration runs as a transition: React works in small slices and yields to the browser between them,
    // so the page already on screen stays responsive while the script takes it over.
    startTransition(() => {
      hydrateRoot(container, app(router), {
        onRecoverableError(error) {
          // A server/browser difference: React repairs it; the log should still hear of it.
          const message = `Hydration mismatch: ${error instanceof Error ? error.message : String(error)}`;
          console.error(message);
          reportError(message, false);
        },
      });
    });
    return;
  }
  // Pages behind a session are rendered here only; the first render is a transition for the same reason.
  const router = await createRouter();
  const root = createRoot(container);
  startTransition(() => root.render(app(router)));
}
