import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { rootRoute } from '../app/router';
import { publicRoutes } from '../app/public-routes';
import { privateRoutes } from '../app/private-routes';
import { createQueryClient } from '../app/query-client';
import { setApiFetch } from '../lib/api';
import { fullTitle, SsrMetaContext, type SsrPageInfo } from '../lib/page-meta';
import { planFor } from './prefetch';
import { loadStaticParts } from '../components/static-part';
import { catalogoQueryString, lotesQuery } from '../features/lotes/api';
import { CatalogoHuecos } from '../features/lotes/components/catalogo';
import { catalogoRapido } from './catalogo-rapido';

/*
 * Server rendering of the public pages (built by Vite as dist/ssr/entry-server.js, loaded by the server).
 * The first view arrives as HTML with its data, so it paints before any script runs; the browser then
 * hydrates it (src/web/main.tsx) with the same data and the same routes.
 */

export interface SsrState {
  queries: DehydratedState;
  loaderData: Record<string, unknown>;
}

export interface SsrPage {
  status: number;
  /** The URL and every piece of data the page was rendered from: equal keys, equal markup. */
  key: string;
  /** The markup of #root. */
  html: string;
  /** What the page was rendered from, for the browser to hydrate: the React Query cache and route loader data. */
  state: SsrState;
  meta: SsrPageInfo;
}

/** Where the app's API calls go on the server: the host answers them in-process. */
export function configure(fetcher: (path: string, init: RequestInit) => Promise<Response>) {
  setApiFetch(fetcher);
}

// Every route: the server must tell a dashboard's path (rendered in the browser) from an unknown one (a 404).
const routes = rootRoute([...publicRoutes, ...privateRoutes]);
const handler = createStaticHandler(routes);

const isCatchAll = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';

/** The markup of a page and what it declared while rendering: the same for the same URL and data. */
export interface RenderedMarkup {
  html: string;
  meta: SsrPageInfo;
}

/**
 * Where the host keeps rendered markup. The key is the URL with every piece of data the page was rendered
 * from, so an entry is never served for other data: a write that changes a page changes its key.
 */
export interface MarkupCache {
  get(key: string): RenderedMarkup | undefined;
  set(key: string, value: RenderedMarkup): void;
}

/** Renders a public page, or null for a path that is rendered in the browser only (dashboards, sign-in). */
export function render(url: string, cache?: MarkupCache): Promise<SsrPage | null> {
  return renderPage(url, cache);
}

/**
 * The catalogue's page with its marks (`CatalogoHuecos`), rendered from the data a full render of the same URL was
 * given: what catalogo-rapido.tsx cuts into the parts it fills for each request.
 */
const renderHuecos = (url: string, data: Record<string, unknown>) =>
  renderPage(url, undefined, (qc, search) => {
    qc.setQueryData(lotesQuery(catalogoQueryString(search)).queryKey, data as never);
    return Promise.resolve({ status: 200 });
  });

export { catalogoRapidoSizes } from './catalogo-rapido';

/** The catalogue's page (/lotes) assembled from parts kept by shape and card: see catalogo-rapido.tsx. */
export const renderCatalogo = (url: string) => catalogoRapido(url, render, renderHuecos);

async function renderPage(
  url: string,
  cache: MarkupCache | undefined,
  prefilled?: (qc: QueryClient, search: URLSearchParams) => Promise<{ status: number }>,
): Promise<SsrPage | null> {
  const u = new URL(url, 'http://cereza.invalid');
  // Unknown paths render the 404 page here too, answered with a 404 status.
  const plan = prefilled ?? planFor(u.pathname) ?? (isCatchAll(u.pathname) ? async () => ({ status: 404 }) : null);
  if (!plan) return null;

  const queryClient = createQueryClient();
  const [{ status }, context] = await Promise.all([
    plan(queryClient, u.searchParams),
    handler.query(new Request(u.href)),
  ]);
  // A redirect or a route error is left to the browser.
  if (context instanceof Response || context.errors) return null;

  const state: SsrState = { queries: dehydrate(queryClient), loaderData: context.loaderData };
  const key = JSON.stringify([
    u.pathname + u.search,
    new Date().getUTCFullYear(),
    state.queries.queries.map((q) => [q.queryHash, q.state.status, q.state.data]),
    context.loaderData,
  ]);
  let markup = prefilled ? undefined : cache?.get(key);
  if (!markup) {
    // The server renders static parts for real: their code must be here (the route modules declared them).
    await loadStaticParts();
    const router = createStaticRouter(handler.dataRoutes, context);
    const meta: SsrPageInfo = {};
    const html = renderToString(
      <StrictMode>
        <SsrMetaContext value={meta}>
          <QueryClientProvider client={queryClient}>
            <CatalogoHuecos value={!!prefilled}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </CatalogoHuecos>
          </QueryClientProvider>
        </SsrMetaContext>
      </StrictMode>,
    );
    if (meta.title) meta.title = fullTitle(meta.title);
    markup = { html, meta };
    if (!prefilled) cache?.set(key, markup);
  }
  queryClient.clear();
  return { status: markup.meta.notFound ? 404 : status, key, html: markup.html, state, meta: markup.meta };
}
