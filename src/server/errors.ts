import { ERRORS, type ErrorCode } from '../contract/errors';

/** A failure with an HTTP status and a Spanish message; the error handler shapes the response. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? (ERRORS as Record<string, string>)[code] ?? ERRORS.INTERNAL_ERROR);
  }
}

export const badRequest = (code: ErrorCode = 'VALIDATION_ERROR', message?: string, fields?: Record<string, string>) =>
  new HttpError(400, code, message, fields);
export const unauthorized = (code: ErrorCode = 'TOKEN_INVALID', message?: string) => new HttpError(401, code, message);
export const forbidden = (code: ErrorCode = 'FORBIDDEN', message?: string) => new HttpError(403, code, message);
export const notFound = (code: ErrorCode = 'NOT_FOUND', message?: string) => new HttpError(404, code, message);
export const conflict = (code: ErrorCode = 'CONFLICT', message?: string) => new HttpError(409, code, message);
