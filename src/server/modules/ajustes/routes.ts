import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DireccionLaboratorioResponseSchema } from '../../../contract/ajustes';
import { AJUSTES_API } from '../../../contract/ajustes-endpoints';
import { route } from '../../lib/route';
import { getDireccionLaboratorio } from './service';

/** The settings anyone may read: the lab's address (printed in the guide, the producer's dialog and e-mails). */
export const ajustesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    AJUSTES_API.direccionLaboratorio,
    { schema: { response: { 200: DireccionLaboratorioResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { direccion: await getDireccionLaboratorio(app.db) } };
    },
  );
};
