import { z } from 'zod';
import { okResponse } from './common';

/** The blog's answers (GET /api/blog, GET /api/blog/{slug}); articles are Markdown files in content/blog/. */
export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  cover: z.string().optional(),
  readingMinutes: z.number(),
});
export type BlogPostSummary = z.output<typeof BlogPostSummarySchema>;

export const BlogPostSchema = BlogPostSummarySchema.extend({
  /** Rendered on the server from the repository's Markdown, with raw HTML escaped. */
  html: z.string(),
});
export type BlogPost = z.output<typeof BlogPostSchema>;

export const BlogListResponseSchema = okResponse(z.object({ posts: z.array(BlogPostSummarySchema) }));
export type BlogListResponse = z.output<typeof BlogListResponseSchema>;
export const BlogPostResponseSchema = okResponse(z.object({ post: BlogPostSchema }));
export type BlogPostResponse = z.output<typeof BlogPostResponseSchema>;
