/*
 * The credit-transfer order Cereza hands its bank: ISO 20022 `pain.001.001.09` (CustomerCreditTransferInitiation,
 * the 2019 version the EPC's SEPA Credit Transfer implementation guidelines use since November 2023; decision 056).
 *
 * One PmtInf per kind of transfer: SEPA (EUR to an IBAN of a SEPA country: service level SEPA, charges SLEV) and one
 * per currency for everything else (cross-border with the creditor's BIC, charges SHAR). Control sums at both
 * levels. Text follows the EPC's rules: the Latin character set (a–z A–Z 0–9 / - ? : ( ) . , ' + and space),
 * names cut at 70, identifiers at 35, remittance at 140; amounts with two decimals and a point.
 */

/** The characters the EPC guidelines allow in SEPA text fields. */
const EPC_PERMITIDO = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/**
 * Converts text to the EPC's Latin character set: accents dropped (Ñ → N, ç → c, ß → ss…), anything else outside
 * the set becomes a space, runs of spaces collapse, and it is cut to `max` characters. An identifier must not
 * start or end with "/" nor contain "//" (EPC rule for references).
 */
export function textoEpc(texto: string, max: number): string {
  const latino = texto
    .replace(/ß/g, 'ss')
    .replace(/[Ææ]/g, (c) => (c === 'Æ' ? 'AE' : 'ae'))
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    .replace(/&/g, '+')
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(EPC_PERMITIDO, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return latino.slice(0, max).trim();
}

/** An EPC identifier (MsgId, PmtInfId, EndToEndId): the character set, no leading/trailing "/", no "//", ≤ 35. */
export function idEpc(id: string): string {
  const limpio = textoEpc(id, 35)
    .replace(/ /g, '-')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
  if (!limpio) throw new Error('pain.001: identificador vacío');
  return limpio;
}

/** Minor units as the XML decimal: "1234.50". Exact for any safe integer (no float arithmetic). */
export function importeXml(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos <= 0) throw new Error(`pain.001: importe no válido ${centavos}`);
  const s = String(centavos).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

const escapar = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export interface Acreedor {
  nombre: string;
  /** ISO 3166 alpha-2 of the creditor's bank. */
  pais: string;
  bic: string;
  iban: string | null;
  numeroCuenta: string | null;
  banco: string | null;
}

export interface Transferencia {
  endToEndId: string;
  importeCentavos: number;
  moneda: string;
  acreedor: Acreedor;
  /** Unstructured remittance (what the producer's statement will show). */
  concepto: string;
  /** Whether it travels as a SEPA credit transfer (EUR to an IBAN of a SEPA country). */
  sepa: boolean;
}

export interface OrdenDePago {
  msgId: string;
  creadaAt: Date;
  /** Requested execution date, YYYY-MM-DD. */
  fechaEjecucion: string;
  deudor: { nombre: string; iban: string; bic: string };
  transferencias: Transferencia[];
}

export interface BloquePago {
  pmtInfId: string;
  sepa: boolean;
  moneda: string;
  transferencias: Transferencia[];
  sumaCentavos: number;
}

/** How the transfers are grouped into PmtInf blocks (SEPA first, then one per currency), with their ids. */
export function bloquesDe(orden: Pick<OrdenDePago, 'msgId' | 'transferencias'>): BloquePago[] {
  const grupos = new Map<string, Transferencia[]>();
  for (const t of orden.transferencias) {
    const clave = t.sepa ? 'SEPA' : `X-${t.moneda}`;
    grupos.set(clave, [...(grupos.get(clave) ?? []), t]);
  }
  const claves = [...grupos.keys()].sort((a, b) => (a === 'SEPA' ? -1 : b === 'SEPA' ? 1 : a < b ? -1 : 1));
  return claves.map((clave, i) => {
    const transferencias = grupos.get(clave)!;
    return {
      pmtInfId: idEpc(`${orden.msgId.slice(0, 31)}-${String(i + 1).padStart(3, '0')}`),
      sepa: clave === 'SEPA',
      moneda: transferencias[0].moneda,
      transferencias,
      sumaCentavos: transferencias.reduce((a, t) => a + t.importeCentavos, 0),
    };
  });
}

function el(nombre: string, contenido: string | string[], attrs = ''): string {
  const dentro = Array.isArray(contenido) ? contenido.join('') : escapar(contenido);
  return `<${nombre}${attrs}>${dentro}</${nombre}>`;
}

function transferenciaXml(t: Transferencia): string {
  const a = t.acreedor;
  const cuenta = a.iban ? el('Id', [el('IBAN', a.iban)]) : el('Id', [el('Othr', [el('Id', idCuenta(a.numeroCuenta))])]);
  const agente = [el('BICFI', a.bic)];
  if (!t.sepa && a.banco) agente.push(el('Nm', textoEpc(a.banco, 140)), el('PstlAdr', [el('Ctry', a.pais)]));
  return el('CdtTrfTxInf', [
    el('PmtId', [el('InstrId', idEpc(t.endToEndId)), el('EndToEndId', idEpc(t.endToEndId))]),
    el('Amt', [el('InstdAmt', importeXml(t.importeCentavos), ` Ccy="${escapar(t.moneda)}"`)]),
    el('CdtrAgt', [el('FinInstnId', agente)]),
    el('Cdtr', [el('Nm', textoEpc(a.nombre, 70)), el('PstlAdr', [el('Ctry', a.pais)])]),
    el('CdtrAcct', [cuenta]),
    el('RmtInf', [el('Ustrd', textoEpc(t.concepto, 140))]),
  ]);
}

function idCuenta(numero: string | null): string {
  if (!numero) throw new Error('pain.001: cuenta sin IBAN ni número');
  return numero.replace(/[^A-Za-z0-9-]/g, '').slice(0, 34);
}

/** The ISO date-time without milliseconds, as banks' validators expect ("2026-11-27T08:00:00"). */
const fechaHora = (d: Date) => d.toISOString().slice(0, 19);

/** The pain.001.001.09 document of an order. Throws on an empty order or a bad amount (a bug, not user input). */
export function pain001(orden: OrdenDePago): string {
  if (orden.transferencias.length === 0) throw new Error('pain.001: orden sin transferencias');
  const bloques = bloquesDe(orden);
  const total = bloques.reduce((a, b) => a + b.sumaCentavos, 0);
  const deudor = textoEpc(orden.deudor.nombre, 70);
  const grpHdr = el('GrpHdr', [
    el('MsgId', idEpc(orden.msgId)),
    el('CreDtTm', fechaHora(orden.creadaAt)),
    el('NbOfTxs', String(orden.transferencias.length)),
    el('CtrlSum', importeXml(total)),
    el('InitgPty', [el('Nm', deudor)]),
  ]);
  const pmtInfs = bloques.map((b) =>
    el('PmtInf', [
      el('PmtInfId', b.pmtInfId),
      el('PmtMtd', 'TRF'),
      el('BtchBookg', 'false'),
      el('NbOfTxs', String(b.transferencias.length)),
      el('CtrlSum', importeXml(b.sumaCentavos)),
      ...(b.sepa ? [el('PmtTpInf', [el('SvcLvl', [el('Cd', 'SEPA')])])] : []),
      el('ReqdExctnDt', [el('Dt', orden.fechaEjecucion)]),
      el('Dbtr', [el('Nm', deudor)]),
      el('DbtrAcct', [el('Id', [el('IBAN', orden.deudor.iban)]), el('Ccy', b.moneda)]),
      el('DbtrAgt', [el('FinInstnId', [el('BICFI', orden.deudor.bic)])]),
      el('ChrgBr', b.sepa ? 'SLEV' : 'SHAR'),
      ...b.transferencias.map(transferenciaXml),
    ]),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    el(
      'Document',
      [el('CstmrCdtTrfInitn', [grpHdr, ...pmtInfs])],
      ' xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    ) +
    '\n'
  );
}
