import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';
import type { BlogListResponse, BlogPost, BlogPostResponse, BlogPostSummary } from '../../../contract/blog';

export type { BlogPost, BlogPostSummary };

// Articles change only with a deploy.
const STALE = 5 * 60_000;

export const blogListQuery = () =>
  queryOptions({
    queryKey: ['blog'],
    queryFn: ({ signal }) => api<BlogListResponse>(API.blog, { signal, auth: false }),
    select: (res) => res.data.posts,
    staleTime: STALE,
  });

export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog', slug],
    queryFn: ({ signal }) => api<BlogPostResponse>(API.blogPost(slug), { signal, auth: false }),
    select: (res) => res.data.post,
    staleTime: STALE,
  });

export const useBlogPosts = () => useQuery(blogListQuery());
export const useBlogPost = (slug: string) => useQuery(blogPostQuery(slug));
