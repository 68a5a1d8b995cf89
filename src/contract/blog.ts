/** The blog's answers (GET /api/blog, GET /api/blog/{slug}); articles are Markdown files in content/blog/. */
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
