import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('grades by length first, then variety', () => {
    expect(passwordStrength('corta').level).toBe(0);
    expect(passwordStrength('12345678901').level).toBe(1);
    expect(passwordStrength('aaaaaaaaaaaaaaaaa').level).toBe(1);
    expect(passwordStrength('cafetales').level).toBe(1);
    expect(passwordStrength('Cafetal2026').level).toBe(2);
    expect(passwordStrength('Cafetal-2026!').level).toBe(3);
    expect(passwordStrength('cereza madura en rama').level).toBe(3);
    expect(passwordStrength('cereza madura en rama').label).toBe('Fuerte');
  });
});
