import type { FastifyPluginAsync } from 'fastify';

export const favoritosRoutes: FastifyPluginAsync = async () => {};
