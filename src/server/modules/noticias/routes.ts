import type { FastifyPluginAsync } from 'fastify';

export const noticiasRoutes: FastifyPluginAsync = async () => {};
