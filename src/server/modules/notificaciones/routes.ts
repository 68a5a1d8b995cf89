import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICACION_MESSAGES,
  NotificacionesQuerySchema,
  NotificacionesReadResponseSchema,
  NotificacionesResponseSchema,
  NotificacionReadResponseSchema,
} from '../../../contract/notificaciones';
import { NOTIFICACIONES_API } from '../../../contract/notificaciones-endpoints';
import { requireUser, signedInUser } from '../../auth/guards';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { renderNotificacionMail } from './mail';
import { NOTIFICACION_MAIL } from './notify';
import { countUnread, listNotificaciones, markAllRead, markRead } from './service';

/**
 * The bell (docs/product.md §12): list with unread filter and count, mark one read, mark all read. Only the owner
 * sees or marks a notification; another account's id answers like a missing one (404).
 */
export const notificacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.outbox.register(NOTIFICACION_MAIL, renderNotificacionMail);

  route(
    app,
    NOTIFICACIONES_API.listar,
    {
      onRequest: requireUser,
      schema: { querystring: NotificacionesQuerySchema, response: { 200: NotificacionesResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: await listNotificaciones(app.db, signedInUser(request).id, request.query),
      };
    },
  );

  route(
    app,
    NOTIFICACIONES_API.leidas,
    { onRequest: requireUser, schema: { response: { 200: NotificacionesReadResponseSchema } } },
    async (request) => {
      const marcadas = await markAllRead(app.db, signedInUser(request).id, app.clock.now());
      return {
        success: true as const,
        data: { marcadas, noLeidas: 0 },
        message: NOTIFICACION_MESSAGES.ALL_MARKED_READ,
      };
    },
  );

  route(
    app,
    NOTIFICACIONES_API.leida,
    {
      onRequest: requireUser,
      schema: { params: IdParams, response: { 200: NotificacionReadResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const id = idOr404(request.params.id, NOTIFICACION_MESSAGES.NOT_FOUND);
      const notificacion = await markRead(app.db, user.id, id, app.clock.now());
      return {
        success: true as const,
        data: { notificacion, noLeidas: await countUnread(app.db, user.id) },
        message: NOTIFICACION_MESSAGES.MARKED_READ,
      };
    },
  );
};
