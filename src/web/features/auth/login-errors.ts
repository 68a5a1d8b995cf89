import { ERRORS } from '../../../contract/errors';
import { ApiError } from '../../lib/api';

/** The message for a failed sign-in: the server's when it sent one, else the catalogue's (docs/product.md §8). */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'NETWORK_ERROR') return ERRORS.NETWORK_ERROR;
    if (err.code === 'INVALID_RESPONSE') return ERRORS.INVALID_RESPONSE;
    if (err.status >= 500) return ERRORS.LOGIN_PROCESS_ERROR;
    return err.message || ERRORS.LOGIN_PROCESS_ERROR;
  }
  return ERRORS.LOGIN_PROCESS_ERROR;
}

/** A refusal that names no field reads as a sign-in's (a server fault: "no pudimos iniciar sesión"). */
export const asSignInError = (err: unknown) =>
  err instanceof ApiError && err.fields
    ? err
    : new ApiError(
        err instanceof ApiError ? err.status : 0,
        err instanceof ApiError ? err.code : 'INVALID_RESPONSE',
        loginErrorMessage(err),
      );
