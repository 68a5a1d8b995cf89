import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { idOr404 } from '../../lib/params';
import { FAVORITO_MESSAGES, FavoritoInputSchema } from '../../../contract/lotes';
import { canSaveFavoritos, requireUser, type UserRow } from '../../auth/guards';
import { forbidden } from '../../errors';
import { parseOr400 } from '../../validation';
import { addFavorito, listFavoritos, removeFavorito } from './service';

/** Favourites belong to buyers (PRODUCT.md); a producer gets 403, a visitor 401. */
async function requireComprador(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (!canSaveFavoritos(user)) throw forbidden('ROLE_REQUIRED');
  return user;
}

export const favoritosRoutes: FastifyPluginAsync = async (app) => {
  app.get('/favoritos', async (request, reply) => {
    const user = await requireComprador(request);
    reply.header('cache-control', 'private, no-store');
    return { success: true, data: { favoritos: await listFavoritos(app.db, user.id) } };
  });

  app.post('/favoritos', async (request, reply) => {
    const user = await requireComprador(request);
    const { loteId } = parseOr400(FavoritoInputSchema, request.body);
    const { favorito, created } = await addFavorito(app.db, user.id, loteId);
    // Saving twice is not an error: the second call answers 200 with the same favourite.
    return reply
      .status(created ? 201 : 200)
      .send({ success: true, data: { favorito }, message: FAVORITO_MESSAGES.ADDED });
  });

  app.delete<{ Params: { loteId: string } }>('/favoritos/:loteId', async (request) => {
    const user = await requireComprador(request);
    const loteId = idOr404(request.params.loteId, 'Lote no encontrado.');
    const removed = await removeFavorito(app.db, user.id, loteId);
    return { success: true, data: { loteId, removed }, message: FAVORITO_MESSAGES.REMOVED };
  });
};
