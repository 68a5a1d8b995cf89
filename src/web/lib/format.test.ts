import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatMesYear, formatNumber } from './format';
import { contar, deQuien } from './palabras';

// format.ts writes out what Intl prints for es-ES (Intl cost every public page a long task to build): the two
// must agree on every value, or the server and a browser could print a price differently.
const intl = (min: number, max: number, grouping: 'always' | 'min2') =>
  new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    useGrouping: grouping,
  } as Intl.NumberFormatOptions);

const digitOptions = [
  [0, 0],
  [0, 2],
  [2, 2],
  [0, 3],
] as const;

describe('formatNumber', () => {
  it('prints what Intl prints for es-ES, on random numbers of every size', () => {
    const number = fc.oneof(
      fc.double({ noNaN: false }),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 100),
      fc.constantFrom(0, -0, 1.005, 2.675, 999.995, 9999.5, 0.125, 1e21, 1.5e-7, -0.004, Infinity, -Infinity, NaN),
    );
    fc.assert(
      fc.property(
        number,
        fc.constantFrom(...digitOptions),
        fc.constantFrom('always' as const, 'min2' as const),
        (n, [min, max], grouping) => {
          expect(formatNumber(n, min, max, grouping)).toBe(intl(min, max, grouping).format(n));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('groups thousands with a point and uses a decimal comma', () => {
    expect(formatNumber(1234.5, 2, 2)).toBe('1.234,50');
    expect(formatNumber(1234, 0, 0, 'min2')).toBe('1234');
    expect(formatNumber(12345.678, 0, 2, 'min2')).toBe('12.345,68');
    expect(formatNumber(999.995, 0, 2)).toBe('1.000');
  });
});

describe('dates', () => {
  it('prints what Intl prints for es-ES in UTC', () => {
    const long = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }),
        (d) => {
          expect(formatDate(d)).toBe(long.format(d));
          expect(formatDate(d.toISOString())).toBe(long.format(d));
          const ym = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
          expect(formatMesYear(ym)).toBe(month.format(d));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses an invalid date as Intl does, and leaves a malformed month as it came', () => {
    expect(() => formatDate('no es una fecha')).toThrow(RangeError);
    expect(formatMesYear('2026')).toBe('2026');
  });
});

describe('words (issue 32)', () => {
  it('counts agree with their number, grouped as the rest of the page', () => {
    expect(contar(1, 'saco')).toBe('1 saco');
    expect(contar(0, 'saco')).toBe('0 sacos');
    expect(contar(1200, 'saco')).toBe('1.200 sacos');
    expect(contar(1, 'saco libre', 'sacos libres')).toBe('1 saco libre');
  });

  it('"de" contracts with "el"', () => {
    expect(deQuien('el laboratorio de Cereza')).toBe('del laboratorio de Cereza');
    expect(deQuien('Tostadores del Sur')).toBe('de Tostadores del Sur');
    expect(deQuien('Elena Ruiz')).toBe('de Elena Ruiz');
  });
});
