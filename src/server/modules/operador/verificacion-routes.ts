import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EnviarVerificacionSchema, VERIFICACION_MESSAGES } from '../../../contract/verificacion';
import { requireRole, signedInUser } from '../../auth/guards';
import { enviarVerificacion, miVerificacion } from './verificaciones';

/**
 * The producer's side of the organisation check (KYB, docs/decisions/052): GET his request and badge, POST a new
 * request. Producers only (a visitor 401, any other account 403); the operator's side is under /api/operador.
 */
export const verificacionRoutes: FastifyPluginAsyncZod = async (app) => {
  const productor = { onRequest: requireRole('PRODUCTOR') };

  app.get('/productor/verificacion', productor, async (request) => ({
    success: true as const,
    data: await miVerificacion(app.db, signedInUser(request)),
  }));

  app.post(
    '/productor/verificacion',
    { ...productor, schema: { body: EnviarVerificacionSchema } },
    async (request, reply) => {
      const data = await enviarVerificacion(app.db, signedInUser(request), request.body, app.clock.now());
      return reply.status(201).send({ success: true as const, data, message: VERIFICACION_MESSAGES.ENVIADA });
    },
  );
};
