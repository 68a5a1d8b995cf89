import type { RouteObject } from 'react-router';
import { Root } from './root';
import { ErrorPage } from '../components/error-page';

/** The id of the root route, under which the browser adds the private routes when it needs them. */
export const ROOT_ROUTE_ID = 'root';

/**
 * Every route of docs/product.md §2 sits under one root: the public pages (public-routes.tsx) and the pages behind a
 * session (private-routes.tsx). The server renders with both; the browser starts with the public ones and
 * adds the others when a visit needs them (boot.tsx). Paths match case-insensitively, so /auth/login and
 * /Auth/Login are one route.
 */
export const rootRoute = (children: RouteObject[]): RouteObject[] => [
  { id: ROOT_ROUTE_ID, element: <Root />, errorElement: <ErrorPage />, children },
];

/** Whether a path belongs to the private routes: sign-in and the dashboards. */
export const isPrivatePath = (pathname: string) => /^\/(auth|dashboard)(\/|$)/i.test(pathname);
