import { pathOf } from '../../contract/endpoint';
import type { AnswerOf, BodyOf, Endpoint, PathParamNames, QueryOf, ShapesOfEndpoint } from '../../contract/endpoint';
import { INVALID_RESPONSE, NETWORK_ERROR } from '../../contract/errors-base';
import type { z } from 'zod';
import { session } from './session';

/**
 * The answer a route declares, read from the contract's response schema (decision 011: never a shape written by
 * hand): `api<Answer<typeof MuestraResponseSchema>>(…)`. Type only: the schema is imported with `import type`, so
 * nothing of it reaches the browser and nothing is parsed here; the server checks every answer against the same
 * schema before sending it, so a change to the answer breaks the web's types instead of its pages.
 */
export type Answer<S extends z.ZodType> = z.output<S>;

/** What every answer of our API looks like, read defensively: a proxy or a crash may answer anything. */
export type ApiEnvelope = {
  success?: boolean;
  refreshedToken?: unknown;
  data?: { refreshedToken?: unknown } | null;
  error?: { code?: unknown; message?: unknown; fields?: Record<string, string> };
  message?: unknown;
} | null;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The message the server itself sent, if any (`message` falls back to "Respuesta inválida del servidor."). */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

type Fetcher = (path: string, init: RequestInit) => Promise<Response>;
let doFetch: Fetcher = (path, init) => fetch(path, init);
/** Server rendering answers the app's calls in-process (there is no origin for relative paths on the server). */
export function setApiFetch(fetcher: Fetcher) {
  doFetch = fetcher;
}
/** The app's calls as sent, without reading the answer: the server's catalogue page takes the answer's text. */
export const apiFetch: Fetcher = (path, init) => doFetch(path, init);

type Handler = () => void;
let onSessionExpired: Handler = () => {};
/** The app shell decides what an expired session does (toast, clear, go to login). */
export function setSessionExpiredHandler(handler: Handler) {
  onSessionExpired = handler;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored token (default true when one exists). */
  auth?: boolean;
  /** A 401 on this call does not end the session (e.g. checking a password). */
  keepSessionOn401?: boolean;
  headers?: Record<string, string>;
  /** Sent as the Idempotency-Key header (see ./idempotency.ts). */
  idempotencyKey?: string;
}

/**
 * Every call to our API: sends the Bearer token, keeps a refreshed token, turns failures into ApiError
 * with the server's Spanish message, and ends the session on a 401.
 */
export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const token = session.get().token;
  const sendAuth = opts.auth !== false && !!token;
  if (sendAuth) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  // FormData and files go as they are (a file's type is the caller's content-type header).
  if (opts.body instanceof FormData || opts.body instanceof Blob) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await doFetch(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR);
  }

  if (res.status === 304 || res.status === 204) return undefined as T;
  let data: ApiEnvelope;
  try {
    data = (await res.json()) as ApiEnvelope;
  } catch {
    throw new ApiError(res.status, 'INVALID_RESPONSE', INVALID_RESPONSE);
  }
  return readAnswer<T>(res.status, data, { sendAuth, keepSessionOn401: opts.keepSessionOn401 }, res.headers);
}

/**
 * What every answer goes through, whichever way it arrived (fetch here, XMLHttpRequest for uploads with
 * progress): keep a refreshed token, end the session on a 401, turn a failure into ApiError with the server's
 * Spanish message and field errors.
 */
export function readAnswer<T>(
  status: number,
  data: ApiEnvelope,
  opts: { sendAuth: boolean; keepSessionOn401?: boolean },
  headers?: { get(name: string): string | null },
): T {
  const refreshed = data?.refreshedToken ?? data?.data?.refreshedToken ?? headers?.get('x-refreshed-token');
  if (opts.sendAuth && typeof refreshed === 'string' && refreshed) session.setToken(refreshed);

  if (status < 200 || status >= 300 || data?.success === false) {
    const error = data?.error ?? {};
    if (status === 401 && opts.sendAuth && !opts.keepSessionOn401) onSessionExpired();
    const said = [error.message, data?.message].find((m): m is string => typeof m === 'string' && m.trim() !== '');
    // UNSUCCESSFUL: our JSON said `success: false` without naming an error (INVALID_RESPONSE: not our JSON at all).
    throw new ApiError(status, String(error.code ?? 'UNSUCCESSFUL'), said ?? INVALID_RESPONSE, error.fields, said);
  }
  return data as T;
}

type CallInput<E extends Endpoint> = Omit<ApiOptions, 'method' | 'body'> &
  ([PathParamNames<E['path']>] extends [never]
    ? { params?: never }
    : { params: Record<PathParamNames<E['path']>, string> }) &
  (ShapesOfEndpoint<E> extends { query: z.ZodType } ? { query?: QueryOf<E> } : { query?: never }) &
  (ShapesOfEndpoint<E> extends { body: z.ZodType }
    ? { body: BodyOf<E> }
    : ShapesOfEndpoint<E> extends { multipart: true }
      ? { body: FormData }
      : ShapesOfEndpoint<E> extends { file: true }
        ? { body: Blob }
        : { body?: never });

/** Nothing to give when the endpoint takes no params and no body (a plain GET). */
type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** A query's values as the URL carries them: what is undefined, null or '' is left out. */
function queryString(query: object | undefined): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    qs.append(key, String(value));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/**
 * Calls an endpoint through its declaration (src/contract/endpoint.ts, decision 011): the path and method are the
 * declaration's, the params, query and body are checked against what it takes, and the answer's type is the one the
 * server validates its answer with. Everything else is `api`'s (token, refreshed token, Spanish errors).
 */
export function call<E extends Endpoint>(declared: E, ...[input]: CallArgs<E>): Promise<AnswerOf<E>> {
  const { params, query, body, ...opts } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  } & ApiOptions;
  const path = pathOf(declared.path, params) + queryString(query);
  return api<AnswerOf<E>>(path, { ...opts, method: declared.method, body });
}

export const errorMessage = (err: unknown, fallback: string = INVALID_RESPONSE) =>
  err instanceof ApiError ? err.message : fallback;
