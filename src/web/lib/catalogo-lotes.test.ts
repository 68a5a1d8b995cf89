import { describe, expect, it } from 'vitest';
import * as catalogo from './catalogo-lotes';

describe('catalogo', () => {
  it('names origin countries in Spanish, whatever the case of the code', () => {
    expect(catalogo.paisName('co')).toBe('Colombia');
    expect(catalogo.paisName('ET')).toBe('Etiopía');
  });

  it('turns an ISO code into its flag emoji', () => {
    expect(catalogo.flagEmoji('CO')).toBe('🇨🇴');
    expect(catalogo.flagEmoji('et')).toBe('🇪🇹');
    expect(catalogo.flagEmoji('C0')).toBe('');
  });
});
