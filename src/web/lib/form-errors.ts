import { ApiError } from './api';

type SetFieldError<F extends string> = (
  name: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Puts the server's per-field messages (`ApiError.fields`) beside the form's own fields, focusing the first, and
 * answers whether any landed. A key matches a field by its whole name, or else by its first segment
 * (`direccionFacturacion.pais` falls on `direccionFacturacion` when only that is a field). Keys the form does
 * not show are not dropped silently: the caller shows the error's message instead whenever this answers false.
 */
export function showFieldErrors<F extends string>(
  err: unknown,
  fieldNames: readonly F[],
  setError: SetFieldError<F>,
): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false;
  let shown = false;
  for (const [key, message] of Object.entries(err.fields)) {
    const name = (fieldNames as readonly string[]).includes(key) ? key : key.split('.')[0];
    if (!(fieldNames as readonly string[]).includes(name)) continue;
    setError(name as F, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
