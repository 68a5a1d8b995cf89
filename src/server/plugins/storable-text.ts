import type { FastifyInstance } from 'fastify';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../contract/common';
import { badRequest } from '../errors';

/** The path (`a.b.0`) of the first string, or object key, in `value` that the database cannot store. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.') || '_';
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, '_'].join('.');
    const found = findUnstorableText(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every text of every request (body, query, route parameters) is held to the shared text rule before any route
 * sees it: a NUL or a lone surrogate is our 400 with the field's path, never a database error (a 500). One check
 * for the whole class instead of a refinement on each of a hundred fields, so a new field cannot forget it.
 */
export function registerStorableTextCheck(app: FastifyInstance) {
  // After validation: a route whose schema words the rule itself (the lots' "Error al crear lote" with a message per
  // field) answers first; everything its schema let through, and every route that parses in its handler, is
  // checked here before the handler runs.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const part of [request.body, request.query, request.params]) {
      const field = findUnstorableText(part);
      if (field) throw badRequest('VALIDATION_ERROR', undefined, { [field]: UNSTORABLE_TEXT_MESSAGE });
    }
  });
}
