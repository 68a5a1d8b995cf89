import { IMAGE_SIZES } from '../../contract/lotes-codes';

/**
 * Uploaded photos are stored in three widths with one name (…-sm, …-md, …-lg, see the uploads module):
 * the srcset that lets a phone download the 400 or 800 px copy instead of the 1600 px one. Other URLs
 * (external avatars, old data) get none.
 */
export function srcSetOf(url: string | null | undefined): string | undefined {
  const m = url?.match(/^(.*)-(?:sm|md|lg)(\.[a-z0-9]+)$/i);
  if (!m) return undefined;
  return (Object.entries(IMAGE_SIZES) as [string, number][])
    .map(([size, width]) => `${m[1]}-${size}${m[2]} ${width}w`)
    .join(', ');
}
