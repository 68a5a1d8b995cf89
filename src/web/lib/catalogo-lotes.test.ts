import { describe, expect, it } from 'vitest';
import * as catalogo from './catalogo-lotes';

describe('catalogo', () => {
  it('names origin countries in Spanish, whatever the case of the code', () => {
    expect(catalogo.nombrePais('co')).toBe('Colombia');
    expect(catalogo.nombrePais('ET')).toBe('Etiopía');
  });

  it('turns an ISO code into its flag emoji', () => {
    expect(catalogo.banderaEmoji('CO')).toBe('🇨🇴');
    expect(catalogo.banderaEmoji('et')).toBe('🇪🇹');
    expect(catalogo.banderaEmoji('C0')).toBe('');
  });
});
