import { z } from 'zod';
import { UuidSchema } from '../../contract/common';
import { notFound } from '../errors';

/**
 * An object's id from the URL. A malformed id can name no object, so it answers exactly like a missing one
 * (404 with the object's own message), never a 400 that would tell ids apart.
 */
export function idOr404(raw: string, message: string): string {
  const parsed = UuidSchema.safeParse(raw);
  if (!parsed.success) throw notFound('NOT_FOUND', message);
  return parsed.data;
}

/**
 * A route's `:id`, declared as any text so that the handler reads it with idOr404 (a malformed id is a 404, not a
 * 400 from the validator).
 */
export const IdParams = z.object({ id: z.string() });
