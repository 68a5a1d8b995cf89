import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RespuestaAccionSchema,
  RespuestaInputSchema,
  RespuestaResponseSchema,
  SOLICITUD_MESSAGES,
  SolicitudAccionSchema,
  SolicitudDetalleResponseSchema,
  SolicitudInputSchema,
  SolicitudResponseSchema,
  SolicitudesResponseSchema,
  SolicitudesQuerySchema,
} from '../../../contract/solicitudes';
import { SOLICITUDES_API } from '../../../contract/solicitudes-endpoints';
import { requireComprador, requireRole, requireUser, signedInUser } from '../../auth/guards';
import { idempotent } from '../../idempotency';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import {
  createSolicitud,
  editarRespuesta,
  editarSolicitud,
  getSolicitud,
  listSolicitudes,
  moveRespuesta,
  moveSolicitud,
  responder,
} from './service';

const requireProductor = requireRole('PRODUCTOR', SOLICITUD_MESSAGES.SOLO_PRODUCTORES);

const solicitudId = (raw: string) => idOr404(raw, SOLICITUD_MESSAGES.NOT_FOUND);
const respuestaId = (raw: string) => idOr404(raw, SOLICITUD_MESSAGES.RESPUESTA_NOT_FOUND);

/**
 * Sourcing requests (issue 13): a buyer's requests and their moves, producers' answers and theirs. Only the
 * request's buyer, and producers while it is open (or once they answered), see it; a producer sees only his own
 * answer. Everyone else: 404.
 */
export const solicitudesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    SOLICITUDES_API.crear,
    {
      onRequest: requireComprador(SOLICITUD_MESSAGES.SOLO_COMPRADORES),
      schema: { body: SolicitudInputSchema, response: { 201: SolicitudResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return idempotent(request, reply, user.id, async (tx) => {
        const solicitud = await createSolicitud(tx, user, request.body, app.clock.now());
        return {
          status: 201,
          body: { success: true as const, data: { solicitud }, message: SOLICITUD_MESSAGES.CREATED },
        };
      });
    },
  );

  route(
    app,
    SOLICITUDES_API.listar,
    {
      onRequest: requireUser,
      schema: { querystring: SolicitudesQuerySchema, response: { 200: SolicitudesResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await listSolicitudes(app.db, signedInUser(request), request.query) };
    },
  );

  route(
    app,
    SOLICITUDES_API.ver,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: SolicitudDetalleResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await getSolicitud(app.db, signedInUser(request), solicitudId(request.params.id));
      return { success: true as const, data };
    },
  );

  route(
    app,
    SOLICITUDES_API.editar,
    {
      onRequest: requireComprador(SOLICITUD_MESSAGES.SOLO_COMPRADORES),
      schema: { params: IdParams, body: SolicitudInputSchema, response: { 200: SolicitudResponseSchema } },
    },
    async (request) => {
      const id = solicitudId(request.params.id);
      const solicitud = await editarSolicitud(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { solicitud }, message: SOLICITUD_MESSAGES.UPDATED };
    },
  );

  route(
    app,
    SOLICITUDES_API.mover,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: SolicitudAccionSchema, response: { 200: SolicitudResponseSchema } },
    },
    async (request) => {
      const id = solicitudId(request.params.id);
      const { accion, desde } = request.body;
      const solicitud = await moveSolicitud(app.db, signedInUser(request).id, id, accion, desde, app.clock.now());
      return { success: true as const, data: { solicitud }, message: SOLICITUD_MESSAGES.MOVED[accion] };
    },
  );

  route(
    app,
    SOLICITUDES_API.responder,
    {
      onRequest: requireProductor,
      schema: { params: IdParams, body: RespuestaInputSchema, response: { 201: RespuestaResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const id = solicitudId(request.params.id);
      return idempotent(request, reply, user.id, async (tx) => {
        const respuesta = await responder(tx, user, id, request.body, app.clock.now());
        return {
          status: 201,
          body: { success: true as const, data: { respuesta }, message: SOLICITUD_MESSAGES.RESPONDIDA },
        };
      });
    },
  );

  route(
    app,
    SOLICITUDES_API.editarRespuesta,
    {
      onRequest: requireProductor,
      schema: { params: IdParams, body: RespuestaInputSchema, response: { 200: RespuestaResponseSchema } },
    },
    async (request) => {
      const id = respuestaId(request.params.id);
      const respuesta = await editarRespuesta(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { respuesta }, message: SOLICITUD_MESSAGES.RESPUESTA_EDITADA };
    },
  );

  route(
    app,
    SOLICITUDES_API.moverRespuesta,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: RespuestaAccionSchema, response: { 200: RespuestaResponseSchema } },
    },
    async (request, reply) => {
      const id = respuestaId(request.params.id);
      const userId = signedInUser(request).id;
      const message = SOLICITUD_MESSAGES.MOVED_RESPUESTA[request.body.accion];
      // Accepting reserves stock and creates the order: it takes an Idempotency-Key like any order.
      if (request.body.accion === 'ACEPTAR') {
        return idempotent(request, reply, userId, async (tx) => {
          const respuesta = await moveRespuesta(tx, userId, id, request.body, app.clock.now());
          return { status: 200, body: { success: true as const, data: { respuesta }, message } };
        });
      }
      const respuesta = await moveRespuesta(app.db, userId, id, request.body, app.clock.now());
      return { success: true as const, data: { respuesta }, message };
    },
  );
};
