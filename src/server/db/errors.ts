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
