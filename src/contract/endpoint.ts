import type { z } from 'zod';

/*
 * An endpoint declared once (issue 27, decision 011): its method and path, and the types of what it takes and
 * answers. The Fastify route registers itself from the declaration (src/server/lib/route.ts), which checks that the
 * schemas it validates with are the declared ones; the web calls it through the declaration
 * (`call` in src/web/lib/api.ts), which reads the path and method and infers the answer.
 *
 * At run time a declaration is its method and path only. The schemas are named by type (a declaration file imports
 * them with `import type`): the browser gets no zod answer schema just to know a type, and the public pages keep
 * their JavaScript budget (docs/decisions/014). The server holds the schemas and validates with them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an endpoint takes and answers, each as the zod schema the server validates it with. */
export interface Shapes {
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (the envelope: `okResponse(…)`), whatever 2xx status carries it. */
  answer: z.ZodType;
  /** The body is a file form (FormData) the route reads part by part: no body schema. */
  multipart?: true;
  /** The body is one file sent as it is (its type is the caller's content-type header): no body schema. */
  file?: true;
}

export interface Endpoint<P extends string = string, S extends Shapes = Shapes> {
  readonly method: Method;
  /** The full path the browser calls, `:name` for each segment it fills (`/api/busquedas/:id`). */
  readonly path: P;
  /** Types only: never set at run time. */
  readonly shapes?: S;
}

/**
 * `endpoint('PATCH', '/api/busquedas/:id', shapes<{ body: typeof BusquedaUpdateSchema; answer: typeof
 * BusquedaResponseSchema }>())`.
 */
export const endpoint = <const P extends string, S extends Shapes>(
  method: Method,
  path: P,
  _shapes: ShapesOf<S>,
): Endpoint<P, S> => ({ method, path });

/** A declaration's shapes, carried by type (the value is an empty object). */
export type ShapesOf<S extends Shapes> = { readonly __shapes?: S };
export const shapes = <S extends Shapes>(): ShapesOf<S> => ({});

/** The names of a path's `:name` segments: `'/api/x/:id/y/:n'` → `'id' | 'n'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ShapesOfEndpoint<E> = E extends Endpoint<string, infer S> ? S : never;
/** What the endpoint answers on success, as the browser reads it. */
export type AnswerOf<E> = z.output<ShapesOfEndpoint<E>['answer']>;
/** What the endpoint's body takes (the schema's input: defaults may be left out). */
export type BodyOf<E> = ShapesOfEndpoint<E> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** What the endpoint's query takes. */
export type QueryOf<E> = ShapesOfEndpoint<E> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

/** The path with its segments filled, each encoded. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
