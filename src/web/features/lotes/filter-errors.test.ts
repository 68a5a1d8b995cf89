import { describe, expect, it } from 'vitest';
import { LotesQuerySchema } from '../../../contract/lotes';
import { EMPTY_FILTERS, readFilters, writeFilters, type Filters } from './filters';
import { filterErrors, normalizeNumbers, spanishNumbers } from './filter-numbers';

const serverMessages = (query: Record<string, string>) => {
  const r = LotesQuerySchema.safeParse(query);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the filter panel refuses what the server would refuse, with the server’s words', () => {
  const cases: [string, Partial<Filters>][] = [
    ['minimum above the maximum', { puntajeMin: '90', puntajeMax: '85' }],
    ['price minimum above the maximum', { precioMin: '12', precioMax: '8' }],
    ['score over 100', { puntajeMax: '120' }],
    ['negative price', { precioMin: '-1' }],
    ['price over the maximum', { precioMax: '100001' }],
  ];
  it.each(cases)('%s', (_name, values) => {
    const f = { ...EMPTY_FILTERS, ...values };
    const mine = Object.values(filterErrors(f));
    expect(mine.length).toBeGreaterThan(0);
    expect(serverMessages(values as Record<string, string>)).toEqual(expect.arrayContaining(mine));
  });

  it('accepts a valid range, with a decimal comma', () => {
    const f = { ...EMPTY_FILTERS, puntajeMin: '85,5', puntajeMax: '90' };
    expect(filterErrors(f)).toEqual({});
    expect(normalizeNumbers(f)).toMatchObject({ puntajeMin: '85.5', puntajeMax: '90' });
  });
});

describe('numbers typed the Spanish way (issue 25)', () => {
  it('reads "1.000" as a thousand and "25.000,50" with its cents, and writes them to the URL canonically', () => {
    const f = { ...EMPTY_FILTERS, precioMin: '1.000', precioMax: '25.000,50', sacosMin: '1.200' };
    expect(filterErrors(f)).toEqual({});
    const canonical = normalizeNumbers(f);
    expect(canonical).toMatchObject({ precioMin: '1000', precioMax: '25000.5', sacosMin: '1200' });
    const url = writeFilters(new URLSearchParams(), canonical);
    expect(url.toString()).toBe('precioMin=1000&precioMax=25000.5&sacosMin=1200');
    // The API reads the URL as the person meant it.
    expect(LotesQuerySchema.parse(Object.fromEntries(url))).toMatchObject({
      precioMin: 1000,
      precioMax: 25000.5,
      sacosMin: 1200,
    });
    // The panel shows the URL's numbers back the Spanish way, and they read back the same.
    const shown = spanishNumbers(readFilters(url));
    expect(shown).toMatchObject({ precioMin: '1.000', precioMax: '25.000,5', sacosMin: '1.200' });
    expect(normalizeNumbers(shown)).toMatchObject(canonical);
  });

  it('"1.000" as a minimum no longer undercuts a "900" maximum (it was read as 1)', () => {
    expect(filterErrors({ ...EMPTY_FILTERS, precioMin: '1.000', precioMax: '900' })).toEqual({
      precioMin: 'El precio mínimo no puede superar al máximo.',
    });
  });

  it('refuses what a Spanish reader could take two ways, with the shared reader’s words', () => {
    expect(filterErrors({ ...EMPTY_FILTERS, puntajeMin: '85.5' })).toEqual({
      puntajeMin: 'Escribe los decimales con coma: 85,5.',
    });
    expect(filterErrors({ ...EMPTY_FILTERS, puntajeMin: '8.250' }).puntajeMin).toMatch(/más que el máximo/);
    expect(filterErrors({ ...EMPTY_FILTERS, sacosMin: '2,5' })).toEqual({
      sacosMin: 'Aquí van números enteros, sin decimales.',
    });
    expect(filterErrors({ ...EMPTY_FILTERS, precioMax: '25,000.50' }).precioMax).toBe(
      'Escribe los miles con punto y los decimales con coma: 25.000,5.',
    );
    expect(filterErrors({ ...EMPTY_FILTERS, precioMax: 'mucho' }).precioMax).toMatch(/^Escribe solo cifras/);
  });
});
