import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { buildCamt053, type CamtFixtureEntry } from '../../src/server/lib/iso20022/camt053-fixture';

/*
 * The bank's side of issue 29 in the browser tests: statements of Cereza's client-money account (camt.053), written
 * as a bank would with the same builder the server tests use, and the pain.001 batches read back.
 */

/** The demo's client-money account (README "Configuration": CEREZA_IBAN's default). */
export const CEREZA_IBAN = 'ES7921000813610123456789';

/**
 * A camt.053 statement of Cereza's account with these entries, saved as a file to upload; each entry gets a bank
 * reference of its own unless it brings one.
 */
export function extractoCamt053(
  entries: CamtFixtureEntry[],
  opts: { version?: '001.02' | '001.08'; currency?: string } = {},
): string {
  const uid = randomUUID().slice(0, 8).toUpperCase();
  const xml = buildCamt053({
    version: opts.version ?? '001.08',
    iban: CEREZA_IBAN,
    currency: opts.currency ?? 'EUR',
    date: new Date().toISOString().slice(0, 10),
    messageId: `E2E-${uid}`,
    statementId: `E2E-STMT-${uid}`,
    entries: entries.map((e, i) => ({ acctSvcrRef: `E2E-${uid}-${i + 1}`, ...e })),
  });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cereza-e2e-extracto-')), `extracto-${uid}.xml`);
  writeFileSync(file, xml);
  return file;
}

export interface TransferenciaPain001 {
  endToEndId: string;
  importeCentavos: number;
  moneda: string;
  acreedor: string;
}

/** Minor units from a pain.001 amount, which must have exactly two decimals. */
function centavos(s: string): number {
  if (!/^\d+\.\d{2}$/.test(s)) throw new Error(`amount "${s}" is not a two-decimal amount`);
  return Number(s.replace('.', ''));
}

/**
 * Reads a pain.001 back: its transfers, and its control sums (group and each block) checked against them. Throws
 * when a count or a sum disagrees with the lines.
 */
export function readPain001(xml: string): { msgId: string; transferencias: TransferenciaPain001[] } {
  const doc = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (n) => ['PmtInf', 'CdtTrfTxInf'].includes(n),
  }).parse(xml);
  const init = doc.Document.CstmrCdtTrfInitn;
  const bloques = init.PmtInf as { NbOfTxs: string; CtrlSum: string; CdtTrfTxInf: any[] }[];
  const transferencias: TransferenciaPain001[] = [];
  for (const b of bloques) {
    const de = b.CdtTrfTxInf.map((t) => ({
      endToEndId: String(t.PmtId.EndToEndId),
      importeCentavos: centavos(t.Amt.InstdAmt['#text']),
      moneda: String(t.Amt.InstdAmt['@_Ccy']),
      acreedor: String(t.Cdtr.Nm),
    }));
    if (Number(b.NbOfTxs) !== de.length) throw new Error(`block NbOfTxs ${b.NbOfTxs} ≠ ${de.length} transfers`);
    const suma = de.reduce((a, t) => a + t.importeCentavos, 0);
    if (centavos(b.CtrlSum) !== suma) throw new Error(`block CtrlSum ${b.CtrlSum} ≠ ${suma} cents`);
    transferencias.push(...de);
  }
  const total = transferencias.reduce((a, t) => a + t.importeCentavos, 0);
  if (Number(init.GrpHdr.NbOfTxs) !== transferencias.length)
    throw new Error(`NbOfTxs ${init.GrpHdr.NbOfTxs} ≠ ${transferencias.length} transfers`);
  if (centavos(init.GrpHdr.CtrlSum) !== total) throw new Error(`CtrlSum ${init.GrpHdr.CtrlSum} ≠ ${total} cents`);
  return { msgId: String(init.GrpHdr.MsgId), transferencias };
}
