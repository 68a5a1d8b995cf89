import { describe, expect, it } from 'vitest';
import { recuento } from './perfil-lotes-list';

describe("the count over a producer's lots (issue 25 §3)", () => {
  it('calls published only the lots that are: a sold-out lot is counted apart', () => {
    expect(recuento(4, 3)).toBe('3 lotes publicados · 1 lote agotado');
    expect(recuento(1, 1)).toBe('1 lote publicado');
    expect(recuento(1_200, 1_000)).toBe('1.000 lotes publicados · 200 lotes agotados');
    expect(recuento(2, 0)).toBe('0 lotes publicados · 2 lotes agotados');
    expect(recuento(2)).toBe('2 lotes');
  });
});
