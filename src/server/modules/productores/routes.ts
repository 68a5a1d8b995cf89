import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '../../../contract/errors';
import { LotesListResponseSchema, PageQuerySchema } from '../../../contract/lotes';
import { NoticiasPageResponseSchema, NoticiasQuerySchema } from '../../../contract/noticias';
import {
  HomeResponseSchema,
  ProductorResponseSchema,
  ProductoresListResponseSchema,
  ProductoresQuerySchema,
  RecentNoticiasQuerySchema,
  RecentNoticiasResponseSchema,
} from '../../../contract/productores';
import { PRODUCTORES_API } from '../../../contract/productores-endpoints';
import { NOTICIAS_API } from '../../../contract/noticias-endpoints';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { validatorWith } from '../../plugins/schemas';
import { listPublishedNoticias, listRecentNoticias } from '../noticias';
import {
  assertPublicProductor,
  getHome,
  getPublicProductor,
  listProductores,
  PRODUCTOR_NOT_FOUND,
  productorLotes,
} from './service';

const productorId = (raw: string) => idOr404(raw, PRODUCTOR_NOT_FOUND);

/** Public, unauthenticated reads: producer profiles, their lots and news, and the home page's summary. */
export const productoresRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, PRODUCTORES_API.inicio, { schema: { response: { 200: HomeResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { success: true as const, data: await getHome(app) };
  });

  route(
    app,
    PRODUCTORES_API.listar,
    { schema: { querystring: ProductoresQuerySchema, response: { 200: ProductoresListResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: await listProductores(app.db, request.query) };
    },
  );

  route(
    app,
    NOTICIAS_API.recientes,
    { schema: { querystring: RecentNoticiasQuerySchema, response: { 200: RecentNoticiasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { noticias: await listRecentNoticias(app.db, request.query.limit) } };
    },
  );

  route(
    app,
    PRODUCTORES_API.ficha,
    { schema: { params: IdParams, response: { 200: ProductorResponseSchema } } },
    async (request, reply) => {
      const productor = await getPublicProductor(app.db, productorId(request.params.id));
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { productor } };
    },
  );

  route(
    app,
    PRODUCTORES_API.lotes,
    {
      // The catalogue words a failed lot list itself: "Error al obtener lotes" (docs/product.md §8).
      validatorCompiler: validatorWith(ERRORS.LOTES_LIST_ERROR),
      schema: { params: IdParams, querystring: PageQuerySchema, response: { 200: LotesListResponseSchema } },
    },
    async (request, reply) => {
      const id = productorId(request.params.id);
      await assertPublicProductor(app.db, id);
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: await productorLotes(app, id, request.query) };
    },
  );

  route(
    app,
    NOTICIAS_API.deProductor,
    { schema: { params: IdParams, querystring: NoticiasQuerySchema, response: { 200: NoticiasPageResponseSchema } } },
    async (request, reply) => {
      const id = productorId(request.params.id);
      await assertPublicProductor(app.db, id);
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: await listPublishedNoticias(app.db, id, request.query) };
    },
  );
};
