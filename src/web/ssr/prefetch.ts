import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { catalogoQueryString, loteQuery, lotesQuery } from '../features/lotes/api';
import { homeQuery, productorLotesQuery, productorQuery } from '../features/productores/api';
import { publicNoticiasQuery } from '../features/noticias/api';
import { blogListQuery, blogPostQuery } from '../features/content/api';
import { readPage } from '../features/productores/page';
import { ApiError } from '../lib/api';

/*
 * The public pages the server renders, and the data each one shows on its first view. The queries are the
 * very ones the pages use (same keys, same calls), so the browser finds them in the cache it hydrates and
 * asks nothing again. Pages behind a session are never rendered on the server: it knows no session.
 */

type Params = Record<string, string | undefined>;
type Step = (qc: QueryClient, params: Params, search: URLSearchParams) => Promise<unknown>;

const productor = (qc: QueryClient, params: Params) => qc.fetchQuery(productorQuery(params.id ?? ''));

const PAGES: [string[], Step | null][] = [
  [['/'], (qc) => qc.fetchQuery(homeQuery())],
  [
    ['/lotes', '/lotes/Filters', '/lotes/oldIndex'],
    (qc, _p, search) => qc.fetchQuery(lotesQuery(catalogoQueryString(search))),
  ],
  [['/lote/:id'], (qc, p) => qc.fetchQuery(loteQuery(p.id ?? ''))],
  [['/perfil/:id'], productor],
  [
    ['/perfil/:id/Lotes'],
    async (qc, p, search) => qc.fetchQuery(productorLotesQuery((await productor(qc, p)).id, readPage(search))),
  ],
  [
    ['/perfil/:id/Noticias'],
    async (qc, p, search) => qc.fetchQuery(publicNoticiasQuery((await productor(qc, p)).id, readPage(search))),
  ],
  [['/Blog'], (qc) => qc.fetchQuery(blogListQuery())],
  [['/Blog/:slug'], (qc, p) => qc.fetchQuery(blogPostQuery(p.slug ?? ''))],
  [['/Guia', '/Guia/:slug', '/ayuda', '/ayuda/faq', '/about'], null],
];

export interface PrefetchOutcome {
  /** 404 when the page's own data does not exist (an unknown lot or producer). */
  status: number;
}

/** The prefetch for a path, or null when the path is not server-rendered. */
export function planFor(
  pathname: string,
): ((qc: QueryClient, search: URLSearchParams) => Promise<PrefetchOutcome>) | null {
  for (const [patterns, step] of PAGES) {
    for (const pattern of patterns) {
      const match = matchPath({ path: pattern, caseSensitive: false, end: true }, pathname);
      if (!match) continue;
      return async (qc, search) => {
        if (!step) return { status: 200 };
        try {
          await step(qc, match.params, search);
          return { status: 200 };
        } catch (err) {
          // A failed query is left out of the cache: the page renders its loading state and the browser asks
          // again (with the visitor's session, which may see what an anonymous request cannot).
          qc.getQueryCache()
            .findAll({ predicate: (q) => q.state.status === 'error' })
            .forEach((q) => qc.removeQueries({ queryKey: q.queryKey, exact: true }));
          return { status: err instanceof ApiError && err.status === 404 ? 404 : 200 };
        }
      };
    }
  }
  return null;
}
