/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505). The driver's error arrives wrapped
 * (Drizzle's query error, a transaction's rollback...), so the whole `cause` chain is looked at, not only the top.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATE classes and driver messages of a lost database connection: the server terminated the backend
 * (57P01-57P03, pg_terminate_backend or a restart), the connection failed (class 08), or the socket went away under
 * the driver. The request it interrupted may be tried again; nothing about it is the client's fault.
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const CONNECTION_LOST_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|terminating connection|timeout exceeded when trying to connect/i;

/** Whether a failure (anywhere down its cause chain) is a lost database connection rather than a bug. */
export function isConnectionLost(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_LOST_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Fields of a database error (or any error) that may hold row or parameter values: never logged. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery', 'query']);

/**
 * An error as the log shows it (the logger's `err` serializer): type, message, stack, code and the other plain
 * fields, its `cause` likewise, but never the values a failed query carried. Drizzle's query error prints its
 * parameters in its message ("params: …", a new user's argon2 hash, a tax id and an address) and the driver's
 * error its failing row in `detail`; both are cut out, the SQL text (placeholders only) stays.
 */
export function errorForLog(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const e = err as Error & Record<string, unknown>;
  let message = e.message;
  let stack = e.stack;
  if (typeof e.query === 'string' && 'params' in e) {
    message = `Failed query: ${e.query}`;
    // A function's result is taken literally: SQL holds "$1" placeholders and may hold "$$" quoting.
    stack = stack?.replace(e.message, () => message);
  }
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name, message, stack };
  if (typeof e.query === 'string') out.query = e.query;
  for (const [key, value] of Object.entries(e)) {
    if (VALUE_FIELDS.has(key) || key === 'cause' || key in out) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (e.cause !== undefined) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}

/** The logger's `err` serializer (buildApp installs it whatever logger it is given). */
export function serializeErrorForLog(err: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const out = errorForLog(err) as { type: string; message: string; stack?: string; [key: string]: unknown };
  return { ...out, stack: out.stack ?? '' };
}
