import { randomBytes } from 'node:crypto';
import { DOCUMENTO_MESSAGES, type DocumentoResult, type UploadResult } from '../../../contract/lotes';
import type { Db } from '../../db/client';
import { imagenes } from '../../db/schema/imagenes';
import { PRIVATE_PREFIX, type Storage } from '../../storage/index';
import { badRequest } from '../../errors';
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

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** A PDF by its first bytes: `%PDF-` (the name and the declared type are the client's claims). */
export const isPdf = (buf: Buffer): boolean => buf.length > PDF_MAGIC.length && buf.subarray(0, 5).equals(PDF_MAGIC);

// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f"<>|:*?]/g;

/** The sender's file name, safe to show and to put in a header: no path, no control or quote characters. */
export function nombreDocumento(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const limpio = base.replace(UNSAFE_NAME_CHARS, '').replace(/\s+/g, ' ').trim().slice(0, 120);
  if (!limpio || limpio.startsWith('.')) return 'documento.pdf';
  return /\.pdf$/i.test(limpio) ? limpio : `${limpio}.pdf`;
}

/**
 * Stores one PDF for a user as it came (no parsing), under a random private `.pdf` key; 400 when its first bytes are not
 * `%PDF-`. Its row in `imagenes` (width and height 0, `urls.pdf` and the file's name in `urls.nombre`) is what
 * account deletion and "only your own uploads" go by, as for images.
 */
export async function storeDocumento(
  db: Db,
  storage: Storage,
  ownerId: string,
  buf: Buffer,
  filename: string | undefined,
): Promise<DocumentoResult> {
  if (!isPdf(buf))
    throw badRequest('VALIDATION_ERROR', DOCUMENTO_MESSAGES.NO_ES_PDF, { file: DOCUMENTO_MESSAGES.NO_ES_PDF });
  const nombre = nombreDocumento(filename);
  // Private: read only by the parties, through the app (src/server/storage).
  const key = `${PRIVATE_PREFIX}u/${ownerId}/${randomBytes(16).toString('hex')}.pdf`;
  const url = await storage.put(key, buf, 'application/pdf');
  try {
    const [row] = await db
      .insert(imagenes)
      .values({ ownerId, key, urls: { pdf: url, nombre }, bytes: buf.length, width: 0, height: 0 })
      .returning({ id: imagenes.id });
    return { id: row.id, url, nombre, bytes: buf.length };
  } catch (err) {
    await storage.remove(key).catch(() => undefined);
    throw err;
  }
}

export { processImage, sniffImage, MAX_INPUT_PIXELS } from './image';
