import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ERRORS } from '../../contract/errors';
import { isConnectionLost } from '../db/errors';
import { HttpError } from '../errors';
import { fieldErrors } from '../validation';

function body(code: string, message: string, fields?: Record<string, string>) {
  return { success: false as const, error: fields ? { code, message, fields } : { code, message } };
}

/** Fastify's own errors (bad JSON, wrong content type, too large...) mapped to Spanish 4xx answers. */
function fromFastifyError(err: FastifyError): HttpError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'INVALID_JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_RATE_LIMIT':
      return new HttpError(429, 'TOO_MANY_REQUESTS');
  }
  if (err.statusCode === 429) return new HttpError(429, 'TOO_MANY_REQUESTS');
  if (err.validation) return new HttpError(400, 'VALIDATION_ERROR');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 413) return new HttpError(413, 'PAYLOAD_TOO_LARGE');
    if (err.statusCode === 415) return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
    return new HttpError(err.statusCode, 'VALIDATION_ERROR', 'La petición no es válida.');
  }
  return undefined;
}

/** One handler shapes every failure; a 500 never reveals internals, the log gets the detail. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let known: HttpError | undefined;
    if (err instanceof HttpError) known = err;
    else if (err instanceof ZodError) known = new HttpError(400, 'VALIDATION_ERROR', undefined, fieldErrors(err));
    // A client that closed its connection mid-body fails the body's read with ECONNRESET and a 4xx: the client's
    // doing, not a lost database connection (the slow-clients bench logged hundreds of those warnings).
    else if (isConnectionLost(err) && !(err.statusCode && err.statusCode < 500)) {
      // A dropped database connection (a restart, a failover, pg_terminate_backend): the pool opens a new one, so
      // the same request a moment later is expected to work. Logged as a warning, answered as a pause, not a bug.
      request.log.warn({ err }, 'database connection lost during the request');
      known = new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, undefined, { 'retry-after': '2' });
    } else known = fromFastifyError(err);

    if (known) {
      if (known.statusCode >= 500 && known.code !== 'SERVICE_UNAVAILABLE') request.log.error({ err }, 'request failed');
      if (known.headers) reply.headers(known.headers);
      if (known.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      const answer = body(known.code, known.message, known.fields);
      // A 5xx names its request: the one id to quote when reporting it, and to find it in the log.
      return reply
        .status(known.statusCode)
        .send(known.statusCode >= 500 ? { ...answer, requestId: request.id } : answer);
    }
    if (err.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
      // The route answered something its response schema does not allow: our bug, never the client's.
      request.log.error(
        { err, issues: (err.cause as { issues?: unknown } | undefined)?.issues },
        'response does not match its schema',
      );
    } else request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ ...body('INTERNAL_ERROR', ERRORS.INTERNAL_ERROR), requestId: request.id });
  });
}
