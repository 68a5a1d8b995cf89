import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ERRORS, type ErrorCode } from '../../../contract/errors';
import {
  LOTE_MESSAGES,
  LoteInputSchema,
  LotesQuerySchema,
  LoteUpdateSchema,
  ProductorLotesQuerySchema,
  type LotesPage,
} from '../../../contract/lotes';
import { idOr404 } from '../../lib/params';
import { optionalUser, requireProductorWithPerfil } from '../../auth/guards';
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
 * Unexpected failures of the lot calls answer with the specification's message for that call ("Error al
 * crear lote"...) instead of the generic one; the log keeps the real cause.
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

export const lotesRoutes: FastifyPluginAsync = async (app) => {
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

  app.get('/productor/lotes', async (request) => {
    const user = await requireProductorWithPerfil(request);
    const query = parseOr400(ProductorLotesQuerySchema, request.query, 'VALIDATION_ERROR', ERRORS.LOTES_LIST_ERROR);
    const data = await withFailureMessage(request, 'LOTES_LIST_ERROR', () =>
      listProductorLotes(app.db, user.id, query),
    );
    return { success: true, data };
  });

  app.post('/lotes', async (request, reply) => {
    const user = await requireProductorWithPerfil(request);
    const input = parseOr400(LoteInputSchema, request.body, 'VALIDATION_ERROR', ERRORS.LOTE_CREATE_ERROR);
    const lote = await withFailureMessage(request, 'LOTE_CREATE_ERROR', () => createLote(app.db, user, input));
    return reply.status(201).send({ success: true, data: { lote }, message: LOTE_MESSAGES.CREATED });
  });

  app.put<{ Params: { id: string } }>('/lotes/:id', async (request) => {
    const user = await requireProductorWithPerfil(request);
    const id = loteId(request.params.id);
    const patch = parseOr400(LoteUpdateSchema, request.body ?? {}, 'VALIDATION_ERROR', ERRORS.LOTE_UPDATE_ERROR);
    const lote = await withFailureMessage(request, 'LOTE_UPDATE_ERROR', () => updateLote(app.db, user, id, patch));
    const onlyVisibility = Object.keys(patch).length === 1 && patch.ocultar !== undefined;
    const message = onlyVisibility
      ? patch.ocultar
        ? LOTE_MESSAGES.HIDDEN
        : LOTE_MESSAGES.SHOWN
      : LOTE_MESSAGES.UPDATED;
    return { success: true, data: { lote }, message };
  });

  app.delete<{ Params: { id: string } }>('/lotes/:id', async (request) => {
    const user = await requireProductorWithPerfil(request);
    const id = loteId(request.params.id);
    await withFailureMessage(request, 'LOTE_DELETE_ERROR', () => deleteLote(app.db, user, id));
    return { success: true, data: { id }, message: LOTE_MESSAGES.DELETED };
  });
};
