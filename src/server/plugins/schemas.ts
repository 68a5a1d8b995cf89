import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../errors';
import { fieldErrors } from '../validation';

/**
 * Routes declare what they accept and answer with the contract's zod schemas (`schema: { params, querystring,
 * body, response }`, typed through fastify-type-provider-zod; see docs/decisions/011).
 * - Input that does not match is OUR 400: `VALIDATION_ERROR`, a Spanish message and per-field `fields`
 *   (`fieldErrors`), because the validator fails with a typed HttpError that the error handler shapes.
 * - A response that does not match its schema is a server bug: the serializer throws, the error handler logs it
 *   and answers the generic 500. Keys the schema does not name are not sent.
 * The response is checked by parsing it (the library's own serializer encodes, and zod cannot encode through the
 * one-way transforms our schemas use, such as rounding money to cents; on data we produced, parsing is exact).
 * Routes without a `schema` (the modules not converted yet) are untouched.
 */
/**
 * The validator: our 400 with the per-field messages. A route whose failures the message catalogue words itself
 * (docs/product.md §8: "Error al crear lote") passes its own compiler with that message:
 * `validatorCompiler: validatorWith(message)`.
 * (Fastify types a route's own compiler over the route's whole `schema` object, though it is called once per
 * part with that part's zod schema: hence the type parameter and the one assertion.)
 */
export const validatorWith =
  <RouteSchema = z.ZodType>(message?: string): FastifySchemaCompiler<RouteSchema> =>
  ({ schema }) =>
  (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    if (result.success) return { value: result.data };
    return { error: badRequest('VALIDATION_ERROR', message, fieldErrors(result.error)) };
  };

export function registerSchemaCompilers(app: FastifyInstance) {
  const validatorCompiler = validatorWith();
  const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
    ({ schema, method, url }) =>
    (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
