import type { FastifyPluginAsync } from 'fastify';

export const perfilesRoutes: FastifyPluginAsync = async () => {};
