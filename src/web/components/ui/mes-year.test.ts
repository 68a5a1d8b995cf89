import { describe, expect, it } from 'vitest';
import { CosechaSchema } from '../../../contract/lotes';
import { juntarMesYear, MESES, partesMesYear } from './mes-year';

describe('MesYear values', () => {
  it('splits and joins "YYYY-MM", and a half-chosen date is no value', () => {
    expect(partesMesYear('2025-11')).toEqual({ year: '2025', month: '11' });
    expect(partesMesYear(null)).toEqual({ year: '', month: '' });
    expect(partesMesYear('11/2025')).toEqual({ year: '', month: '' });
    expect(juntarMesYear('2025', '03')).toBe('2025-03');
    expect(juntarMesYear('2025', '')).toBeNull();
    expect(juntarMesYear('', '03')).toBeNull();
  });

  it('produces what the contract accepts for every month', () => {
    MESES.forEach((_, i) =>
      expect(CosechaSchema.safeParse(juntarMesYear('2024', String(i + 1).padStart(2, '0'))).success).toBe(true),
    );
    expect(MESES[8]).toBe('septiembre');
  });
});
