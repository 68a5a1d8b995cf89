import type { FastifyPluginAsync } from 'fastify';
import { UuidSchema } from '../../../contract/common';
import { NOTIFICACIONES_MESSAGES, NotificacionesQuerySchema } from '../../../contract/notificaciones';
import { requireUser } from '../../auth/guards';
import { notFound } from '../../errors';
import { parseOr400 } from '../../validation';
import { renderNotificacionMail } from './mail';
import { CORREO_NOTIFICACION } from './notify';
import { countUnread, listNotificaciones, markRead, markAllRead } from './service';

/** The bell (TRADE.md): list with unread filter and count, mark one read, mark all read. Owner only. */
export const notificacionesRoutes: FastifyPluginAsync = async (app) => {
  app.outbox.register(CORREO_NOTIFICACION, renderNotificacionMail);

  app.get('/notificaciones', async (request, reply) => {
    const user = await requireUser(request);
    const query = parseOr400(NotificacionesQuerySchema, request.query);
    reply.header('cache-control', 'private, no-store');
    return { success: true, data: await listNotificaciones(app.db, user.id, query) };
  });

  app.post('/notificaciones/leidas', async (request) => {
    const user = await requireUser(request);
    const marcadas = await markAllRead(app.db, user.id, app.clock.now());
    return { success: true, data: { marcadas, noLeidas: 0 }, message: NOTIFICACIONES_MESSAGES.TODAS_MARCADAS };
  });

  app.post<{ Params: { id: string } }>('/notificaciones/:id/leida', async (request) => {
    const user = await requireUser(request);
    const id = UuidSchema.safeParse(request.params.id);
    if (!id.success) throw notFound('NOT_FOUND', NOTIFICACIONES_MESSAGES.NOT_FOUND);
    const notificacion = await markRead(app.db, user.id, id.data, app.clock.now());
    return {
      success: true,
      data: { notificacion, noLeidas: await countUnread(app.db, user.id) },
      message: NOTIFICACIONES_MESSAGES.MARCADA,
    };
  });
};
