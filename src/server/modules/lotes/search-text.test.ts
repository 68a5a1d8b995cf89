import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../../contract/common';
import { PAISES, PROCESOS } from '../../../contract/lotes-codes';
import { PAIS_ALIASES } from './search-aliases';
import { searchTokens } from './catalogo';
import { buildSearchText, describeMatch, packedText, packFields, searchFields, unpackFields } from './search-text';

const lote = {
  nombre: 'Lote Andino',
  codigo: 'PE-24-0001',
  region: 'Cajamarca',
  municipio: 'San Ignacio',
  finca: 'La Palma',
  pais: 'PE',
  variedades: ['Gesha', 'Typica'],
  notasCata: ['Mandarina'],
  proceso: 'SEMI_LAVADO',
};

/** Whether the catalogue's `q` finds the lot: every word in its search text (the LIKE of the SQL path). */
const finds = (q: string) => {
  const text = buildSearchText(lote, 'Cooperativa Valle');
  return searchTokens(q).every((t) => text.includes(t));
};

describe("the lot's search text (issue 32)", () => {
  it('finds a country by its Spanish name with or without accents, its English name and its code', () => {
    for (const q of ['Perú', 'peru', 'PERU', 'pe']) expect(finds(q), q).toBe(true);
    expect(finds('colombia')).toBe(false);
  });

  it('finds the countries the trial searched in vain, Etiopía, Kenia and Brasil, in Spanish and English, any accent or case', () => {
    const findsIn = (pais: string, q: string) => {
      const text = buildSearchText({ ...lote, pais }, '');
      return searchTokens(q).every((t) => text.includes(t));
    };
    for (const q of ['Etiopía', 'etiopia', 'ETIOPÍA', 'Ethiopia']) expect(findsIn('ET', q), q).toBe(true);
    for (const q of ['Kenia', 'kenia', 'Kenya']) expect(findsIn('KE', q), q).toBe(true);
    for (const q of ['Brasil', 'BRASIL', 'Brazil']) expect(findsIn('BR', q), q).toBe(true);
    expect(findsIn('CO', 'brasil')).toBe(false);
  });

  it('finds a process by its label, its code and its usual Spanish and English names', () => {
    for (const q of ['semilavado', 'semi-lavado', 'semi lavado', 'semi-washed', 'wet-hulled'])
      expect(finds(q), q).toBe(true);
    expect(finds('natural')).toBe(false);
  });

  it('finds a variety by its other spellings', () => {
    for (const q of ['geisha', 'gesha', 'tipica', 'typica']) expect(finds(q), q).toBe(true);
    expect(finds('bourbon')).toBe(false);
  });

  it('every origin with an English name different from its Spanish one is found by it', () => {
    for (const { code } of PAISES) {
      const text = buildSearchText({ ...lote, pais: code }, '');
      for (const alias of PAIS_ALIASES[code] ?? []) expect(text, `${code} ${alias}`).toContain(alias);
    }
    expect(buildSearchText({ ...lote, pais: 'ET' }, '')).toContain('ethiopia');
    expect(buildSearchText({ ...lote, pais: 'ET' }, '')).toContain('etiopia');
  });

  it('every process has its label in the text', () => {
    for (const proceso of PROCESOS) {
      const fields = searchFields({ ...lote, proceso }, '');
      const field = fields.find((f) => f.campo === 'proceso');
      expect(field?.texto).toContain(normalizeText(field!.valor));
    }
  });

  it("says what the lot matched, in the buyer's words", () => {
    const fields = searchFields(lote, 'Cooperativa Valle');
    expect(describeMatch(fields, searchTokens('peru gesha'))).toBe('país Perú, variedad Gesha');
    expect(describeMatch(fields, searchTokens('Geisha'))).toBe('variedad Gesha');
    expect(describeMatch(fields, searchTokens('valle'))).toBe('productor Cooperativa Valle');
    expect(describeMatch(fields, [])).toBe('');
    // At most three fields.
    expect(describeMatch(fields, searchTokens('a')).split(', ')).toHaveLength(3);
  });

  it('packed in one string for the catalogue index, the fields read back the same, whatever their values hold', () => {
    const odd = { ...lote, nombre: 'Lote 1:2,3|4 ñandú', finca: 'a:b', notasCata: ['|', ',', 'miel: 70 %'] };
    const fields = searchFields(odd, 'Coop | Uno, Dos');
    const busqueda = buildSearchText(odd, 'Coop | Uno, Dos');
    // The texts are read from the search text itself: no second copy of them.
    expect(packedText(fields, busqueda)).toBe(busqueda);
    expect(unpackFields(packFields(fields), busqueda)).toEqual(fields);
    // A stale search text (written before its words changed) is not read from: the fields' own texts are kept.
    const stale = packedText(fields, 'texto viejo');
    expect(stale).not.toBe('texto viejo');
    expect(unpackFields(packFields(fields), stale)).toEqual(fields);
    expect(unpackFields(packFields([]), '')).toEqual([]);
  });
});
