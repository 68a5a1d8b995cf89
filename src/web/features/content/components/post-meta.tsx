import type { BlogPostSummary } from '../api';
import { formatDate } from '../../../lib/format';

export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="text-sm text-gray-600 dark:text-gray-400">
      {/* Article dates are calendar days (YYYY-MM-DD), read as UTC like every date the app shows. */}
      <time dateTime={post.date}>{formatDate(`${post.date}T00:00:00Z`)}</time>
      <span aria-hidden> · </span>
      {post.author}
      <span aria-hidden> · </span>
      {post.readingMinutes} min de lectura
    </p>
  );
}

export function PostTags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Temas" className="flex flex-wrap gap-2">
      {tags.map((t) => (
        <li
          key={t}
          className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-medium text-primary-900 dark:bg-primary-950 dark:text-primary-200"
        >
          {t}
        </li>
      ))}
    </ul>
  );
}
