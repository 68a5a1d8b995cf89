import { describe, expect, it } from 'vitest';
import { formatSacos } from './lote-card';

describe('formatSacos', () => {
  it('says "Agotado" for a lot with no bag left, never "0 sacos disponibles"', () => {
    expect(formatSacos(0)).toBe('Agotado');
    expect(formatSacos(1)).toBe('1 saco disponible');
    expect(formatSacos(12)).toBe('12 sacos disponibles');
  });
});
