import type { z } from 'zod';
import '../contract/zod-es';

/** What zod would say in English when the whole body is not an object (none sent, or text/plain). */
export const BODY_NOT_OBJECT = 'El cuerpo de la petición debe ser un objeto JSON.';

/** Turns zod issues into `{ "campo.sub": "mensaje" }`, the shape clients show beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    // Our schemas word every field's message; only the input as a whole can fail with zod's own English.
    const message = !issue.path.length && issue.code === 'invalid_type' ? BODY_NOT_OBJECT : issue.message;
    if (!(key in fields)) fields[key] = message;
  }
  return fields;
}
