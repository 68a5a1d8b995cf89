import type { FastifyPluginAsync } from 'fastify';
import { idOr404 } from '../../lib/params';
import {
  NOTICIA_MESSAGES,
  NoticiaInputSchema,
  NoticiasQuerySchema,
  NoticiaUpdateSchema,
} from '../../../contract/noticias';
import { requireProductorWithPerfil } from '../../auth/guards';
import { parseOr400 } from '../../validation';
import { createNoticia, deleteNoticia, getOwnNoticia, listOwnNoticias, updateNoticia } from './service';

const noticiaId = (raw: string) => idOr404(raw, NOTICIA_MESSAGES.NOT_FOUND);

/** The owner's side of news: every call needs a producer with a profile and touches only their own items. */
export const noticiasRoutes: FastifyPluginAsync = async (app) => {
  app.get('/productor/noticias', async (request, reply) => {
    const user = await requireProductorWithPerfil(request);
    const query = parseOr400(NoticiasQuerySchema, request.query);
    reply.header('cache-control', 'private, no-cache');
    return { success: true, data: await listOwnNoticias(app.db, user.id, query) };
  });

  app.get<{ Params: { id: string } }>('/productor/noticias/:id', async (request, reply) => {
    const user = await requireProductorWithPerfil(request);
    const noticia = await getOwnNoticia(app.db, user.id, noticiaId(request.params.id));
    reply.header('cache-control', 'private, no-cache');
    return { success: true, data: { noticia } };
  });

  app.post('/productor/noticias', async (request, reply) => {
    const user = await requireProductorWithPerfil(request);
    const input = parseOr400(NoticiaInputSchema, request.body);
    const noticia = await createNoticia(app.db, user.id, input);
    const message = noticia.publicada ? NOTICIA_MESSAGES.PUBLISHED : NOTICIA_MESSAGES.CREATED;
    return reply.status(201).send({ success: true, data: { noticia }, message });
  });

  app.put<{ Params: { id: string } }>('/productor/noticias/:id', async (request) => {
    const user = await requireProductorWithPerfil(request);
    const id = noticiaId(request.params.id);
    const patch = parseOr400(NoticiaUpdateSchema, request.body ?? {});
    const noticia = await updateNoticia(app.db, user.id, id, patch);
    const onlyPublication = Object.keys(patch).length === 1 && patch.publicada !== undefined;
    const message = onlyPublication
      ? patch.publicada
        ? NOTICIA_MESSAGES.PUBLISHED
        : NOTICIA_MESSAGES.UNPUBLISHED
      : NOTICIA_MESSAGES.UPDATED;
    return { success: true, data: { noticia }, message };
  });

  app.delete<{ Params: { id: string } }>('/productor/noticias/:id', async (request) => {
    const user = await requireProductorWithPerfil(request);
    const id = noticiaId(request.params.id);
    await deleteNoticia(app.db, user.id, id);
    return { success: true, data: { id }, message: NOTICIA_MESSAGES.DELETED };
  });
};
