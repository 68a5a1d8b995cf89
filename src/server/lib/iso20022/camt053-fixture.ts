/*
 * Builds camt.053 statements the way banks write them, for tests and for the demo's statement file. Not a general
 * writer: it covers what Cereza reads (balances, entries with references, remittance information, parties) in
 * versions 001.02 and 001.08, with each version's own shape (entry status as text vs <Sts><Cd>, parties directly vs
 * under <Pty>).
 *
 *   buildCamt053({ version: '001.08', iban: 'ES…', currency: 'EUR', openingMinor: 0n, date: '2026-11-27',
 *                  entries: [{ creditDebit: 'CRDT', amountMinor: 123450n, acctSvcrRef: 'BANK-1', creditorReference: 'RF…' }] })
 *
 * The closing balance is the opening plus credits minus debits unless `closingMinor` says otherwise (a test of a
 * bank balance that disagrees with Cereza's books passes one).
 */
import { minorToDecimal } from './amounts';

export interface CamtFixtureEntry {
  creditDebit: 'CRDT' | 'DBIT';
  amountMinor: bigint;
  /** Defaults to the statement's currency. */
  currency?: string;
  bookingDate?: string;
  acctSvcrRef?: string;
  entryRef?: string;
  endToEndId?: string;
  instructionId?: string;
  paymentInfoId?: string;
  /** Structured creditor reference (ISO 11649 "RF…"). */
  creditorReference?: string;
  unstructured?: string;
  debtorName?: string;
  debtorIban?: string;
  creditorName?: string;
  creditorIban?: string;
  status?: 'BOOK' | 'PDNG';
  reversal?: boolean;
}

export interface CamtFixture {
  version?: '001.02' | '001.08';
  messageId?: string;
  statementId?: string;
  iban: string;
  currency: string;
  /** Statement date: the balances' date and the entries' default booking date (YYYY-MM-DD). */
  date?: string;
  openingMinor?: bigint;
  closingMinor?: bigint;
  entries: CamtFixtureEntry[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function balance(type: 'OPBD' | 'CLBD', minor: bigint, ccy: string, date: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="${ccy}">${minorToDecimal(
    minor < 0n ? -minor : minor,
    ccy,
  )}</Amt><CdtDbtInd>${minor < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
}

function party(role: 'Dbtr' | 'Cdtr', name: string | undefined, v08: boolean): string {
  if (!name) return '';
  return v08 ? `<${role}><Pty><Nm>${esc(name)}</Nm></Pty></${role}>` : `<${role}><Nm>${esc(name)}</Nm></${role}>`;
}

function entry(e: CamtFixtureEntry, ccy: string, date: string, v08: boolean): string {
  const c = e.currency ?? ccy;
  const amt = `<Amt Ccy="${c}">${minorToDecimal(e.amountMinor, c)}</Amt>`;
  const status = e.status ?? 'BOOK';
  const refs = [
    e.acctSvcrRef ? `<AcctSvcrRef>${esc(e.acctSvcrRef)}</AcctSvcrRef>` : '',
    e.paymentInfoId ? `<PmtInfId>${esc(e.paymentInfoId)}</PmtInfId>` : '',
    e.instructionId ? `<InstrId>${esc(e.instructionId)}</InstrId>` : '',
    `<EndToEndId>${esc(e.endToEndId ?? 'NOTPROVIDED')}</EndToEndId>`,
  ].join('');
  const strd = e.creditorReference
    ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${esc(
        e.creditorReference,
      )}</Ref></CdtrRefInf></Strd>`
    : '';
  const ustrd = e.unstructured ? `<Ustrd>${esc(e.unstructured)}</Ustrd>` : '';
  const rmt = strd || ustrd ? `<RmtInf>${ustrd}${strd}</RmtInf>` : '';
  const parties =
    party('Dbtr', e.debtorName, v08) +
    (e.debtorIban ? `<DbtrAcct><Id><IBAN>${e.debtorIban}</IBAN></Id></DbtrAcct>` : '') +
    party('Cdtr', e.creditorName, v08) +
    (e.creditorIban ? `<CdtrAcct><Id><IBAN>${e.creditorIban}</IBAN></Id></CdtrAcct>` : '');
  const domain = e.creditDebit === 'CRDT' ? 'RCDT' : 'ICDT';
  return [
    '<Ntry>',
    e.entryRef ? `<NtryRef>${esc(e.entryRef)}</NtryRef>` : '',
    amt,
    `<CdtDbtInd>${e.creditDebit}</CdtDbtInd>`,
    e.reversal ? '<RvslInd>true</RvslInd>' : '',
    v08 ? `<Sts><Cd>${status}</Cd></Sts>` : `<Sts>${status}</Sts>`,
    `<BookgDt><Dt>${e.bookingDate ?? date}</Dt></BookgDt>`,
    `<ValDt><Dt>${e.bookingDate ?? date}</Dt></ValDt>`,
    e.acctSvcrRef ? `<AcctSvcrRef>${esc(e.acctSvcrRef)}</AcctSvcrRef>` : '',
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${domain}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>`,
    '<NtryDtls><TxDtls>',
    `<Refs>${refs}</Refs>`,
    `<AmtDtls><TxAmt>${amt}</TxAmt></AmtDtls>`,
    parties ? `<RltdPties>${parties}</RltdPties>` : '',
    rmt,
    '</TxDtls></NtryDtls>',
    '</Ntry>',
  ].join('');
}

function statement(f: CamtFixture, v08: boolean, date: string): string {
  const opening = f.openingMinor ?? 0n;
  const booked = f.entries.filter((e) => (e.status ?? 'BOOK') === 'BOOK' && (e.currency ?? f.currency) === f.currency);
  const closing =
    f.closingMinor ??
    booked.reduce((acc, e) => acc + (e.creditDebit === 'CRDT' ? e.amountMinor : -e.amountMinor), opening);
  return [
    '<Stmt>',
    `<Id>${esc(f.statementId ?? `STMT-${date}-${f.currency}`)}</Id>`,
    v08 ? '<ElctrncSeqNb>1</ElctrncSeqNb>' : '',
    `<CreDtTm>${date}T18:00:00+01:00</CreDtTm>`,
    `<Acct><Id><IBAN>${f.iban}</IBAN></Id><Ccy>${f.currency}</Ccy></Acct>`,
    balance('OPBD', opening, f.currency, date),
    balance('CLBD', closing, f.currency, date),
    ...f.entries.map((e) => entry(e, f.currency, date, v08)),
    '</Stmt>',
  ].join('\n');
}

/**
 * A complete camt.053 document (UTF-8 text with its XML declaration). Several fixtures make one document with one
 * statement each (a multi-currency account: one statement per currency); the first gives version, message id and
 * date.
 */
export function buildCamt053(f: CamtFixture | CamtFixture[]): string {
  const all = Array.isArray(f) ? f : [f];
  const first = all[0]!;
  const version = first.version ?? '001.08';
  const v08 = version === '001.08';
  const date = first.date ?? '2026-11-27';
  const msgId = first.messageId ?? `MSG-${date}-${first.iban.slice(-4)}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<BkToCstmrStmt>',
    `<GrpHdr><MsgId>${esc(msgId)}</MsgId><CreDtTm>${date}T18:00:00+01:00</CreDtTm></GrpHdr>`,
    ...all.map((x) => statement(x, v08, x.date ?? date)),
    '</BkToCstmrStmt>',
    '</Document>',
    '',
  ].join('\n');
}
