import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UuidSchema } from '../../../contract/common';
import { FAVORITO_MESSAGES, FavoritoInputSchema } from '../../../contract/lotes';
import { canSaveFavoritos, requireUser, type UserRow } from '../../auth/guards';
import { forbidden, notFound } from '../../errors';
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
    const parsed = UuidSchema.safeParse(request.params.loteId);
    if (!parsed.success) throw notFound('NOT_FOUND', 'Lote no encontrado.');
    const removed = await removeFavorito(app.db, user.id, parsed.data);
    return { success: true, data: { loteId: parsed.data, removed }, message: FAVORITO_MESSAGES.REMOVED };
  });
};
