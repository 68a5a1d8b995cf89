import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARCHIVO_MESSAGES } from '../../../contract/errors';
import { notFound } from '../../errors';
import { PRIVATE_PREFIX, contentTypeOf, isSafeKey } from '../../storage/index';

/**
 * GET /api/archivos/<key>?exp=…&sig=…: one private file (a message's PDF or picture, a trade document), for whoever
 * holds a link the app signed for a party a moment ago (src/server/storage/signed.ts). Never cached by anyone but the
 * party's own browser session; a PDF is always a download, never shown in our origin.
 */
export const archivosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/archivos/*',
    {
      schema: {
        params: z.object({ '*': z.string() }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const rest = request.params['*'];
      const key = PRIVATE_PREFIX + rest;
      const { exp, sig } = request.query;
      // A wrong, expired or missing signature reads like a file that is not there: nothing to learn by probing.
      if (!isSafeKey(key) || !app.urlSigner.verify(key, exp, sig, app.clock.now())) {
        throw notFound('NOT_FOUND', ARCHIVO_MESSAGES.NO_DISPONIBLE);
      }
      // A PDF sent before private files existed is still at its old public place.
      const data = (await app.storage.get(key)) ?? (rest.endsWith('.pdf') ? await app.storage.get(rest) : undefined);
      if (!data) throw notFound('NOT_FOUND', ARCHIVO_MESSAGES.NO_DISPONIBLE);
      const type = contentTypeOf(key);
      reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .type(type);
      if (type === 'application/pdf') {
        reply.header('content-disposition', 'attachment').header('content-security-policy', 'sandbox');
      }
      return reply.send(data);
    },
  );
};
