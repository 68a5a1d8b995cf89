import { describe, expect, it } from 'vitest';
import { LotesQuerySchema } from '../../../contract/lotes';
import { EMPTY_FILTERS, filterErrors, normalizeNumbers, type Filters } from './filters';

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
    ['fractional bags', { sacosMin: '2.5' }],
    ['not a number', { precioMax: 'mucho' }],
  ];
  it.each(cases)('%s', (_name, values) => {
    const f = { ...EMPTY_FILTERS, ...values };
    const mine = Object.values(filterErrors(f));
    expect(mine.length).toBeGreaterThan(0);
    expect(serverMessages(values as Record<string, string>)).toEqual(expect.arrayContaining(mine));
  });

  it('accepts a valid range, with a decimal comma written as a point', () => {
    const f = { ...EMPTY_FILTERS, puntajeMin: '85,5', puntajeMax: '90' };
    expect(filterErrors(f)).toEqual({});
    expect(normalizeNumbers(f)).toMatchObject({ puntajeMin: '85.5', puntajeMax: '90' });
  });
});
