import { availableParallelism } from 'node:os';
import type { Metadata } from 'sharp';
import { IMAGE_SIZES, type ImageSize, UPLOAD_MESSAGES } from '../../../contract/lotes';
import { HttpError } from '../../errors';
import { BoundedQueue } from '../../lib/bounded-queue';
import { loadSharp } from '../../lib/sharp';

/**
 * Decoding more than this many pixels would let one small file take the server's memory (a "pixel bomb"). The
 * largest variant is 1600 px wide, so 25 MP (a 6000 × 4000 camera photo fits) is more than the interface needs; a
 * 40 MP PNG took ~4 s of CPU and ~50 MB.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/**
 * Decoding and re-encoding is the heaviest work the server does (up to seconds of CPU and tens of MB each): it
 * runs one image at a time per spare core, each on one libvips thread, so uploads never starve the requests
 * beside them (20 parallel 40 MP uploads drove memory to ~1 GB and health checks to 1.1 s). A few more wait their
 * turn; beyond that the upload is refused with 503 and Retry-After.
 */
export const imageQueue = new BoundedQueue(Math.max(1, availableParallelism() - 1), 8);
const busy = () =>
  new HttpError(503, 'SERVICE_UNAVAILABLE', UPLOAD_MESSAGES.OCUPADO, undefined, { 'retry-after': '5' });

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The real type of an upload, from its first bytes: names and declared types are the client's claims. */
export function sniffImage(buf: Buffer): ImageKind | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

export interface ProcessedVariant {
  size: ImageSize;
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  variants: ProcessedVariant[];
  /** Size of the largest variant, after rotation. */
  width: number;
  height: number;
}

const unsupported = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.TIPO_NO_ADMITIDO);
const tooManyPixels = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.DEMASIADOS_PIXELES);
const unreadable = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.ILEGIBLE);

/**
 * Re-encodes an uploaded JPEG, PNG or WebP to WebP in the sizes the interface uses (never enlarged),
 * upright (EXIF orientation applied) and with every metadata block dropped: no EXIF, GPS, XMP or ICC
 * comments survive, because sharp writes none unless asked to. Throws 415/413 HttpErrors for anything else.
 */
export async function processImage(buf: Buffer): Promise<ProcessedImage> {
  const kind = sniffImage(buf);
  if (!kind) throw unsupported();

  let meta: Metadata;
  try {
    // Reading the header does not decode pixels, so the size check happens before any large allocation.
    meta = await (await loadSharp())(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (meta.format !== kind) throw unsupported();
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  return imageQueue.run(() => encodeVariants(buf), busy);
}

async function encodeVariants(buf: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const base = sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true }).rotate();
  try {
    const variants = await Promise.all(
      (Object.entries(IMAGE_SIZES) as Array<[ImageSize, number]>).map(async ([size, width]) => {
        const { data, info } = await base
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { size, data, width: info.width, height: info.height };
      }),
    );
    const lg = variants.find((v) => v.size === 'lg')!;
    return { variants, width: lg.width, height: lg.height };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw unreadable();
  }
}
