import { countrySpecs, isValidIBAN } from 'ibantools';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenciaRf, esReferenciaRfValida, rfImpreso } from './rf';

describe('ISO 11649 creditor references', () => {
  it('accepts the standard’s published examples and refuses their typos', () => {
    // ISO 11649's and the EPC's own examples.
    expect(esReferenciaRfValida('RF18 5390 0754 7034')).toBe(true);
    expect(esReferenciaRfValida('RF18000000000539007547034')).toBe(true);
    expect(esReferenciaRfValida('RF18 5390 0754 7043')).toBe(false);
    expect(esReferenciaRfValida('RF19 5390 0754 7034')).toBe(false);
    expect(esReferenciaRfValida('RF18')).toBe(false);
  });

  afterAll(() => {
    delete countrySpecs.RF;
  });

  it('builds references whose check digits an independent MOD 97-10 (ibantools’ IBAN check) accepts', () => {
    for (const body of ['CZ2026000001', 'CZ2026000123', '539007547034', 'A', 'Z9Z9Z9Z9Z9Z9Z9Z9Z9Z9Z']) {
      const rf = createReferenciaRf(body);
      expect(esReferenciaRfValida(rf)).toBe(true);
      // An IBAN's check digits are the same MOD 97-10 over "country + check + BBAN": declaring "RF" as a country of
      // this reference's length lets ibantools verify ours with its own code.
      countrySpecs.RF = { chars: rf.length, bban_regexp: '^[A-Z0-9]+$', IBANRegistry: true };
      expect(isValidIBAN(rf)).toBe(true);
      expect(isValidIBAN(`${rf.slice(0, -1)}${rf.endsWith('0') ? '1' : '0'}`)).toBe(false);
      expect(rf.endsWith(body)).toBe(true);
    }
    expect(createReferenciaRf('539007547034')).toBe('RF18539007547034');
    expect(rfImpreso('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('refuses a body that is not 1 to 21 letters or digits', () => {
    expect(() => createReferenciaRf('')).toThrow(RangeError);
    expect(() => createReferenciaRf('CZ-2026')).toThrow(RangeError);
    expect(() => createReferenciaRf('1234567890123456789012')).toThrow(RangeError);
  });
});
