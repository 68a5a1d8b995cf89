import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary } from '../../../contract/blog';
import { BLOG_API } from '../../../contract/blog-endpoints';
import { call } from '../../lib/api';

export type { BlogPost, BlogPostSummary };

// Articles change only with a deploy.
const STALE = 5 * 60_000;

export const blogListQuery = () =>
  queryOptions({
    queryKey: ['blog'],
    queryFn: ({ signal }) => call(BLOG_API.listar, { signal, auth: false }),
    select: (res) => res.data.posts,
    staleTime: STALE,
  });

export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog', slug],
    queryFn: ({ signal }) => call(BLOG_API.articulo, { params: { slug }, signal, auth: false }),
    select: (res) => res.data.post,
    staleTime: STALE,
  });

export const useBlogPosts = () => useQuery(blogListQuery());
export const useBlogPost = (slug: string) => useQuery(blogPostQuery(slug));
