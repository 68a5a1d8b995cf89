import { describe, expect, it } from 'vitest';
import { joinFecha, splitFecha } from './fecha-input';

describe('FechaInput parts', () => {
  it('round-trips a date', () => {
    expect(splitFecha('2016-05-01')).toEqual({ year: '2016', month: '05', day: '1' });
    expect(joinFecha('1', '05', '2016')).toBe('2016-05-01');
  });
  it('gives no value while a part is missing, the year is short or the day does not exist', () => {
    expect(joinFecha('', '05', '2016')).toBe('');
    expect(joinFecha('1', '05', '201')).toBe('');
    expect(joinFecha('31', '02', '2016')).toBe('');
    expect(joinFecha('29', '02', '2016')).toBe('2016-02-29');
    expect(splitFecha('05/01/2016')).toEqual({ day: '', month: '', year: '' });
  });
});
