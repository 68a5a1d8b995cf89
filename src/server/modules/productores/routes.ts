import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { limitQuery } from '../../../contract/common';
import { ERRORS } from '../../../contract/errors';
import { PageQuerySchema } from '../../../contract/lotes';
import { NoticiasQuerySchema } from '../../../contract/noticias';
import { ProductoresQuerySchema } from '../../../contract/productores';
import { idOr404 } from '../../lib/params';
import { parseOr400 } from '../../validation';
import { listPublishedNoticias, listRecentNoticias } from '../noticias/service';
import {
  assertPublicProductor,
  getHome,
  getPublicProductor,
  listProductores,
  PRODUCTOR_NOT_FOUND,
  productorLotes,
} from './service';

const productorId = (raw: string) => idOr404(raw, PRODUCTOR_NOT_FOUND);

const RecentQuerySchema = z.object({ limit: limitQuery(20, 6) });

/** Public, unauthenticated reads: producer profiles, their lots and news, and the home page's summary. */
export const productoresRoutes: FastifyPluginAsync = async (app) => {
  app.get('/inicio', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { success: true, data: await getHome(app) };
  });

  app.get('/productores', async (request, reply) => {
    const query = parseOr400(ProductoresQuerySchema, request.query);
    reply.header('cache-control', 'no-cache');
    return { success: true, data: await listProductores(app.db, query) };
  });

  app.get('/noticias', async (request, reply) => {
    const { limit } = parseOr400(RecentQuerySchema, request.query);
    reply.header('cache-control', 'no-cache');
    return { success: true, data: { noticias: await listRecentNoticias(app.db, limit) } };
  });

  app.get<{ Params: { id: string } }>('/productores/:id', async (request, reply) => {
    const productor = await getPublicProductor(app.db, productorId(request.params.id));
    reply.header('cache-control', 'no-cache');
    return { success: true, data: { productor } };
  });

  app.get<{ Params: { id: string } }>('/productores/:id/lotes', async (request, reply) => {
    const id = productorId(request.params.id);
    const { page, limit } = parseOr400(PageQuerySchema, request.query, 'VALIDATION_ERROR', ERRORS.LOTES_LIST_ERROR);
    await assertPublicProductor(app.db, id);
    reply.header('cache-control', 'no-cache');
    return { success: true, data: await productorLotes(app, id, { page, limit }) };
  });

  app.get<{ Params: { id: string } }>('/productores/:id/noticias', async (request, reply) => {
    const id = productorId(request.params.id);
    const query = parseOr400(NoticiasQuerySchema, request.query);
    await assertPublicProductor(app.db, id);
    reply.header('cache-control', 'no-cache');
    return { success: true, data: await listPublishedNoticias(app.db, id, query) };
  });
};
