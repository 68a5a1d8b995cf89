import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../errors';
import { loadBlog } from './service';

const POST_NOT_FOUND = 'No encontramos ese artículo del blog.';

/** Articles change only with a deploy; a few minutes of caching keeps them cheap without hiding a fix for long. */
const CACHE = 'public, max-age=300';

export const blogRoutes: FastifyPluginAsync = async (app) => {
  const blog = loadBlog();

  app.get('/blog', async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return { success: true, data: { posts: blog.list() } };
  });

  app.get<{ Params: { slug: string } }>('/blog/:slug', async (request, reply) => {
    const post = blog.get(request.params.slug);
    if (!post) throw new HttpError(404, 'NOT_FOUND', POST_NOT_FOUND);
    reply.header('cache-control', CACHE);
    return { success: true, data: { post } };
  });
};
