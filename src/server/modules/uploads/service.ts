import { randomBytes } from 'node:crypto';
import type { UploadResult } from '../../../contract/lotes';
import type { Db } from '../../db/client';
import { imagenes } from '../../db/schema';
import type { Storage } from '../../storage/index';
import { processImage } from './image';

/**
 * Processes and stores one uploaded image for a user: the name is random and chosen here (under
 * `u/<userId>/`), never taken from the client; the row in `imagenes` lets account deletion find the files.
 */
export async function storeUpload(db: Db, storage: Storage, ownerId: string, buf: Buffer): Promise<UploadResult> {
  const image = await processImage(buf);
  const key = `u/${ownerId}/${randomBytes(16).toString('hex')}`;
  const urls: Record<string, string> = {};
  const written: string[] = [];
  try {
    for (const v of image.variants) {
      const variantKey = `${key}-${v.size}.webp`;
      urls[v.size] = await storage.put(variantKey, v.data, 'image/webp');
      written.push(variantKey);
    }
    const bytes = image.variants.find((v) => v.size === 'lg')!.data.length;
    const [row] = await db
      .insert(imagenes)
      .values({ ownerId, key, urls, bytes, width: image.width, height: image.height })
      .returning({ id: imagenes.id });
    return {
      id: row.id,
      url: urls.lg,
      urls: { sm: urls.sm, md: urls.md, lg: urls.lg },
      width: image.width,
      height: image.height,
      bytes,
    };
  } catch (err) {
    // Leave no orphan files behind a failed upload.
    await Promise.all(written.map((k) => storage.remove(k).catch(() => undefined)));
    throw err;
  }
}

export { processImage, sniffImage, MAX_INPUT_PIXELS } from './image';
