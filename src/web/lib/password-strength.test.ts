import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('grades by length first, then variety', () => {
    expect(passwordStrength('corta').nivel).toBe(0);
    expect(passwordStrength('12345678901').nivel).toBe(1);
    expect(passwordStrength('aaaaaaaaaaaaaaaaa').nivel).toBe(1);
    expect(passwordStrength('cafetales').nivel).toBe(1);
    expect(passwordStrength('Cafetal2026').nivel).toBe(2);
    expect(passwordStrength('Cafetal-2026!').nivel).toBe(3);
    expect(passwordStrength('cereza madura en rama').nivel).toBe(3);
    expect(passwordStrength('cereza madura en rama').etiqueta).toBe('Fuerte');
  });
});
