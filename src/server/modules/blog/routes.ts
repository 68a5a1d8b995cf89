import type { FastifyPluginAsync } from 'fastify';

export const blogRoutes: FastifyPluginAsync = async () => {};
