import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal } from './amounts';
import { Camt053Error, parseCamt053 } from './camt053';
import { buildCamt053 } from './camt053-fixture';

const IBAN = 'ES9121000418450200051332';

function statement(version: '001.02' | '001.08') {
  return buildCamt053({
    version,
    iban: IBAN,
    currency: 'EUR',
    date: '2026-11-20',
    openingMinor: 1_000_00n,
    entries: [
      {
        creditDebit: 'CRDT',
        amountMinor: 1_234_567_89n,
        acctSvcrRef: 'BNK-0001',
        endToEndId: 'E2E-A',
        creditorReference: 'rf18 5390 0754 7034',
        unstructured: 'Pago factura F-2026-000012',
        debtorName: 'Tostadores & Cía',
        debtorIban: 'DE89370400440532013000',
      },
      {
        creditDebit: 'DBIT',
        amountMinor: 5_00n,
        entryRef: 'NREF-2',
        endToEndId: 'CEREZA-PAY-1',
        creditorName: 'Finca La Esperanza',
        creditorIban: 'ES7921000813610123456789',
      },
      { creditDebit: 'CRDT', amountMinor: 7n, currency: 'USD', acctSvcrRef: 'BNK-0003', unstructured: 'x' },
    ],
  });
}

describe.each(['001.02', '001.08'] as const)('parseCamt053 %s', (version) => {
  it('reads the account, balances and every entry with its references, in minor units', () => {
    const doc = parseCamt053(statement(version));
    expect(doc.version).toBe(version);
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.accountIban).toBe(IBAN);
    expect(s.currency).toBe('EUR');
    expect(s.openingBalance).toEqual({ amountMinor: 100000n, currency: 'EUR', date: '2026-11-20' });
    // EUR entries only: 1000.00 + 1234567.89 − 5.00
    expect(s.closingBalance?.amountMinor).toBe(123_556_289n);
    expect(s.entries).toHaveLength(3);

    const [cr, db, usd] = s.entries;
    expect(cr).toMatchObject({
      creditDebit: 'CRDT',
      amountMinor: 123456789n,
      currency: 'EUR',
      status: 'BOOK',
      bookingDate: '2026-11-20',
      acctSvcrRef: 'BNK-0001',
      bankKey: `${IBAN}|BNK-0001`,
    });
    expect(typeof cr!.amountMinor).toBe('bigint');
    expect(cr!.transactions[0]).toMatchObject({
      endToEndId: 'E2E-A',
      creditorReference: 'RF18539007547034',
      creditorReferenceType: 'SCOR',
      unstructured: 'Pago factura F-2026-000012',
      debtorName: 'Tostadores & Cía',
      debtorIban: 'DE89370400440532013000',
      amountMinor: 123456789n,
    });
    expect(db).toMatchObject({ creditDebit: 'DBIT', amountMinor: 500n, entryRef: 'NREF-2', bankKey: `${IBAN}|NREF-2` });
    expect(db!.transactions[0]).toMatchObject({
      endToEndId: 'CEREZA-PAY-1',
      creditorName: 'Finca La Esperanza',
      creditorIban: 'ES7921000813610123456789',
    });
    expect(usd).toMatchObject({ currency: 'USD', amountMinor: 7n });
  });
});

describe('parseCamt053 refuses what it cannot read, naming the problem', () => {
  const good = statement('001.08');
  const cases: [string, string, string, RegExp][] = [
    ['empty', '', 'VACIO', /vacío/],
    ['not XML', 'fecha;importe\n2026-11-20;10,00', 'NO_ES_XML', /no es XML/],
    ['broken XML', good.replace('</BkToCstmrStmt>', ''), 'NO_ES_XML', /bien formado \(línea \d+/],
    ['a DTD', good.replace('<Document', '<!DOCTYPE x [<!ENTITY a "b">]><Document'), 'DTD_NO_ADMITIDO', /DOCTYPE/],
    [
      'a pain.001',
      good.replaceAll('camt.053.001.08', 'pain.001.001.09'),
      'NO_ES_CAMT053',
      /mensaje pain\.001, no un extracto/,
    ],
    ['a camt.054', good.replaceAll('camt.053.001.08', 'camt.054.001.08'), 'NO_ES_CAMT053', /camt\.054/],
    ['no namespace', good.replace(/ xmlns="[^"]*"/, ''), 'NO_ES_CAMT053', /espacio de nombres es «ninguno»/],
    ['another root', '<?xml version="1.0"?><Invoice/>', 'NO_ES_CAMT053', /raíz es «Invoice»/],
    ['version 001.01', good.replaceAll('camt.053.001.08', 'camt.053.001.01'), 'VERSION_NO_ADMITIDA', /001\.01/],
    ['a comma amount', good.replace('1234567.89', '1234567,89'), 'IMPORTE_INVALIDO', /«1234567,89» de el apunte 1/],
    ['three decimals in EUR', good.replace('1234567.89', '1234567.891'), 'IMPORTE_INVALIDO', /1234567\.891/],
    ['a negative amount', good.replace('1234567.89', '-1234567.89'), 'IMPORTE_INVALIDO', /-1234567\.89/],
    ['no currency', good.replace('<Amt Ccy="EUR">5.00', '<Amt>5.00'), 'MONEDA_INVALIDA', /apunte 2/],
    [
      'a bad indicator',
      good.replace('<CdtDbtInd>DBIT</CdtDbtInd><Sts>', '<CdtDbtInd>X</CdtDbtInd><Sts>'),
      'INDICADOR_INVALIDO',
      /«X»/,
    ],
    [
      'a bad date',
      good.replace('<BookgDt><Dt>2026-11-20', '<BookgDt><Dt>20/11/2026'),
      'FECHA_INVALIDA',
      /20\/11\/2026/,
    ],
    ['no statement', good.replace(/<Stmt>[\s\S]*<\/Stmt>/, ''), 'CAMPO_OBLIGATORIO', /ningún extracto/],
  ];
  it.each(cases)('%s', (_name, xml, code, message) => {
    let err: unknown;
    try {
      parseCamt053(xml);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Camt053Error);
    expect((err as Camt053Error).code).toBe(code);
    expect((err as Camt053Error).message).toMatch(message);
  });

  it('reads bytes with a BOM as well as text', () => {
    const bytes = new TextEncoder().encode('\uFEFF' + good);
    expect(parseCamt053(bytes).statements[0]!.entries).toHaveLength(3);
  });
});

describe('amounts', () => {
  it('converts without floats, both ways', () => {
    expect(decimalToMinor('0.1', 'EUR')).toBe(10n);
    expect(decimalToMinor('12', 'EUR')).toBe(1200n);
    expect(decimalToMinor('7000000000000000.07', 'USD')).toBe(700000000000000007n);
    expect(decimalToMinor('10.5', 'JPY')).toBeNull();
    expect(decimalToMinor('1050', 'JPY')).toBe(1050n);
    expect(decimalToMinor('1.005', 'KWD')).toBe(1005n);
    expect(minorToDecimal(700000000000000007n, 'USD')).toBe('7000000000000000.07');
    expect(minorToDecimal(5n, 'EUR')).toBe('0.05');
    expect(minorToDecimal(-5n, 'EUR')).toBe('-0.05');
    expect(minorToDecimal(1050n, 'JPY')).toBe('1050');
  });
});
