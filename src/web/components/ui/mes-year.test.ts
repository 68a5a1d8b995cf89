import { describe, expect, it } from 'vitest';
import { CosechaSchema } from '../../../contract/lotes';
import { joinMesYear, MONTHS, splitMesYear } from './mes-year';

describe('MesYear values', () => {
  it('splits and joins "YYYY-MM", and a half-chosen date is no value', () => {
    expect(splitMesYear('2025-11')).toEqual({ year: '2025', month: '11' });
    expect(splitMesYear(null)).toEqual({ year: '', month: '' });
    expect(splitMesYear('11/2025')).toEqual({ year: '', month: '' });
    expect(joinMesYear('2025', '03')).toBe('2025-03');
    expect(joinMesYear('2025', '')).toBeNull();
    expect(joinMesYear('', '03')).toBeNull();
  });

  it('produces what the contract accepts for every month', () => {
    MONTHS.forEach((_, i) =>
      expect(CosechaSchema.safeParse(joinMesYear('2024', String(i + 1).padStart(2, '0'))).success).toBe(true),
    );
    expect(MONTHS[8]).toBe('septiembre');
  });
});
