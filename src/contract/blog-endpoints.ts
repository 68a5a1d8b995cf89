import type { BlogListResponseSchema, BlogPostResponseSchema } from './blog';
import { endpoint, shapes } from './endpoint';

/** The blog's articles, public (contract/endpoint.ts). */
export const BLOG_API = {
  listar: endpoint('GET', '/api/blog', shapes<{ answer: typeof BlogListResponseSchema }>()),
  articulo: endpoint('GET', '/api/blog/:slug', shapes<{ answer: typeof BlogPostResponseSchema }>()),
};
