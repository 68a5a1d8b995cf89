import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { IMAGE_MESSAGES } from '../../contract/images';
import { optionalUser } from '../auth/guards';
import type { DbOrTx } from '../db/client';
import { imagenes } from '../db/schema';
import { badRequest } from '../errors';
import { PUBLIC_URL_PREFIX, isSafeKey } from '../storage/index';

/** `/uploads/u/<owner>/<random>-<size>.webp`: one variant of an image upload (src/server/modules/uploads/service.ts). */
const IMAGE_UPLOAD = /^\/uploads\/(u\/([0-9a-f-]{36})\/[0-9a-f]{32})-(?:sm|md|lg)\.webp$/;
/** The demo pictures the seed draws (src/server/db/seed/images.ts): the app's own art, shared by every account. */
const DEMO_IMAGE = /^\/uploads\/demo\/[a-z0-9][a-z0-9/_.-]*\.webp$/;

/** Every string of a body that names one of our stored files, with its path (`galeriaLote.0.url`). */
function uploadAddresses(value: unknown, path: string[] = [], out: Array<[string, string]> = [], depth = 0) {
  if (typeof value === 'string') {
    if (value.startsWith(PUBLIC_URL_PREFIX) && value.length <= 500 && !/\s/.test(value))
      out.push([path.join('.') || '_', value]);
  } else if (value && typeof value === 'object' && depth <= 32) {
    for (const [k, v] of Object.entries(value)) uploadAddresses(v, [...path, k], out, depth + 1);
  }
  return out;
}

/**
 * The fields among `found` that are not the caller's own image uploads (nor the demo art): another user's upload,
 * a PDF, a file that was never uploaded.
 */
export async function foreignImages(
  db: DbOrTx,
  userId: string | undefined,
  found: Array<[string, string]>,
): Promise<string[]> {
  const bad: string[] = [];
  const wanted = new Map<string, string[]>();
  for (const [field, url] of found) {
    if (DEMO_IMAGE.test(url) && isSafeKey(url.slice(PUBLIC_URL_PREFIX.length))) continue;
    const m = IMAGE_UPLOAD.exec(url);
    if (!m || !userId || m[2] !== userId) {
      bad.push(field);
      continue;
    }
    wanted.set(m[1], [...(wanted.get(m[1]) ?? []), field]);
  }
  if (wanted.size) {
    const rows = await db
      .select({ key: imagenes.key, urls: imagenes.urls })
      .from(imagenes)
      .where(and(eq(imagenes.ownerId, userId!), inArray(imagenes.key, [...wanted.keys()])));
    const images = new Set(rows.filter((r) => r.urls.lg).map((r) => r.key));
    for (const [key, fields] of wanted) if (!images.has(key)) bad.push(...fields);
  }
  return bad;
}

/**
 * Every image field of every write (avatar, lot photos, news images, profile pictures, sample and cupping photos,
 * and any field added later) accepts only the caller's own image uploads: one check over the whole body, as the
 * storable-text check does, so that a new field cannot forget it. Another user's file, a PDF or an address that
 * was never uploaded is a 400 naming the field.
 */
export function registerOwnImagesCheck(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/')) return;
    const found = uploadAddresses(request.body);
    if (!found.length) return;
    // Routes that authenticate in their own preHandler have not run yet: identify the caller here.
    const user = request.user ?? (await optionalUser(request));
    const bad = await foreignImages(app.db, user?.id, found);
    if (bad.length) {
      throw badRequest(
        'VALIDATION_ERROR',
        undefined,
        Object.fromEntries(bad.map((field) => [field, IMAGE_MESSAGES.NOT_OWN])),
      );
    }
  });
}
