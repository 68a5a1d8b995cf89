import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERRORS, type ErrorCode } from '../../../contract/errors';
import {
  LOTE_MESSAGES,
  LoteDeletedResponseSchema,
  LoteInputSchema,
  LoteResponseSchema,
  LotesCatalogoResponseSchema,
  LotesListResponseSchema,
  LotesQuerySchema,
  LoteUpdateSchema,
  tarjetaDe,
  ProductorLotesQuerySchema,
} from '../../../contract/lotes';
import { LOTES_API } from '../../../contract/lotes-endpoints';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { optionalUser, requireProductorWithPerfil, signedInUser } from '../../auth/guards';
import { validatorWith } from '../../plugins/schemas';
import { HttpError, notFound } from '../../errors';
import type { PageText } from './catalogo';
import { readLotesQuery } from './query-fast';
import { createLote, deleteLote, getLote, listProductorLotes, sqlPublicPage, updateLote } from './service';

/**
 * Unexpected failures of the lot calls answer with the catalogue's message for that call (docs/product.md §8:
 * "Error al crear lote"...) instead of the generic one; the log keeps the real cause.
 */
async function withFailureMessage<T>(request: FastifyRequest, code: ErrorCode, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    request.log.error({ err }, 'lot call failed');
    throw new HttpError(500, code);
  }
}

const loteId = (raw: string) => idOr404(raw, 'Lote no encontrado.');

/**
 * The catalogue's query: the plain queries every visitor sends are read without zod (query-fast.ts gives the same
 * result, checked by a property test); anything else, and every refusal with its message, is the schema's.
 */
const lotesQueryValidator =
  <RouteSchema = z.ZodType>(): FastifySchemaCompiler<RouteSchema> =>
  (route) => {
    const bySchema = validatorWith<RouteSchema>(ERRORS.LOTES_LIST_ERROR)(route);
    return (data) => {
      const value = readLotesQuery(data);
      return value ? { value } : bySchema(data);
    };
  };

/**
 * An answer of the catalogue index, already serialized (each lot was checked against the contract when the index
 * read it): sent as it is, with a weak ETag; a matching If-None-Match gets a 304.
 */
function sendText(request: FastifyRequest, reply: FastifyReply, text: PageText) {
  reply.header('etag', text.etag);
  // Revalidate every time: the answer changes as soon as a producer edits a lot.
  reply.header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], text.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(text.body);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  const want = strip(etag);
  return header.split(',').some((t) => strip(t) === want);
}

/**
 * The public catalogue and detail, answered by the in-memory catalogue (docs/decisions/007; SQL until it is
 * loaded), and the producer's own calls, in the module shape of docs/decisions/011: who may call, what they send
 * and what they get are declared; a refused body answers with the specification's message for that call (docs/product.md §8) ("Error
 * al crear lote").
 */
export const lotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = { onRequest: requireProductorWithPerfil };

  route(
    app,
    LOTES_API.catalogo,
    {
      validatorCompiler: lotesQueryValidator(),
      schema: {
        querystring: LotesQuerySchema,
        response: { 200: LotesCatalogoResponseSchema },
      },
    },
    async (request, reply) => {
      // The index answers in microseconds: no cache of answers by address in front of it (docs/decisions/027).
      if (app.catalogo.ready) return sendText(request, reply, await app.catalogo.pageText(request.query));
      const data = await withFailureMessage(request, 'LOTES_LIST_ERROR', () => sqlPublicPage(app.db, request.query));
      reply.header('cache-control', 'no-cache');
      if (request.query.vista === 'tarjeta') {
        return { success: true as const, data: { ...data, lotes: data.lotes.map(tarjetaDe) } };
      }
      return { success: true as const, data };
    },
  );

  route(
    app,
    LOTES_API.ficha,
    { schema: { params: IdParams, response: { 200: LoteResponseSchema } } },
    async (request, reply) => {
      const id = loteId(request.params.id);
      if (!request.headers.authorization && app.catalogo.ready) {
        // Visitors: the index's answer (hidden lots are not in it).
        const text = await app.catalogo.loteText(id);
        if (!text) throw notFound('NOT_FOUND', 'Lote no encontrado.');
        return sendText(request, reply, text);
      }
      // Signed-in callers may own the lot (hidden lots and the lab's reason are visible to them).
      const viewer = await optionalUser(request);
      const { lote } = await getLote(app.db, id, viewer?.id);
      reply.header('cache-control', viewer ? 'private, no-cache' : 'no-cache');
      return { success: true as const, data: { lote } };
    },
  );

  route(
    app,
    LOTES_API.mios,
    {
      ...owner,
      validatorCompiler: validatorWith(ERRORS.LOTES_LIST_ERROR),
      schema: { querystring: ProductorLotesQuerySchema, response: { 200: LotesListResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const data = await withFailureMessage(request, 'LOTES_LIST_ERROR', () =>
        listProductorLotes(app.db, user.id, request.query),
      );
      return { success: true as const, data };
    },
  );

  route(
    app,
    LOTES_API.crear,
    {
      ...owner,
      validatorCompiler: validatorWith(ERRORS.LOTE_CREATE_ERROR),
      schema: { body: LoteInputSchema, response: { 201: LoteResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const lote = await withFailureMessage(request, 'LOTE_CREATE_ERROR', () => createLote(app.db, user, request.body));
      return reply.status(201).send({ success: true, data: { lote }, message: LOTE_MESSAGES.CREATED });
    },
  );

  route(
    app,
    LOTES_API.actualizar,
    {
      ...owner,
      validatorCompiler: validatorWith(ERRORS.LOTE_UPDATE_ERROR),
      schema: { params: IdParams, body: LoteUpdateSchema, response: { 200: LoteResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const id = loteId(request.params.id);
      const patch = request.body;
      const lote = await withFailureMessage(request, 'LOTE_UPDATE_ERROR', () => updateLote(app.db, user, id, patch));
      const onlyVisibility = Object.keys(patch).length === 1 && patch.ocultar !== undefined;
      const message = onlyVisibility
        ? patch.ocultar
          ? LOTE_MESSAGES.HIDDEN
          : LOTE_MESSAGES.SHOWN
        : LOTE_MESSAGES.UPDATED;
      return { success: true as const, data: { lote }, message };
    },
  );

  route(
    app,
    LOTES_API.eliminar,
    { ...owner, schema: { params: IdParams, response: { 200: LoteDeletedResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      const id = loteId(request.params.id);
      const { retirado } = await withFailureMessage(request, 'LOTE_DELETE_ERROR', () => deleteLote(app.db, user, id));
      return {
        success: true as const,
        data: { id, retirado },
        message: retirado ? LOTE_MESSAGES.RETIRADO : LOTE_MESSAGES.DELETED,
      };
    },
  );
};
