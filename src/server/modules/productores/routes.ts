import type { FastifyPluginAsync } from 'fastify';

export const productoresRoutes: FastifyPluginAsync = async () => {};
