import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes http(s) addresses links and leaves the rest as text', () => {
    expect(linkify('Mira https://cereza.example/lote/1. ¿Te vale?')).toEqual([
      { tipo: 'texto', valor: 'Mira ' },
      { tipo: 'enlace', valor: 'https://cereza.example/lote/1', href: 'https://cereza.example/lote/1' },
      { tipo: 'texto', valor: '. ¿Te vale?' },
    ]);
  });

  it('never makes a link of javascript:, data: or markup', () => {
    const texto = '<script>alert(1)</script> javascript:alert(1) [x](javascript:alert(1)) data:text/html,<b>';
    expect(linkify(texto)).toEqual([{ tipo: 'texto', valor: texto }]);
  });

  it('keeps an address inside parentheses without the closing one', () => {
    expect(linkify('(ver http://a.co/x)').map((t) => t.valor)).toEqual(['(ver ', 'http://a.co/x', ')']);
  });
});
