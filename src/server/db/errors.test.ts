import { describe, expect, it } from 'vitest';
import { errorForLog, isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  const pg = { code: '23505', message: 'duplicate key value violates unique constraint' };

  it('finds the 23505 code on the error or anywhere down its cause chain', () => {
    expect(isUniqueViolation(pg)).toBe(true);
    expect(isUniqueViolation({ message: 'Failed query', cause: pg })).toBe(true);
    // A transaction's rollback wraps Drizzle's query error, which wraps the driver's.
    expect(isUniqueViolation(new Error('rollback', { cause: new Error('Failed query', { cause: pg }) }))).toBe(true);
  });

  it('is false for other failures and for things that are not errors', () => {
    expect(isUniqueViolation({ code: '23503', cause: { code: '23502' } })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});

describe('errorForLog', () => {
  it("puts the query text into the stack literally, whatever '$' sequences the SQL holds", () => {
    const query = "select $1, $$quoted$$, '$&' from t where a = $2";
    const err = Object.assign(new Error(`Failed query: ${query}\nparams: secreto`), { query, params: ['secreto'] });
    const out = errorForLog(err) as { message: string; stack: string };
    expect(out.message).toBe(`Failed query: ${query}`);
    expect(out.stack.startsWith(`Error: Failed query: ${query}\n`)).toBe(true);
    expect(out.stack).not.toContain('secreto');
  });
});
