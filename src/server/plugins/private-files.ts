import type { FastifyInstance } from 'fastify';
import { signPrivateUrls } from '../storage/signed';

/**
 * Private files' addresses leave the server signed, and only in answers to a signed-in caller: the routes that
 * answer with a message or a trade document already check the caller is a party, so a link is only ever given to a
 * party, and it works for an hour (an `<img>` or a download carries no Bearer token).
 */
export function registerPrivateFileLinks(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!request.user || !payload || typeof payload !== 'object') return payload;
    return signPrivateUrls(payload, app.urlSigner, app.clock.now());
  });
}
