import type { FastifyPluginAsync } from 'fastify';

export const uploadsRoutes: FastifyPluginAsync = async () => {};
