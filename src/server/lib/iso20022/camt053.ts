/*
 * camt.053 (ISO 20022 "BankToCustomerStatement") reader: the end-of-day statement a bank sends for an account.
 *
 * API
 *   parseCamt053(xml: string | Uint8Array): Camt053Document
 *     Reads every <Stmt> of a camt.053 document. Versions: the namespaces
 *     urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 … .001.13 (SUPPORTED_VERSIONS); in practice banks send .02
 *     (SEPA era, still the most common) and .08 (the CBPR+/SWIFT MX one). The differences that matter here are
 *     absorbed: entry status as text (.02) or <Sts><Cd> (.08+), related parties directly (.02) or under <Pty>
 *     (.08+), booking date as <Dt> or <DtTm>.
 *     Throws Camt053Error (code + Spanish message naming the problem) for anything that is not a well-formed
 *     camt.053 of a supported version, or that carries an amount, currency, date or indicator it cannot read. It
 *     never returns a partial document: either every statement and entry is read, or it throws.
 *
 *   Camt053Document  { version, messageId, createdAt, statements: CamtStatement[] }
 *   CamtStatement    { id, accountIban (null when the account is identified otherwise), accountOther, currency,
 *                      openingBalance / closingBalance (booked: OPBD/PRCD and CLBD; null when absent),
 *                      entries: CamtEntry[] }
 *   CamtBalance      { amountMinor: bigint (signed: a DBIT balance is negative), currency, date }
 *   CamtEntry        { index (0-based within its statement), entryRef (NtryRef), acctSvcrRef, creditDebit
 *                      'CRDT' | 'DBIT', reversal, status 'BOOK' | 'PDNG' | 'INFO' | …, amountMinor: bigint (always
 *                      positive; the indicator says the direction), currency, bookingDate / valueDate
 *                      ('YYYY-MM-DD' or null), transactions: CamtTransaction[] (one per <TxDtls>, possibly empty),
 *                      bankKey: string }
 *   CamtTransaction  { endToEndId, instructionId, acctSvcrRef, transactionId, paymentInfoId, messageId,
 *                      amountMinor (bigint | null when the details carry no own amount), currency,
 *                      creditorReference (the structured creditor reference, e.g. "RF18539007547034"; spaces
 *                      removed, upper-cased), creditorReferenceType ('SCOR' or a proprietary text), unstructured
 *                      (every <Ustrd> joined with a space), debtorName, debtorIban, creditorName, creditorIban }
 *
 *   bankKey is how Cereza recognises an entry it has seen before: the bank's own reference for the entry
 *   (AcctSvcrRef, else NtryRef, else the only transaction's AcctSvcrRef / EndToEndId) prefixed with the account,
 *   "IBAN|ref". An entry with none of those gets "IBAN|~date|cdi|amount|index-in-statement" (only as stable as the
 *   bank's file; banks that omit every reference are rare and such entries should be checked by hand).
 *
 *   Amounts are converted from the file's decimal text to minor units with string arithmetic (amounts.ts), never
 *   through a float; an amount with more decimals than its currency has is refused.
 *
 * The fixture builder for tests and demo files is camt053-fixture.ts.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decimalToMinor } from './amounts';

export const CAMT053_NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.';
export const SUPPORTED_VERSIONS = ['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'] as const;
export type Camt053Version = `001.${(typeof SUPPORTED_VERSIONS)[number]}`;

export type Camt053ErrorCode =
  | 'VACIO'
  | 'NO_ES_XML'
  | 'DTD_NO_ADMITIDO'
  | 'NO_ES_CAMT053'
  | 'VERSION_NO_ADMITIDA'
  | 'CAMPO_OBLIGATORIO'
  | 'IMPORTE_INVALIDO'
  | 'MONEDA_INVALIDA'
  | 'FECHA_INVALIDA'
  | 'INDICADOR_INVALIDO';

/** A file that cannot be read as a camt.053: `message` is Spanish and names the problem (and where). */
export class Camt053Error extends Error {
  constructor(
    readonly code: Camt053ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'Camt053Error';
  }
}

export interface CamtBalance {
  amountMinor: bigint;
  currency: string;
  date: string | null;
}

export interface CamtTransaction {
  endToEndId: string | null;
  instructionId: string | null;
  acctSvcrRef: string | null;
  transactionId: string | null;
  paymentInfoId: string | null;
  messageId: string | null;
  amountMinor: bigint | null;
  currency: string | null;
  creditorReference: string | null;
  creditorReferenceType: string | null;
  unstructured: string;
  debtorName: string | null;
  debtorIban: string | null;
  creditorName: string | null;
  creditorIban: string | null;
}

export interface CamtEntry {
  index: number;
  entryRef: string | null;
  acctSvcrRef: string | null;
  creditDebit: 'CRDT' | 'DBIT';
  reversal: boolean;
  status: string;
  amountMinor: bigint;
  currency: string;
  bookingDate: string | null;
  valueDate: string | null;
  transactions: CamtTransaction[];
  bankKey: string;
}

export interface CamtStatement {
  id: string;
  accountIban: string | null;
  accountOther: string | null;
  currency: string | null;
  openingBalance: CamtBalance | null;
  closingBalance: CamtBalance | null;
  createdAt: string | null;
  entries: CamtEntry[];
}

export interface Camt053Document {
  version: Camt053Version;
  messageId: string;
  createdAt: string | null;
  statements: CamtStatement[];
}

// ---------------------------------------------------------------------------------------------------------------

type Node = Record<string, unknown>;

const ARRAY_TAGS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'CdtrRefInf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAY_TAGS.has(name),
});

const fail = (code: Camt053ErrorCode, message: string): never => {
  throw new Camt053Error(code, message);
};

function asNode(v: unknown): Node | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
}

/** Follows a path of child names; returns undefined as soon as one is missing. */
function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const key of path) {
    const n = Array.isArray(cur) ? asNode(cur[0]) : asNode(cur);
    if (!n) return undefined;
    cur = n[key];
  }
  return cur;
}

function text(node: unknown, ...path: string[]): string | null {
  const v = at(node, ...path);
  const t =
    typeof v === 'string' ? v : typeof asNode(v)?.['#text'] === 'string' ? (asNode(v)!['#text'] as string) : null;
  return t !== null && t.trim() !== '' ? t.trim() : null;
}

function list(node: unknown, ...path: string[]): Node[] {
  const v = at(node, ...path);
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((x) => asNode(x) ?? { '#text': x });
}

const CURRENCY_RE = /^[A-Z]{3}$/;
const DATE_RE = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/;

function amountOf(node: unknown, where: string): { amountMinor: bigint; currency: string } {
  const n = Array.isArray(node) ? node[0] : node;
  const raw = typeof n === 'string' ? n : text(n, '#text');
  const ccy = asNode(n)?.['@_Ccy'];
  if (raw === null || raw === undefined) return fail('CAMPO_OBLIGATORIO', `Falta el importe (<Amt>) en ${where}.`);
  if (typeof ccy !== 'string' || !CURRENCY_RE.test(ccy))
    return fail('MONEDA_INVALIDA', `El importe de ${where} no indica una moneda ISO 4217 válida (atributo Ccy).`);
  const minor = decimalToMinor(raw, ccy);
  if (minor === null)
    return fail(
      'IMPORTE_INVALIDO',
      `El importe «${raw}» de ${where} no es un importe válido en ${ccy} (número positivo con como mucho los decimales de la moneda).`,
    );
  return { amountMinor: minor, currency: ccy };
}

function dateOf(node: unknown, where: string): string | null {
  const raw = text(node, 'Dt') ?? text(node, 'DtTm');
  if (raw === null) return null;
  const m = DATE_RE.exec(raw);
  if (!m || Number.isNaN(Date.parse(m[1]!)))
    return fail('FECHA_INVALIDA', `La fecha «${raw}» de ${where} no es una fecha ISO (AAAA-MM-DD).`);
  return m[1]!;
}

function indicator(node: unknown, where: string): 'CRDT' | 'DBIT' {
  const v = text(node, 'CdtDbtInd');
  if (v === 'CRDT' || v === 'DBIT') return v;
  return fail(
    'INDICADOR_INVALIDO',
    v === null
      ? `Falta el indicador de abono o cargo (<CdtDbtInd>) en ${where}.`
      : `El indicador «${v}» de ${where} no es CRDT (abono) ni DBIT (cargo).`,
  );
}

/** Party name: `<Dbtr><Nm>` (.02) or `<Dbtr><Pty><Nm>` (.08+). */
function partyName(parties: unknown, role: 'Dbtr' | 'Cdtr'): string | null {
  return text(parties, role, 'Nm') ?? text(parties, role, 'Pty', 'Nm');
}

function normaliseRef(ref: string | null): string | null {
  return ref === null ? null : ref.replace(/\s+/g, '').toUpperCase();
}

function readTransaction(tx: Node, where: string): CamtTransaction {
  const amtNode = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt');
  const amount = amtNode === undefined ? null : amountOf(amtNode, where);
  const strd = list(tx, 'RmtInf', 'Strd');
  let creditorReference: string | null = null;
  let creditorReferenceType: string | null = null;
  for (const s of strd) {
    for (const ref of list(s, 'CdtrRefInf')) {
      const r = text(ref, 'Ref');
      if (r !== null && creditorReference === null) {
        creditorReference = normaliseRef(r);
        creditorReferenceType = text(ref, 'Tp', 'CdOrPrtry', 'Cd') ?? text(ref, 'Tp', 'CdOrPrtry', 'Prtry');
      }
    }
  }
  const unstructured = list(tx, 'RmtInf', 'Ustrd')
    .map((u) => text(u, '#text'))
    .filter((u): u is string => u !== null)
    .join(' ');
  const parties = at(tx, 'RltdPties');
  return {
    endToEndId: text(tx, 'Refs', 'EndToEndId'),
    instructionId: text(tx, 'Refs', 'InstrId'),
    acctSvcrRef: text(tx, 'Refs', 'AcctSvcrRef'),
    transactionId: text(tx, 'Refs', 'TxId'),
    paymentInfoId: text(tx, 'Refs', 'PmtInfId'),
    messageId: text(tx, 'Refs', 'MsgId'),
    amountMinor: amount?.amountMinor ?? null,
    currency: amount?.currency ?? null,
    creditorReference,
    creditorReferenceType,
    unstructured,
    debtorName: partyName(parties, 'Dbtr'),
    debtorIban: normaliseRef(text(parties, 'DbtrAcct', 'Id', 'IBAN')),
    creditorName: partyName(parties, 'Cdtr'),
    creditorIban: normaliseRef(text(parties, 'CdtrAcct', 'Id', 'IBAN')),
  };
}

function readBalance(bal: Node, where: string): { type: string | null; balance: CamtBalance } {
  const type = text(bal, 'Tp', 'CdOrPrtry', 'Cd') ?? text(bal, 'Tp', 'CdOrPrtry', 'Prtry');
  const { amountMinor, currency } = amountOf(at(bal, 'Amt'), where);
  const sign = indicator(bal, where) === 'DBIT' ? -1n : 1n;
  return { type, balance: { amountMinor: sign * amountMinor, currency, date: dateOf(at(bal, 'Dt'), where) } };
}

function readStatement(stmt: Node, sIdx: number): CamtStatement {
  const id = text(stmt, 'Id');
  const sWhere = `el extracto ${sIdx + 1}`;
  if (id === null) fail('CAMPO_OBLIGATORIO', `Falta el identificador (<Id>) de ${sWhere}.`);
  const accountIban = normaliseRef(text(stmt, 'Acct', 'Id', 'IBAN'));
  const accountOther = text(stmt, 'Acct', 'Id', 'Othr', 'Id');
  if (accountIban === null && accountOther === null)
    fail('CAMPO_OBLIGATORIO', `Falta la cuenta (<Acct><Id>) de ${sWhere}.`);
  const accountCcy = text(stmt, 'Acct', 'Ccy');
  if (accountCcy !== null && !CURRENCY_RE.test(accountCcy))
    fail('MONEDA_INVALIDA', `La moneda de la cuenta «${accountCcy}» de ${sWhere} no es un código ISO 4217.`);

  let openingBalance: CamtBalance | null = null;
  let closingBalance: CamtBalance | null = null;
  list(stmt, 'Bal').forEach((b, i) => {
    const { type, balance } = readBalance(b, `el saldo ${i + 1} de ${sWhere}`);
    if ((type === 'OPBD' || type === 'PRCD') && openingBalance === null) openingBalance = balance;
    if (type === 'CLBD') closingBalance = balance;
  });

  const account = accountIban ?? accountOther ?? '';
  const entries = list(stmt, 'Ntry').map((n, i): CamtEntry => {
    const where = `el apunte ${i + 1} de ${sWhere}`;
    const { amountMinor, currency } = amountOf(at(n, 'Amt'), where);
    const creditDebit = indicator(n, where);
    const status = text(n, 'Sts', 'Cd') ?? text(n, 'Sts', 'Prtry') ?? text(n, 'Sts');
    if (status === null) fail('CAMPO_OBLIGATORIO', `Falta el estado (<Sts>) de ${where}.`);
    const transactions = list(n, 'NtryDtls').flatMap((d) =>
      list(d, 'TxDtls').map((tx, j) => readTransaction(tx, `la transacción ${j + 1} de ${where}`)),
    );
    const bookingDate = dateOf(at(n, 'BookgDt'), where);
    const entryRef = text(n, 'NtryRef');
    const acctSvcrRef = text(n, 'AcctSvcrRef');
    const only = transactions.length === 1 ? transactions[0]! : null;
    const ref = acctSvcrRef ?? entryRef ?? only?.acctSvcrRef ?? only?.endToEndId ?? null;
    const bankKey =
      ref !== null
        ? `${account}|${ref}`
        : `${account}|~${bookingDate ?? ''}|${creditDebit}|${currency}${amountMinor}|${id}#${i}`;
    return {
      index: i,
      entryRef,
      acctSvcrRef,
      creditDebit,
      reversal: text(n, 'RvslInd') === 'true',
      status: status!,
      amountMinor,
      currency,
      bookingDate,
      valueDate: dateOf(at(n, 'ValDt'), where),
      transactions,
      bankKey,
    };
  });

  return {
    id: id!,
    accountIban,
    accountOther,
    currency: accountCcy ?? openingBalance?.['currency'] ?? closingBalance?.['currency'] ?? null,
    openingBalance,
    closingBalance,
    createdAt: text(stmt, 'CreDtTm'),
    entries,
  };
}

/** The namespace bound to the root element's prefix (or the default namespace), read from the raw text. */
function rootNamespace(xml: string): { name: string; ns: string | null } | null {
  const body = xml.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const m = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^>]*?)?)\/?>/.exec(body);
  if (!m) return null;
  const prefix = m[1] ? m[1].slice(0, -1) : null;
  const attrs = m[3] ?? '';
  const nsRe = prefix ? new RegExp(`xmlns:${prefix}\\s*=\\s*["']([^"']*)["']`) : /xmlns\s*=\s*["']([^"']*)["']/;
  return { name: m[2]!, ns: nsRe.exec(attrs)?.[1] ?? null };
}

export function parseCamt053(input: string | Uint8Array): Camt053Document {
  const xml = (typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input)).replace(/^\uFEFF/, '');
  if (xml.trim() === '') fail('VACIO', 'El fichero está vacío.');
  if (!xml.trimStart().startsWith('<'))
    fail('NO_ES_XML', 'El fichero no es XML: un extracto camt.053 empieza por «<?xml» o «<Document».');
  // Banks do not send DTDs; refusing them closes the door to entity-expansion tricks.
  if (/<!DOCTYPE/i.test(xml))
    fail('DTD_NO_ADMITIDO', 'El fichero declara un DOCTYPE: un extracto camt.053 no lo lleva.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    fail(
      'NO_ES_XML',
      `El fichero no es XML bien formado (línea ${valid.err.line}, columna ${valid.err.col}): ${valid.err.msg}`,
    );

  const root = rootNamespace(xml);
  if (!root || root.name !== 'Document')
    fail(
      'NO_ES_CAMT053',
      `El fichero no es un extracto camt.053: su elemento raíz es «${root?.name ?? '?'}», no «Document».`,
    );
  const ns = root!.ns ?? '';
  if (!ns.startsWith(CAMT053_NAMESPACE_PREFIX)) {
    const kind = /camt\.\d{3}|pain\.\d{3}|pacs\.\d{3}/.exec(ns)?.[0];
    fail(
      'NO_ES_CAMT053',
      kind
        ? `El fichero es un mensaje ${kind}, no un extracto camt.053.`
        : `El fichero no es un extracto camt.053: su espacio de nombres es «${ns || 'ninguno'}».`,
    );
  }
  const v = ns.slice(CAMT053_NAMESPACE_PREFIX.length);
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(v))
    fail(
      'VERSION_NO_ADMITIDA',
      `La versión camt.053.001.${v} no está admitida (se admiten de la 001.02 a la 001.${SUPPORTED_VERSIONS.at(-1)}).`,
    );

  const doc = parser.parse(xml) as Node;
  const msg = at(doc, 'Document', 'BkToCstmrStmt');
  if (!asNode(msg)) fail('NO_ES_CAMT053', 'El fichero no contiene un extracto (<BkToCstmrStmt>) dentro de <Document>.');
  const messageId = text(msg, 'GrpHdr', 'MsgId');
  if (messageId === null) fail('CAMPO_OBLIGATORIO', 'Falta el identificador del mensaje (<GrpHdr><MsgId>).');
  const stmts = list(msg, 'Stmt');
  if (stmts.length === 0) fail('CAMPO_OBLIGATORIO', 'El fichero no contiene ningún extracto (<Stmt>).');

  return {
    version: `001.${v}` as Camt053Version,
    messageId: messageId!,
    createdAt: text(msg, 'GrpHdr', 'CreDtTm'),
    statements: stmts.map(readStatement),
  };
}
