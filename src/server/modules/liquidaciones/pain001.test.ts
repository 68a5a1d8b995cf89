import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { idEpc, importeXml, pain001, textoEpc, type Transferencia } from './pain001';

const acreedorSepa = {
  nombre: 'Müller & Söhne GmbH — Kaffee',
  pais: 'DE',
  bic: 'DEUTDEFFXXX',
  iban: 'DE89370400440532013000',
  numeroCuenta: null,
  banco: null,
};

function transferencia(n: number, extra: Partial<Transferencia> = {}): Transferencia {
  return {
    endToEndId: `CZR-20260302-000001-${n}`,
    importeCentavos: 100 * n + 7,
    moneda: 'EUR',
    acreedor: acreedorSepa,
    concepto: `Liquidación ${n}`,
    sepa: true,
    ...extra,
  };
}

describe('pain.001.001.09', () => {
  it('converts text to the EPC Latin set and cuts it at the field length', () => {
    expect(textoEpc('Año: Peña & Muñoz, «café» ß', 70)).toBe('Ano: Pena + Munoz, cafe ss');
    expect(textoEpc('x'.repeat(200), 70)).toHaveLength(70);
    expect(textoEpc('Åse Ørsted Æble', 70)).toBe('Ase Orsted AEble');
    expect(idEpc('/a//b c/')).toBe('a/b-c');
  });

  it('writes minor units as two-decimal amounts, exactly, and refuses what is not a positive integer', () => {
    expect(importeXml(1)).toBe('0.01');
    expect(importeXml(1234)).toBe('12.34');
    expect(importeXml(700_000_000_000_00)).toBe('700000000000.00');
    expect(importeXml(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => importeXml(0)).toThrow();
    expect(() => importeXml(1.5)).toThrow();
  });

  it('groups SEPA transfers and one cross-border block per other currency, each with its control sums', () => {
    const xml = pain001({
      msgId: 'CZR-20260302-000001',
      creadaAt: new Date('2026-03-02T09:00:00.123Z'),
      fechaEjecucion: '2026-03-02',
      deudor: { nombre: 'Cereza Marketplace SL', iban: 'ES7921000813610123456789', bic: 'CAIXESBBXXX' },
      transferencias: [
        transferencia(1),
        transferencia(2, {
          moneda: 'USD',
          sepa: false,
          acreedor: {
            nombre: 'Finca',
            pais: 'CO',
            bic: 'COLOCOBMXXX',
            iban: null,
            numeroCuenta: '123-45',
            banco: 'Bancolombia',
          },
        }),
        transferencia(3),
      ],
    });
    const doc = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (n) => ['PmtInf', 'CdtTrfTxInf'].includes(n),
    }).parse(xml);
    const g = doc.Document.CstmrCdtTrfInitn;
    expect(g.GrpHdr).toMatchObject({
      MsgId: 'CZR-20260302-000001',
      CreDtTm: '2026-03-02T09:00:00',
      NbOfTxs: '3',
      CtrlSum: '6.21',
    });
    const [sepa, usd] = g.PmtInf;
    expect(sepa).toMatchObject({ NbOfTxs: '2', CtrlSum: '4.14', ChrgBr: 'SLEV', PmtTpInf: { SvcLvl: { Cd: 'SEPA' } } });
    expect(sepa.CdtTrfTxInf[0].Cdtr.Nm).toBe('Muller + Sohne GmbH Kaffee');
    expect(usd).toMatchObject({ NbOfTxs: '1', CtrlSum: '2.07', ChrgBr: 'SHAR', DbtrAcct: { Ccy: 'USD' } });
    expect(usd.PmtTpInf).toBeUndefined();
    expect(usd.CdtTrfTxInf[0].Amt.InstdAmt).toEqual({ '#text': '2.07', '@_Ccy': 'USD' });
    expect(usd.CdtTrfTxInf[0].CdtrAgt.FinInstnId).toMatchObject({ BICFI: 'COLOCOBMXXX', Nm: 'Bancolombia' });
    expect(sepa.PmtInfId).not.toBe(usd.PmtInfId);
    expect(() =>
      pain001({
        msgId: 'X',
        creadaAt: new Date(),
        fechaEjecucion: '2026-03-02',
        deudor: { nombre: 'C', iban: 'ES7921000813610123456789', bic: 'CAIXESBBXXX' },
        transferencias: [],
      }),
    ).toThrow();
  });
});
