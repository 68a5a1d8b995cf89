import { describe, expect, it } from 'vitest';
import { cuenta, palabra } from './plural';

describe('counts in words', () => {
  it('one is singular, every other count plural', () => {
    expect(cuenta(1, 'saco')).toBe('1 saco');
    expect(cuenta(0, 'saco')).toBe('0 sacos');
    expect(cuenta(2, 'saco')).toBe('2 sacos');
    expect(cuenta(1, 'día')).toBe('1 día');
    expect(cuenta(3, 'lote nuevo', 'lotes nuevos')).toBe('3 lotes nuevos');
    expect(palabra(1, 'muestra recibida', 'muestras recibidas')).toBe('muestra recibida');
  });
});
