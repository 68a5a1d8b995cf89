import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, type ErrorCode } from '../../../contract/errors';
import {
  LOTE_MESSAGES,
  LoteDeletedResponseSchema,
  LoteInputSchema,
  LoteResponseSchema,
  LotesListResponseSchema,
  LotesQuerySchema,
  LoteUpdateSchema,
  ProductorLotesQuerySchema,
  type LotesPage,
} from '../../../contract/lotes';
import { idOr404 } from '../../lib/params';
import { optionalUser, requireProductorWithPerfil, signedInUser } from '../../auth/guards';
import { validatorWith } from '../../plugins/schemas';
import { HttpError, notFound } from '../../errors';
import { parseOr400 } from '../../validation';
import { peek, remember, sendCachedJson } from './cache';
import {
  createLote,
  deleteLote,
  getLote,
  listProductorLotes,
  publicLoteEntry,
  publicLotesEntry,
  updateLote,
} from './service';

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
const IdParams = z.object({ id: z.string() });

/**
 * The public catalogue and detail (cached, answered from their serialized form), and the producer's own calls
 * in the module shape of docs/decisions/011: who may call, what they send and what they get are declared; a
 * refused body answers with the catalogue's message for that call (docs/product.md §8) ("Error al crear lote").
 */
export const lotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = { onRequest: requireProductorWithPerfil };

  app.get('/lotes', async (request, reply) => {
    // The same address asked again skips query parsing: the raw URL points at the parsed query's entry.
    const rawKey = `url:${request.url}`;
    const known = peek<LotesPage>(app.db, rawKey);
    if (known) return sendCachedJson(request, reply, known, () => ({ success: true, data: known.data }));
    const query = parseOr400(LotesQuerySchema, request.query, 'VALIDATION_ERROR', ERRORS.LOTES_LIST_ERROR);
    const entry = await withFailureMessage(request, 'LOTES_LIST_ERROR', () => publicLotesEntry(app.db, query));
    remember(app.db, rawKey, entry);
    return sendCachedJson(request, reply, entry, () => ({ success: true, data: entry.data }));
  });

  app.get<{ Params: { id: string } }>('/lotes/:id', async (request, reply) => {
    const id = loteId(request.params.id);
    if (!request.headers.authorization) {
      // Visitors: the shared, cached answer.
      const entry = await publicLoteEntry(app.db, id);
      if (!entry.data) throw notFound('NOT_FOUND', 'Lote no encontrado.');
      const lote = entry.data;
      return sendCachedJson(request, reply, entry, () => ({ success: true, data: { lote } }));
    }
    // Signed-in callers may own the lot (hidden lots and the lab's reason are visible to them).
    const viewer = await optionalUser(request);
    const { lote } = await getLote(app.db, id, viewer?.id);
    reply.header('cache-control', 'private, no-cache');
    return { success: true, data: { lote } };
  });

  app.get(
    '/productor/lotes',
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

  app.post(
    '/lotes',
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

  app.put(
    '/lotes/:id',
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

  app.delete(
    '/lotes/:id',
    { ...owner, schema: { params: IdParams, response: { 200: LoteDeletedResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      const id = loteId(request.params.id);
      await withFailureMessage(request, 'LOTE_DELETE_ERROR', () => deleteLote(app.db, user, id));
      return { success: true as const, data: { id }, message: LOTE_MESSAGES.DELETED };
    },
  );
};
