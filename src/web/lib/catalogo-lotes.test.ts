import { describe, expect, it } from 'vitest';
import * as catalogo from './catalogo-lotes';

describe('catalogo', () => {
  it('names origin countries in Spanish, whatever the case of the code', () => {
    expect(catalogo.paisName('co')).toBe('Colombia');
    expect(catalogo.paisName('ET')).toBe('Etiopía');
  });
});
