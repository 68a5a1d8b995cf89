import type { FastifyPluginAsync } from 'fastify';

export const lotesRoutes: FastifyPluginAsync = async () => {};
