import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('parses without JIT, so it never probes new Function (a CSP eval violation)', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'b' })).toEqual({ a: 'b' });
  });
});
