import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CataLaboratorioInputSchema,
  CataLaboratorioResponseSchema,
  CataPublicaResponseSchema,
  LABORATORIO_MESSAGES,
  LoteAccionSchema,
  LoteLaboratorioDetalleResponseSchema,
  LoteLaboratorioResponseSchema,
  LotesLaboratorioQuerySchema,
  LotesLaboratorioResponseSchema,
  puntos,
} from '../../../contract/laboratorio';
import { LABORATORIO_API } from '../../../contract/laboratorio-endpoints';
import { requireLaboratorio, requireUser, signedInUser } from '../../auth/guards';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { catarLote, cataPublica, getLoteLaboratorio, listLaboratorio, moveLote } from './service';

const loteId = (raw: string) => idOr404(raw, LABORATORIO_MESSAGES.NOT_FOUND);

/**
 * Cereza's quality lab (TRADE.md "The quality lab", docs/decisions/022–023): the lab's queue, the lot's moves
 * (the producer's ENVIAR, the lab's RECIBIR), the lab's cupping, and the lab's sheet of a verified lot for
 * everyone. Only LABORATORIO accounts list the queue or cup (403 for anyone else); a lot is a 404 to whoever
 * is not its producer or the lab it was sent to.
 */
export const laboratorioRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    LABORATORIO_API.lotes,
    {
      onRequest: requireLaboratorio,
      schema: { querystring: LotesLaboratorioQuerySchema, response: { 200: LotesLaboratorioResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await listLaboratorio(app.db, request.query) };
    },
  );

  route(
    app,
    LABORATORIO_API.lote,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: LoteLaboratorioDetalleResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await getLoteLaboratorio(app.db, signedInUser(request), loteId(request.params.id));
      return { success: true as const, data };
    },
  );

  route(
    app,
    LABORATORIO_API.mover,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: LoteAccionSchema, response: { 200: LoteLaboratorioResponseSchema } },
    },
    async (request) => {
      const id = loteId(request.params.id);
      const lote = await moveLote(app.db, signedInUser(request), id, request.body, app.clock.now());
      return { success: true as const, data: { lote }, message: LABORATORIO_MESSAGES.MOVED[request.body.accion] };
    },
  );

  route(
    app,
    LABORATORIO_API.catar,
    {
      onRequest: requireLaboratorio,
      schema: { params: IdParams, body: CataLaboratorioInputSchema, response: { 201: CataLaboratorioResponseSchema } },
    },
    async (request, reply) => {
      const id = loteId(request.params.id);
      const data = await catarLote(app.db, signedInUser(request), id, request.body, app.clock.now());
      const p = puntos(data.cata.puntajeTotal);
      const message =
        data.lote.status === 'VERIFICADO' ? LABORATORIO_MESSAGES.VERIFICADO(p) : LABORATORIO_MESSAGES.RECHAZADO(p);
      return reply.status(201).send({ success: true as const, data, message });
    },
  );

  route(
    app,
    LABORATORIO_API.cataPublica,
    { schema: { params: IdParams, response: { 200: CataPublicaResponseSchema } } },
    async (request) => {
      const cata = await cataPublica(app.db, loteId(request.params.id));
      return { success: true as const, data: { cata } };
    },
  );
};
