import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAVORITO_MESSAGES,
  FavoritoInputSchema,
  FavoritoRemovedResponseSchema,
  FavoritoResponseSchema,
  FavoritosResponseSchema,
} from '../../../contract/lotes';
import { FAVORITOS_API } from '../../../contract/favoritos-endpoints';
import { requireComprador, signedInUser } from '../../auth/guards';
import { idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { addFavorito, listFavoritos, removeFavorito } from './service';

/** Favourites belong to buyers (docs/product.md §6); a producer gets 403, a visitor 401. */
/**
 * A buyer's saved lots: the example of a module in the new shape (docs/decisions/011). Each route declares who
 * may call it (`onRequest`), what it accepts and what it answers (the contract's schemas); the service owns the
 * rules.
 */
export const favoritosRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    FAVORITOS_API.listar,
    { onRequest: requireComprador(), schema: { response: { 200: FavoritosResponseSchema } } },
    async (request, reply) => {
      const favoritos = await listFavoritos(app.db, signedInUser(request).id);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: { favoritos } };
    },
  );

  route(
    app,
    FAVORITOS_API.guardar,
    {
      onRequest: requireComprador(),
      schema: { body: FavoritoInputSchema, response: { 200: FavoritoResponseSchema, 201: FavoritoResponseSchema } },
    },
    async (request, reply) => {
      const { favorito, created } = await addFavorito(app.db, signedInUser(request).id, request.body.loteId);
      // Saving twice is not an error: the second call answers 200 with the same favourite.
      return reply
        .status(created ? 201 : 200)
        .send({ success: true, data: { favorito }, message: FAVORITO_MESSAGES.ADDED });
    },
  );

  route(
    app,
    FAVORITOS_API.quitar,
    {
      onRequest: requireComprador(),
      schema: { params: z.object({ loteId: z.string() }), response: { 200: FavoritoRemovedResponseSchema } },
    },
    async (request) => {
      const loteId = idOr404(request.params.loteId, 'Lote no encontrado.');
      const removed = await removeFavorito(app.db, signedInUser(request).id, loteId);
      return { success: true as const, data: { loteId, removed }, message: FAVORITO_MESSAGES.REMOVED };
    },
  );
};
