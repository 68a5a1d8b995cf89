import { z } from 'zod';
import './zod-es';

/*
 * Image addresses in lots and profiles. Only our own uploads are accepted: the Content Security Policy lets the
 * browser load images from this origin alone, so any other address would be a broken picture (and an address a
 * producer could use to track visitors). The storage writes keys in lower case (src/server/storage).
 * docs/decisions/017-imagenes-de-lotes-y-perfiles.md.
 */

/** `/uploads/<key>` exactly as the storage names its files. */
const UPLOAD_URL = /^\/uploads\/[a-z0-9][a-z0-9/_.-]*$/;

export const isUploadUrl = (v: string): boolean => UPLOAD_URL.test(v) && !v.includes('..') && v.length <= 500;

/**
 * A cover (a lot's first photo, a producer's banner) is shown large: a smaller image turns blurry. The server
 * refuses a new cover under this size (it knows every upload's size); the forms warn as soon as it is chosen.
 */
export const COVER_MIN = { width: 1000, height: 500 } as const;

export const IMAGE_MESSAGES = {
  NOT_UPLOAD: 'Sube la imagen desde tu equipo: solo se admiten imágenes subidas a Cereza.',
  NOT_OWN: 'Usa una imagen que hayas subido tú: esta no es una de tus imágenes.',
  coverTooSmall: (size: { width: number; height: number }) =>
    `La portada debe medir al menos ${COVER_MIN.width} × ${COVER_MIN.height} píxeles y esta mide ${size.width} × ${size.height}. Elige una foto más grande.`,
} as const;

export const isCoverTooSmall = (size: { width?: number | null; height?: number | null }): boolean =>
  typeof size.width === 'number' &&
  typeof size.height === 'number' &&
  (size.width < COVER_MIN.width || size.height < COVER_MIN.height);

/** An image field: one of our uploads, trimmed. */
export const UploadUrlSchema = z
  .string({ error: IMAGE_MESSAGES.NOT_UPLOAD })
  .trim()
  .refine(isUploadUrl, { error: IMAGE_MESSAGES.NOT_UPLOAD });
