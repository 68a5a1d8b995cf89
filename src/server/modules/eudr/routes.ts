import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, or } from 'drizzle-orm';
import {
  EudrLoteResponseSchema,
  RiesgoInputSchema,
  RiesgoParamsSchema,
  RiesgoResponseSchema,
  RiesgosResponseSchema,
} from '../../../contract/eudr-api';
import { optionalUser, requireOperador, requireUser, signedInUser } from '../../auth/guards';
import { lotes } from '../../db/schema/lotes';
import { rowOr404 } from '../../lib/own-row';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { EUDR_API } from '../../../contract/eudr-endpoints';
import { eudrDeLote } from '../lotes';
import { setRiesgo, listRiesgos } from './riesgo';
import { geojsonDeLote, geojsonDePedido, paqueteDePedido } from './exportar';

const LOTE_NOT_FOUND = 'Lote no encontrado.';
const PEDIDO_NOT_FOUND = 'Pedido no encontrado.';

/**
 * The EU Deforestation Regulation (issue 30): a lot's readiness and what it lacks, the country risk classes (anyone
 * reads them; Cereza's operator sets them).
 */
export const eudrRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    EUDR_API.deLote,
    { schema: { params: IdParams, response: { 200: EudrLoteResponseSchema } } },
    async (request, reply) => {
      const id = idOr404(request.params.id, LOTE_NOT_FOUND);
      const viewer = await optionalUser(request);
      const visible = viewer
        ? or(eq(lotes.ocultar, false), eq(lotes.productorId, viewer.id))
        : eq(lotes.ocultar, false);
      const lote = await rowOr404(app.db, lotes, and(eq(lotes.id, id), visible), LOTE_NOT_FOUND);
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { eudr: await eudrDeLote(app.db, lote) } };
    },
  );

  route(app, EUDR_API.riesgos, { schema: { response: { 200: RiesgosResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { success: true as const, data: { riesgos: await listRiesgos(app.db) } };
  });

  route(
    app,
    EUDR_API.setRiesgo,
    {
      onRequest: requireOperador,
      schema: { params: RiesgoParamsSchema, body: RiesgoInputSchema, response: { 200: RiesgoResponseSchema } },
    },
    async (request) => {
      const riesgo = await setRiesgo(app.db, signedInUser(request), request.params.pais, request.body, app.clock.now());
      return { success: true as const, data: { riesgo }, message: 'Clase de riesgo guardada.' };
    },
  );

  // The plots in the EU Information System's GeoJSON (decision 059): a lot's for anyone who sees the lot page (its
  // plots are public there), an order's and its due-diligence pack for the order's two parties only.
  app.get('/lotes/:id/eudr.geojson', { schema: { params: IdParams } }, async (request, reply) => {
    const id = idOr404(request.params.id, LOTE_NOT_FOUND);
    const viewer = await optionalUser(request);
    const { texto, codigo } = await geojsonDeLote(app.db, id, viewer?.id);
    return reply
      .type('application/geo+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="eudr-lote-${encodeURIComponent(codigo)}.geojson"`)
      .send(texto);
  });

  app.get(
    '/pedidos/:id/eudr.geojson',
    { onRequest: requireUser, schema: { params: IdParams } },
    async (request, reply) => {
      const id = idOr404(request.params.id, PEDIDO_NOT_FOUND);
      const { texto, numero } = await geojsonDePedido(app.db, signedInUser(request).id, id);
      return reply
        .type('application/geo+json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="eudr-${numero}.geojson"`)
        .send(texto);
    },
  );

  app.get(
    '/pedidos/:id/diligencia.pdf',
    { onRequest: requireUser, schema: { params: IdParams } },
    async (request, reply) => {
      const id = idOr404(request.params.id, PEDIDO_NOT_FOUND);
      const { pdf, numero } = await paqueteDePedido(app.db, signedInUser(request).id, id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="diligencia-debida-${numero}.pdf"`)
        .send(pdf);
    },
  );
};
