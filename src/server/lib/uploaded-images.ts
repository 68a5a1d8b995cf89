import { inArray } from 'drizzle-orm';
import { IMAGE_MESSAGES, isCoverTooSmall } from '../../contract/images';
import type { DbOrTx } from '../db/client';
import { imagenes } from '../db/schema';
import { badRequest } from '../errors';

/** `/uploads/<key>-<size>.webp`, the addresses an upload answers (src/server/modules/uploads/service.ts). */
const UPLOAD_VARIANT = /^\/uploads\/(.+)-(?:sm|md|lg)\.webp$/;

/**
 * The size each address's upload was recorded with (the large variant, which is the original when smaller than
 * it). Addresses that are not uploads we recorded (the demo pictures, which are large) are absent.
 */
async function recordedSizes(db: DbOrTx, urls: string[]): Promise<Map<string, { width: number; height: number }>> {
  const keyOf = new Map<string, string>();
  for (const url of urls) {
    const key = UPLOAD_VARIANT.exec(url)?.[1];
    if (key) keyOf.set(url, key);
  }
  if (!keyOf.size) return new Map();
  const rows = await db
    .select({ key: imagenes.key, width: imagenes.width, height: imagenes.height })
    .from(imagenes)
    .where(inArray(imagenes.key, [...new Set(keyOf.values())]));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return new Map(
    [...keyOf].flatMap(([url, key]) => {
      const row = byKey.get(key);
      return row ? [[url, { width: row.width, height: row.height }]] : [];
    }),
  );
}

/**
 * A new cover must be large enough to be shown large (COVER_MIN): a 400 naming `field` otherwise (with the call's
 * own failure message, if it has one). The size is the one the server measured when the image was uploaded, never
 * the client's claim.
 */
export async function checkCoverSize(
  db: DbOrTx,
  url: string | null | undefined,
  field: string,
  failureMessage?: string,
): Promise<void> {
  if (!url) return;
  const size = (await recordedSizes(db, [url])).get(url);
  if (size && isCoverTooSmall(size)) {
    throw badRequest('VALIDATION_ERROR', failureMessage, { [field]: IMAGE_MESSAGES.coverTooSmall(size) });
  }
}
