import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from './idempotency';

describe('idempotencyKeys', () => {
  it('keeps the key for a retry of the same body and changes it for another body or after success', () => {
    const keys = idempotencyKeys();
    const a = keys.keyFor({ loteId: 'x', sacos: 2 });
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.keyFor({ loteId: 'x', sacos: 2 })).toBe(a);
    const b = keys.keyFor({ loteId: 'x', sacos: 3 });
    expect(b).not.toBe(a);
    keys.done();
    expect(keys.keyFor({ loteId: 'x', sacos: 3 })).not.toBe(b);
  });
});
