import { useState } from 'react';
import { srcSetOf } from '../../lib/image';

/** A round picture with the initials as fallback (never a broken image). */
export function Avatar({
  src,
  name,
  size = 40,
  className = '',
  loading = 'lazy',
}: {
  src?: string | null;
  name: string;
  size?: number;
  className?: string;
  /** `eager` for an avatar at the top of a page (a lazy image there waits for layout). */
  loading?: 'lazy' | 'eager';
}) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?';
  const style = { width: size, height: size };
  // An image that fails to load (deleted, offline, blocked) gives way to the initials, never to its alt text.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        srcSet={srcSetOf(src)}
        sizes={`${size}px`}
        alt={name}
        width={size}
        height={size}
        loading={loading}
        decoding="async"
        style={style}
        onError={() => setFailed(src)}
        className={`shrink-0 overflow-hidden rounded-full object-cover text-[0px] ring-2 ring-white dark:ring-gray-900 ${className}`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      style={{ ...style, fontSize: size * 0.38 }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800 ring-2 ring-white dark:bg-primary-900 dark:text-primary-100 dark:ring-gray-900 ${className}`}
    >
      {initials}
    </span>
  );
}
