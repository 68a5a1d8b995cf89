import { describe, expect, it } from 'vitest';
import {
  MENCIONES,
  baseLinea,
  cuotaImpuesto,
  decimalComa,
  divRedondeo,
  esNifIvaUE,
  fiscalidadComision,
  fiscalidadVenta,
  mencionExportacionOrigen,
  totales,
} from './facturas-calculo';

describe('rounding', () => {
  it('rounds half away from zero, exactly', () => {
    expect(divRedondeo(5, 10)).toBe(1);
    expect(divRedondeo(4, 10)).toBe(0);
    expect(divRedondeo(-5, 10)).toBe(-1);
    expect(divRedondeo(-4, 10)).toBe(0);
    expect(divRedondeo(14_999, 10_000)).toBe(1);
    expect(divRedondeo(15_000, 10_000)).toBe(2);
  });

  it('a line base is grams × cents per kg / 1000 to the cent', () => {
    // 19 bags × 69 kg = 1311 kg at 6,85 €/kg = 8980,35 €
    expect(baseLinea(1_311_000, 685)).toBe(898_035);
    // 0,5 kg at 0,03 €/kg = 0,015 € → 0,02 €
    expect(baseLinea(500, 3)).toBe(2);
    // 1,234 kg at 10,42 €/kg = 12,85828 € → 12,86 €
    expect(baseLinea(1234, 1042)).toBe(1286);
  });

  it('tax is computed once on the whole base, not line by line', () => {
    // Three lines of 0,05 €: 10 % per line would be 0,01 × 3 = 0,03 (0,005 rounds up each time);
    // on the base of 0,15 € it is 0,015 → 0,02 €.
    const t = totales([{ baseCentavos: 5 }, { baseCentavos: 5 }, { baseCentavos: 5 }], 1000);
    expect(t).toEqual({ bases: [5, 5, 5], baseCentavos: 15, impuestoCentavos: 2, totalCentavos: 17 });
  });

  it('hand-computed invoices: several lines at 10 %, exempt, 21 %', () => {
    // 690 kg at 7,15 = 4933,50; 345,5 kg at 8,333 €/kg is not cents: 345,500 kg at 8,33 = 2878,015 → 2878,02
    const lineas = [{ baseCentavos: baseLinea(690_000, 715) }, { baseCentavos: baseLinea(345_500, 833) }];
    expect(lineas.map((l) => l.baseCentavos)).toEqual([493_350, 287_802]);
    // base 7811,52; 10 % = 781,152 → 781,15; total 8592,67
    expect(totales(lineas, 1000)).toMatchObject({
      baseCentavos: 781_152,
      impuestoCentavos: 78_115,
      totalCentavos: 859_267,
    });
    // exempt: the total is the base
    expect(totales(lineas, 0)).toMatchObject({ baseCentavos: 781_152, impuestoCentavos: 0, totalCentavos: 781_152 });
    // commission 4 % of 7811,52 = 312,4608 → 312,46; 21 % = 65,6166 → 65,62; total 378,08
    const com = divRedondeo(781_152 * 400, 10_000);
    expect(com).toBe(31_246);
    expect(cuotaImpuesto(com, 2100)).toBe(6562);
    expect(totales([{ baseCentavos: com }], 2100).totalCentavos).toBe(37_808);
    // a rectifying discount of 100,05 at 10 %: tax -10,005 → -10,01 (half away from zero), total -110,06
    expect(totales([{ baseCentavos: -10_005 }], 1000)).toMatchObject({
      impuestoCentavos: -1001,
      totalCentavos: -11_006,
    });
  });

  it('CSV amounts use a decimal comma', () => {
    expect(decimalComa(123_456)).toBe('1234,56');
    expect(decimalComa(-5)).toBe('-0,05');
    expect(decimalComa(0)).toBe('0,00');
  });
});

describe('tax cases (TRADE.md)', () => {
  const es = { pais: 'ES', taxId: 'ESB12345678' };
  const esSinPrefijo = { pais: 'ES', taxId: 'B12345678' };
  const de = { pais: 'DE', taxId: 'DE123456789' };
  const deSinIva = { pais: 'DE', taxId: '12/345/67890' };
  const co = { pais: 'CO', taxId: '900123456-7' };
  const us = { pais: 'US', taxId: '12-3456789' };

  it('Spanish domestic sale: 10 % VAT, no mention', () => {
    expect(fiscalidadVenta(es, esSinPrefijo)).toEqual({ regimen: 'NACIONAL', tasaBp: 1000, mencion: null });
  });
  it('intra-EU B2B with both VAT ids: exempt with the mention', () => {
    expect(fiscalidadVenta(es, de)).toEqual({
      regimen: 'INTRACOMUNITARIA',
      tasaBp: 0,
      mencion: MENCIONES.INTRACOMUNITARIA,
    });
  });
  it('intra-EU without the buyer VAT id: Spanish VAT applies', () => {
    expect(fiscalidadVenta(es, deSinIva)).toMatchObject({ regimen: 'NACIONAL', tasaBp: 1000 });
    expect(esNifIvaUE('12/345/67890', 'DE')).toBe(false);
    expect(esNifIvaUE('EL123456789', 'GR')).toBe(true);
  });
  it('export from the EU: exempt', () => {
    expect(fiscalidadVenta(es, us)).toEqual({ regimen: 'EXPORTACION', tasaBp: 0, mencion: MENCIONES.EXPORTACION });
  });
  it('an exporter outside the EU issues a commercial invoice that cites no Spanish or EU law (issue 25 §2)', () => {
    const comercial = {
      regimen: 'EXPORTACION',
      tasaBp: 0,
      mencion: mencionExportacionOrigen('CO'),
    };
    expect(fiscalidadVenta(co, de)).toEqual(comercial);
    expect(fiscalidadVenta(co, es, 'CO')).toEqual(comercial);
    // DAP Valencia: the buyer imports (no incoterm of Cereza's has the seller clear the import), so the Colombian
    // exporter's sale is still an export, not a supply in Spain under Spanish law.
    expect(fiscalidadVenta(co, es, 'ES')).toEqual(comercial);
    expect(comercial.mencion).toContain('mercancía expedida desde Colombia');
    expect(comercial.mencion).not.toMatch(/Ley|Directiva|art\./);
  });
  it('an issuer of another member state cites the Directive, never the Spanish law', () => {
    const pt = { pais: 'PT', taxId: 'PT123456789' };
    expect(fiscalidadVenta(pt, us)).toEqual({ regimen: 'EXPORTACION', tasaBp: 0, mencion: MENCIONES.EXPORTACION_UE });
    expect(fiscalidadVenta(pt, de)).toEqual({
      regimen: 'INTRACOMUNITARIA',
      tasaBp: 0,
      mencion: MENCIONES.INTRACOMUNITARIA_UE,
    });
    expect(MENCIONES.EXPORTACION_UE).not.toContain('37/1992');
    expect(MENCIONES.INTRACOMUNITARIA_UE).not.toContain('37/1992');
    // Delivered in Spain to a Spanish business without both VAT ids: taxed in Spain, the buyer settles it.
    expect(fiscalidadVenta({ pais: 'PT', taxId: '123456789' }, es, 'ES')).toEqual({
      regimen: 'INVERSION_SUJETO_PASIVO',
      tasaBp: 0,
      mencion: MENCIONES.INVERSION_BIENES,
    });
  });
  it('a domestic sale inside another member state is refused', () => {
    expect(() => fiscalidadVenta(de, { pais: 'DE', taxId: 'DE987654321' })).toThrow(RangeError);
  });
  it("Cereza's commission: 21 % in Spain, reverse charge in the EU, not subject outside", () => {
    expect(fiscalidadComision(es)).toEqual({ regimen: 'NACIONAL', tasaBp: 2100, mencion: null });
    expect(fiscalidadComision(de)).toMatchObject({ regimen: 'INVERSION_SUJETO_PASIVO', tasaBp: 0 });
    expect(fiscalidadComision(co)).toEqual({ regimen: 'NO_SUJETA', tasaBp: 0, mencion: MENCIONES.NO_SUJETA_SERVICIOS });
  });
});
