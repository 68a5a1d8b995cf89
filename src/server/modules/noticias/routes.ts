import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTICIA_MESSAGES,
  NoticiaDeletedResponseSchema,
  NoticiaInputSchema,
  NoticiaResponseSchema,
  NoticiasPageResponseSchema,
  NoticiasQuerySchema,
  NoticiaUpdateBodySchema,
} from '../../../contract/noticias';
import { NOTICIAS_API } from '../../../contract/noticias-endpoints';
import { requireProductorWithPerfil, signedInUser } from '../../auth/guards';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { createNoticia, deleteNoticia, getOwnNoticia, listOwnNoticias, updateNoticia } from './service';

const noticiaId = (raw: string) => idOr404(raw, NOTICIA_MESSAGES.NOT_FOUND);

/**
 * The owner's side of news: every call needs a producer with a profile and touches only their own items; another
 * producer's item answers 404 like a missing one (the service's ownership check). Written in the module shape of
 * docs/decisions/011.
 */
export const noticiasRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = { onRequest: requireProductorWithPerfil };

  route(
    app,
    NOTICIAS_API.mias,
    { ...owner, schema: { querystring: NoticiasQuerySchema, response: { 200: NoticiasPageResponseSchema } } },
    async (request, reply) => {
      const page = await listOwnNoticias(app.db, signedInUser(request).id, request.query);
      reply.header('cache-control', 'private, no-cache');
      return { success: true as const, data: page };
    },
  );

  route(
    app,
    NOTICIAS_API.mia,
    { ...owner, schema: { params: IdParams, response: { 200: NoticiaResponseSchema } } },
    async (request, reply) => {
      const noticia = await getOwnNoticia(app.db, signedInUser(request).id, noticiaId(request.params.id));
      reply.header('cache-control', 'private, no-cache');
      return { success: true as const, data: { noticia } };
    },
  );

  route(
    app,
    NOTICIAS_API.crear,
    { ...owner, schema: { body: NoticiaInputSchema, response: { 201: NoticiaResponseSchema } } },
    async (request, reply) => {
      const noticia = await createNoticia(app.db, signedInUser(request).id, request.body);
      const message = noticia.publicada ? NOTICIA_MESSAGES.PUBLISHED : NOTICIA_MESSAGES.CREATED;
      return reply.status(201).send({ success: true, data: { noticia }, message });
    },
  );

  route(
    app,
    NOTICIAS_API.actualizar,
    {
      ...owner,
      // A PUT without a body changes nothing but the date of the last update, as before.
      schema: { params: IdParams, body: NoticiaUpdateBodySchema, response: { 200: NoticiaResponseSchema } },
    },
    async (request) => {
      const id = noticiaId(request.params.id);
      const patch = request.body;
      const noticia = await updateNoticia(app.db, signedInUser(request).id, id, patch);
      const onlyPublication = Object.keys(patch).length === 1 && patch.publicada !== undefined;
      const message = onlyPublication
        ? patch.publicada
          ? NOTICIA_MESSAGES.PUBLISHED
          : NOTICIA_MESSAGES.UNPUBLISHED
        : NOTICIA_MESSAGES.UPDATED;
      return { success: true as const, data: { noticia }, message };
    },
  );

  route(
    app,
    NOTICIAS_API.eliminar,
    { ...owner, schema: { params: IdParams, response: { 200: NoticiaDeletedResponseSchema } } },
    async (request) => {
      const id = noticiaId(request.params.id);
      await deleteNoticia(app.db, signedInUser(request).id, id);
      return { success: true as const, data: { id }, message: NOTICIA_MESSAGES.DELETED };
    },
  );
};
