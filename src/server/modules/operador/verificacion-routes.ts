import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EnviarVerificacionSchema,
  MiVerificacionResponseSchema,
  VERIFICACION_MESSAGES,
  VerificacionEnviadaResponseSchema,
} from '../../../contract/verificacion';
import { VERIFICACION_API } from '../../../contract/verificacion-endpoints';
import { requireRole, signedInUser } from '../../auth/guards';
import { route } from '../../lib/route';
import { enviarVerificacion, miVerificacion } from './verificaciones';

/**
 * The producer's side of the organisation check (KYB, docs/decisions/052): GET his request and badge, POST a new
 * request. Producers only (a visitor 401, any other account 403); the operator's side is under /api/operador.
 */
export const verificacionRoutes: FastifyPluginAsyncZod = async (app) => {
  const productor = { onRequest: requireRole('PRODUCTOR') };

  route(
    app,
    VERIFICACION_API.mia,
    { ...productor, schema: { response: { 200: MiVerificacionResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await miVerificacion(app.db, signedInUser(request)),
    }),
  );

  route(
    app,
    VERIFICACION_API.enviar,
    { ...productor, schema: { body: EnviarVerificacionSchema, response: { 201: VerificacionEnviadaResponseSchema } } },
    async (request, reply) => {
      const data = await enviarVerificacion(app.db, signedInUser(request), request.body, app.clock.now());
      return reply.status(201).send({ success: true as const, data, message: VERIFICACION_MESSAGES.ENVIADA });
    },
  );
};
