import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from './api';

type SetFieldError<F extends string> = (
  name: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Puts the server's per-field messages (`ApiError.fields`) beside the form's own fields, focusing the first, and
 * answers whether any landed. A key matches a field by its whole name, or else by its longest leading part that
 * is a field (`direccionFacturacion.pais` falls on `direccionFacturacion` when only that is a field, an arrival
 * cupping's `cataLlegada.notasCata.2` on `cataLlegada.notasCata`). Keys the form does not show are not dropped
 * silently: the caller shows the error's message instead whenever this answers false.
 */
export function showFieldErrors<F extends string>(
  err: unknown,
  fieldNames: readonly F[],
  setError: SetFieldError<F>,
): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false;
  let shown = false;
  for (const [key, message] of Object.entries(err.fields)) {
    const parts = key.split('.');
    const name = parts
      .map((_, i) => parts.slice(0, parts.length - i).join('.'))
      .find((k) => (fieldNames as readonly string[]).includes(k));
    if (!name) continue;
    setError(name as F, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** After the messages are rendered: focus on the field (by id) and bring it into view. */
export const focusField = (id: string | undefined) => id && setTimeout(() => document.getElementById(id)?.focus(), 0);

/** What the alert says when refused fields are shown: a fixed text, or one read off the refusal (a sign-in's). */
type Marked = string | null | ((err: unknown) => string | null);

/**
 * Sends a form's body and, when the server refuses it, shows why: each refused field beside its box (the first
 * focused) and `marked` in the form's alert, or the server's message in the alert when no field of the form is
 * named. The alert is cleared before sending. Kept apart from the hook so that it is tested without React.
 */
export async function sendShowingErrors<F extends string, T>(
  body: T,
  send: (body: T) => Promise<unknown>,
  fieldNames: readonly F[],
  setFieldError: SetFieldError<F>,
  setAlert: (message: string | null) => void,
  marked: Marked = null,
): Promise<void> {
  setAlert(null);
  try {
    await send(body);
  } catch (err) {
    if (!showFieldErrors(err, fieldNames, setFieldError)) setAlert(errorMessage(err));
    else setAlert(typeof marked === 'function' ? marked(err) : marked);
  }
}

/**
 * The one submit of a react-hook-form form built with formOf: `submit` checks the values with the form's resolver
 * (refusals under their fields, the first focused), clears the alert, sends the parsed body and shows the server's
 * refusals as `sendShowingErrors` does; `alert` is what the form's FormAlert shows (`setAlert` for what the form
 * reports itself, such as a failed upload). `invalid` is what the alert says when the form's own check refuses it
 * (the cupping sheet's "Revisa los números marcados."); without it, the messages under the fields say it alone.
 */
export function useFormSubmit<V extends FieldValues, T>(
  form: Pick<UseFormReturn<V, unknown, T>, 'handleSubmit' | 'setError'>,
  fieldNames: readonly Path<V>[],
  send: (body: T) => Promise<unknown>,
  { marked = null, invalid }: { marked?: Marked; invalid?: (errors: FieldErrors<V>) => string | null } = {},
) {
  const [alert, setAlert] = useState<string | null>(null);
  const submit = (e?: BaseSyntheticEvent) => {
    setAlert(null);
    return form.handleSubmit(
      (body) => sendShowingErrors(body, send, fieldNames, form.setError as SetFieldError<Path<V>>, setAlert, marked),
      invalid && ((errors) => setAlert(invalid(errors))),
    )(e);
  };
  return { submit, alert, setAlert };
}
