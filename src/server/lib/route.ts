import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, Shapes } from '../../contract/endpoint';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The 2xx statuses a declared answer may be sent with. */
type Success = 200 | 201;

/**
 * The schemas a route validates with must be the ones its declaration names (contract/endpoint.ts): its query and
 * body, and its answer for every success status. Error statuses are the one error handler's, not declared here.
 */
type SchemaFor<S extends Shapes> = {
  params?: z.ZodType;
  response: { [K in Success]?: S['answer'] };
} & (S extends { query: infer Q } ? { querystring: Q } : { querystring?: never }) &
  (S extends { body: infer B } ? { body: B } : { body?: never });

/**
 * Registers a route from its declaration: the method and the path (less this plugin's prefix) are the declaration's,
 * the schemas are checked against it by type, and the handler is typed as `app.get`'s would be (validated input,
 * its return and `reply.send` checked against the answer). Options other than the schema (`onRequest`, `config`)
 * are the route's, as before.
 */
export function route<P extends string, S extends Shapes, Schema extends FastifySchema & SchemaFor<S>>(
  app: ZodApp,
  declared: Endpoint<P, S>,
  opts: Omit<RouteShorthandOptions, 'schema'> & { schema: Schema },
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    Schema,
    ZodTypeProvider
  >,
): void {
  if (!declared.path.startsWith(`${app.prefix}/`)) {
    throw new Error(`${declared.method} ${declared.path} is not under this plugin's prefix ${app.prefix}`);
  }
  // Fastify's own option types are generic over the schema; the checks above are the ones that matter here.
  app.route({
    ...opts,
    method: declared.method,
    url: declared.path.slice(app.prefix.length),
    handler,
  } as unknown as RouteOptions);
}
