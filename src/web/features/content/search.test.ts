import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_CATEGORIES, type FaqItem } from './faq-data';
import { normalizeText, searchFaq } from './search';

const item = (id: string, question: string, answer: string): FaqItem => ({
  id,
  category: 'calidad',
  question,
  answer: [answer],
});

describe('normalizeText', () => {
  it('drops accents, case and punctuation', () => {
    expect(normalizeText('¿Qué es la ACTIVIDAD de agua?')).toBe('que es la actividad de agua');
    expect(normalizeText('Café, pequeño')).toBe('cafe pequeno');
  });
});

describe('searchFaq', () => {
  const items = [
    item('a', '¿Cómo pido una muestra?', 'Desde la ficha del lote.'),
    item('b', '¿Qué humedad debe tener el café?', 'Entre el 10 % y el 12 %.'),
    item('c', '¿Cuánto cuesta publicar?', 'Nada; la comisión se cobra al vender [muestra gratis](/lotes).'),
  ];

  it('matches without accents and in any case', () => {
    expect(searchFaq(items, 'CAFE').map((i) => i.id)).toEqual(['b']);
    expect(searchFaq(items, 'cómo').map((i) => i.id)).toEqual(['a']);
    expect(searchFaq(items, 'cuanto cuesta').map((i) => i.id)).toEqual(['c']);
  });

  it('needs every word and ranks matches in the question first', () => {
    expect(searchFaq(items, 'muestra').map((i) => i.id)).toEqual(['a', 'c']);
    expect(searchFaq(items, 'muestra humedad')).toEqual([]);
  });

  it('ignores link addresses and returns nothing for an empty query', () => {
    expect(searchFaq(items, 'lotes')).toEqual([]);
    expect(searchFaq(items, '  ¿? ')).toEqual([]);
  });
});

describe('FAQ data', () => {
  it('has at least twenty questions, unique ids, in every category', () => {
    expect(FAQ.length).toBeGreaterThanOrEqual(20);
    expect(new Set(FAQ.map((f) => f.id)).size).toBe(FAQ.length);
    for (const c of FAQ_CATEGORIES) expect(FAQ.filter((f) => f.category === c.id).length).toBeGreaterThanOrEqual(4);
  });

  it('writes questions as Spanish questions', () => {
    for (const f of FAQ) expect(f.question).toMatch(/(^¿.*\?$)|(, ¿.*\?$)/);
  });
});
