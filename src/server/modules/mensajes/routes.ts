import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArchivarInputSchema,
  ConversacionCreatedResponseSchema,
  ConversacionesQuerySchema,
  ConversacionesResponseSchema,
  ConversacionInputSchema,
  ConversacionResponseSchema,
  MENSAJE_MESSAGES,
  MensajeInputSchema,
  MensajeResponseSchema,
  MensajesQuerySchema,
  MensajesResponseSchema,
  ReporteInputSchema,
  ReporteResponseSchema,
} from '../../../contract/mensajes';
import { MENSAJES_API } from '../../../contract/mensajes-endpoints';
import { requireUser, signedInUser } from '../../auth/guards';
import { idempotent } from '../../idempotency';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { renderMensajesSinLeerMail } from './mail';
import {
  MENSAJES_SIN_LEER_MAIL,
  archiveConversacion,
  claimCorreosDebidos,
  handleCorreoDebido,
  listConversaciones,
  listMensajes,
  markConversacionRead,
  reportConversacion,
  sendMensaje,
  startConversacion,
} from './service';
import { sweepDue, type Task } from '../../scheduler';

export const MENSAJES_CORREO_TASK = 'mensajes.correo';
/** The e-mail a party gets for messages left unread (a per-conversation timer, swept every minute). */
export const mensajesCorreoTask: Task = {
  name: MENSAJES_CORREO_TASK,
  run: ({ db, now, log, signal }) =>
    sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) => claimCorreosDebidos(tx, now, limit),
      handle: async (tx, estado) => {
        await handleCorreoDebido(tx, estado, now);
      },
    }),
};

/**
 * Conversations (TRADE.md "Conversations", issue 17). Every call needs a session; a conversation exists only for
 * its two parties: anyone else gets 404 on every call, exactly like a missing one.
 */
export const mensajesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.outbox.register(MENSAJES_SIN_LEER_MAIL, renderMensajesSinLeerMail);

  const noStore = { 'cache-control': 'private, no-store' };
  const conversacionId = (raw: string) => idOr404(raw, MENSAJE_MESSAGES.NOT_FOUND);

  route(
    app,
    MENSAJES_API.conversaciones,
    {
      onRequest: requireUser,
      schema: { querystring: ConversacionesQuerySchema, response: { 200: ConversacionesResponseSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return {
        success: true as const,
        data: await listConversaciones(app.db, signedInUser(request).id, request.query),
      };
    },
  );

  route(
    app,
    MENSAJES_API.iniciar,
    {
      onRequest: requireUser,
      schema: {
        body: ConversacionInputSchema,
        response: { 200: ConversacionCreatedResponseSchema, 201: ConversacionCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return idempotent(request, reply, user.id, async (tx) => {
        const data = await startConversacion(tx, user, request.body, app.clock.now());
        return {
          status: data.creada ? 201 : 200,
          body: { success: true as const, data, message: MENSAJE_MESSAGES.SENT },
        };
      });
    },
  );

  route(
    app,
    MENSAJES_API.mensajes,
    {
      onRequest: requireUser,
      schema: {
        params: IdParams,
        querystring: MensajesQuerySchema,
        response: { 200: MensajesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const id = conversacionId(request.params.id);
      return { success: true as const, data: await listMensajes(app.db, signedInUser(request).id, id, request.query) };
    },
  );

  route(
    app,
    MENSAJES_API.enviar,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: MensajeInputSchema, response: { 201: MensajeResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const id = conversacionId(request.params.id);
      return idempotent(request, reply, user.id, async (tx) => {
        const mensaje = await sendMensaje(tx, app.storage, user, id, request.body, app.clock.now());
        return { status: 201, body: { success: true as const, data: { mensaje }, message: MENSAJE_MESSAGES.SENT } };
      });
    },
  );

  route(
    app,
    MENSAJES_API.leida,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: ConversacionResponseSchema } } },
    async (request) => {
      const id = conversacionId(request.params.id);
      const conversacion = await markConversacionRead(app.db, signedInUser(request).id, id, app.clock.now());
      return { success: true as const, data: { conversacion }, message: MENSAJE_MESSAGES.READ };
    },
  );

  route(
    app,
    MENSAJES_API.archivar,
    {
      onRequest: requireUser,
      schema: {
        params: IdParams,
        body: ArchivarInputSchema,
        response: { 200: ConversacionResponseSchema },
      },
    },
    async (request) => {
      const id = conversacionId(request.params.id);
      const { archivada } = request.body;
      const conversacion = await archiveConversacion(app.db, signedInUser(request).id, id, archivada, app.clock.now());
      return {
        success: true as const,
        data: { conversacion },
        message: archivada ? MENSAJE_MESSAGES.ARCHIVED : MENSAJE_MESSAGES.UNARCHIVED,
      };
    },
  );

  route(
    app,
    MENSAJES_API.reportar,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: ReporteInputSchema, response: { 201: ReporteResponseSchema } },
    },
    async (request, reply) => {
      const id = conversacionId(request.params.id);
      const reporte = await reportConversacion(app.db, signedInUser(request).id, id, request.body);
      return reply.status(201).send({ success: true, data: { reporte }, message: MENSAJE_MESSAGES.REPORTED });
    },
  );
};
