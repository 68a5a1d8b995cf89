import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdResponseSchema,
  LineaInputSchema,
  LineaResponseSchema,
  LinkPedidoSchema,
  PLAN_MESSAGES,
  PlanInputSchema,
  PlanResponseSchema,
  PlanificadoresResponseSchema,
  PlazosResponseSchema,
  PlazosInputSchema,
} from '../../../contract/planificadores';
import { PLANIFICADORES_API } from '../../../contract/planificadores-endpoints';
import { requireComprador, signedInUser } from '../../auth/guards';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import type { Task } from '../../scheduler';
import {
  avisarLineasAtrasadas,
  createLinea,
  createPlan,
  desvincularPedido,
  editarLinea,
  deleteLinea,
  deletePlan,
  savePlazos,
  listPlanes,
  vincularPedido,
} from './service';

export const PLAN_TASK = 'planificadores.avisos';
/** Lines past their contracting date: checked hourly. */
export const planTask: Task = {
  name: PLAN_TASK,
  everyMs: 60 * 60 * 1000,
  run: ({ db, now }) => avisarLineasAtrasadas(db, now),
};

const PedidoParams = z.object({ id: z.string(), pedidoId: z.string() });
const planId = (raw: string) => idOr404(raw, PLAN_MESSAGES.NOT_FOUND);
const lineaId = (raw: string) => idOr404(raw, PLAN_MESSAGES.LINEA_NOT_FOUND);

/** Purchase planners (issue 13): the buyer's own plans, lines, lead times and linked orders; anyone else's is 404. */
export const planificadoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: requireComprador(PLAN_MESSAGES.SOLO_COMPRADORES) };
  const me = (r: FastifyRequest) => signedInUser(r).id;

  route(
    app,
    PLANIFICADORES_API.listar,
    { ...guard, schema: { response: { 200: PlanificadoresResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await listPlanes(app.db, me(request), app.clock.now()) };
    },
  );

  route(
    app,
    PLANIFICADORES_API.crear,
    { ...guard, schema: { body: PlanInputSchema, response: { 201: PlanResponseSchema } } },
    async (request, reply) => {
      const plan = await createPlan(app.db, me(request), request.body, app.clock.now());
      return reply.status(201).send({ success: true as const, data: { plan }, message: PLAN_MESSAGES.CREATED });
    },
  );

  route(
    app,
    PLANIFICADORES_API.eliminar,
    { ...guard, schema: { params: IdParams, response: { 200: IdResponseSchema } } },
    async (request) => {
      const id = await deletePlan(app.db, me(request), planId(request.params.id));
      return { success: true as const, data: { id }, message: PLAN_MESSAGES.DELETED };
    },
  );

  route(
    app,
    PLANIFICADORES_API.crearLinea,
    { ...guard, schema: { params: IdParams, body: LineaInputSchema, response: { 201: LineaResponseSchema } } },
    async (request, reply) => {
      const linea = await createLinea(app.db, me(request), planId(request.params.id), request.body, app.clock.now());
      return reply.status(201).send({ success: true as const, data: { linea }, message: PLAN_MESSAGES.LINEA_CREADA });
    },
  );

  route(
    app,
    PLANIFICADORES_API.editarLinea,
    { ...guard, schema: { params: IdParams, body: LineaInputSchema, response: { 200: LineaResponseSchema } } },
    async (request) => {
      const linea = await editarLinea(app.db, me(request), lineaId(request.params.id), request.body, app.clock.now());
      return { success: true as const, data: { linea }, message: PLAN_MESSAGES.LINEA_GUARDADA };
    },
  );

  route(
    app,
    PLANIFICADORES_API.eliminarLinea,
    { ...guard, schema: { params: IdParams, response: { 200: IdResponseSchema } } },
    async (request) => {
      const id = await deleteLinea(app.db, me(request), lineaId(request.params.id));
      return { success: true as const, data: { id }, message: PLAN_MESSAGES.LINEA_ELIMINADA };
    },
  );

  route(
    app,
    PLANIFICADORES_API.plazos,
    { ...guard, schema: { body: PlazosInputSchema, response: { 200: PlazosResponseSchema } } },
    async (request) => {
      await savePlazos(app.db, me(request), request.body.plazos);
      return {
        success: true as const,
        data: await listPlanes(app.db, me(request), app.clock.now()),
        message: PLAN_MESSAGES.PLAZOS,
      };
    },
  );

  route(
    app,
    PLANIFICADORES_API.vincularPedido,
    { ...guard, schema: { params: IdParams, body: LinkPedidoSchema, response: { 200: LineaResponseSchema } } },
    async (request) => {
      const id = lineaId(request.params.id);
      const linea = await vincularPedido(app.db, me(request), id, request.body.pedidoId, app.clock.now());
      return { success: true as const, data: { linea }, message: PLAN_MESSAGES.VINCULADO };
    },
  );

  route(
    app,
    PLANIFICADORES_API.desvincularPedido,
    { ...guard, schema: { params: PedidoParams, response: { 200: LineaResponseSchema } } },
    async (request) => {
      const id = lineaId(request.params.id);
      const pedido = idOr404(request.params.pedidoId, PLAN_MESSAGES.PEDIDO_NOT_FOUND);
      const linea = await desvincularPedido(app.db, me(request), id, pedido, app.clock.now());
      return { success: true as const, data: { linea }, message: PLAN_MESSAGES.DESVINCULADO };
    },
  );
};
