import { describe, expect, it } from 'vitest';
import { safeNext } from './sign-in';

describe('safeNext', () => {
  it('follows same-site paths', () => {
    expect(safeNext('/Dashboard/comprador/usuario')).toBe('/Dashboard/comprador/usuario');
    expect(safeNext('/lotes?q=geisha')).toBe('/lotes?q=geisha');
  });

  it('refuses other sites, protocol-relative and backslash tricks, and the auth pages themselves', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth/login',
      '/Auth/Registro',
      '',
      null,
    ]) {
      expect(safeNext(bad)).toBeNull();
    }
  });
});
