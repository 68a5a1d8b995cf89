import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';

export interface BlogPostSummary {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  tags: string[];
  cover?: string;
  readingMinutes: number;
}

export interface BlogPost extends BlogPostSummary {
  /** Rendered on the server from the repository's Markdown, with raw HTML escaped. */
  html: string;
}

// Articles change only with a deploy.
const STALE = 5 * 60_000;

export const blogListQuery = () =>
  queryOptions({
    queryKey: ['blog'],
    queryFn: ({ signal }) => api<{ data: { posts: BlogPostSummary[] } }>(API.blog, { signal, auth: false }),
    select: (res) => res.data.posts,
    staleTime: STALE,
  });

export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog', slug],
    queryFn: ({ signal }) => api<{ data: { post: BlogPost } }>(API.blogPost(slug), { signal, auth: false }),
    select: (res) => res.data.post,
    staleTime: STALE,
  });

export const useBlogPosts = () => useQuery(blogListQuery());
export const useBlogPost = (slug: string) => useQuery(blogPostQuery(slug));
