import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlogListResponseSchema, BlogPostResponseSchema } from '../../../contract/blog';
import { BLOG_API } from '../../../contract/blog-endpoints';
import { HttpError } from '../../errors';
import { route } from '../../lib/route';
import { loadBlog } from './service';

const POST_NOT_FOUND = 'No encontramos ese artículo del blog.';

/** Articles change only with a deploy; a few minutes of caching keeps them cheap without hiding a fix for long. */
const CACHE = 'public, max-age=300';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const blog = loadBlog();

  route(app, BLOG_API.listar, { schema: { response: { 200: BlogListResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return { success: true as const, data: { posts: blog.list() } };
  });

  route(
    app,
    BLOG_API.articulo,
    { schema: { params: z.object({ slug: z.string() }), response: { 200: BlogPostResponseSchema } } },
    async (request, reply) => {
      const post = blog.get(request.params.slug);
      if (!post) throw new HttpError(404, 'NOT_FOUND', POST_NOT_FOUND);
      reply.header('cache-control', CACHE);
      return { success: true as const, data: { post } };
    },
  );
};
