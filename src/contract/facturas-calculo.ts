/*
 * Invoice arithmetic and tax rules (TRADE.md "Invoices, account movements and clients", docs/decisions/032).
 * zod-free and pure: the server issues invoices with it, the tests compute cases by hand against it, the web may
 * show the same figures. Money is integer minor units (cents); kilograms are integer grams; rates are basis
 * points (1000 = 10 %).
 */

import { comisionKgCentavos, paisName } from './lotes-codes';

/** Member states of the European Union (ISO 3166-1 alpha-2). */
export const PAISES_UE = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export const esPaisUE = (pais: string) => (PAISES_UE as readonly string[]).includes(pais.toUpperCase());

/**
 * A VAT id valid for intra-EU trade starts with its member state's prefix (Greece uses EL), e.g. ESB12345678,
 * DE123456789. Only the shape is checked (VIES is not consulted).
 */
export function esNifIvaUE(taxId: string, pais: string): boolean {
  const limpio = taxId.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefijo = pais.toUpperCase() === 'GR' ? 'EL' : pais.toUpperCase();
  return esPaisUE(pais) && limpio.startsWith(prefijo) && /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(limpio);
}

/** Integer division rounded half away from zero (commercial rounding), for exact cents. */
export function divRedondeo(numerador: number, denominador: number): number {
  if (!Number.isSafeInteger(numerador) || !Number.isSafeInteger(denominador) || denominador <= 0) {
    throw new RangeError('divRedondeo: enteros seguros y denominador positivo');
  }
  const signo = numerador < 0 ? -1 : 1;
  const n = Math.abs(numerador);
  const q = Math.floor(n / denominador);
  const r = n - q * denominador;
  const m = 2 * r >= denominador ? q + 1 : q;
  return m === 0 ? 0 : signo * m;
}

/**
 * a × b / d rounded half away from zero, exact for any safe integers a and b: a product past 2^53 (a million bags
 * at 100.000 COP/kg counted in grams × cents) is computed in BigInt instead of losing its last digits.
 */
export function mulDivRedondeo(a: number, b: number, d: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) {
    throw new RangeError('mulDivRedondeo: enteros seguros');
  }
  const p = a * b;
  if (Number.isSafeInteger(p)) return divRedondeo(p, d);
  const n = BigInt(a) * BigInt(b);
  const den = BigInt(d);
  const abs = n < 0n ? -n : n;
  const q = abs / den + (2n * (abs % den) >= den ? 1n : 0n);
  const r = Number(n < 0n ? -q : q);
  if (!Number.isSafeInteger(r)) throw new RangeError('mulDivRedondeo: el resultado supera el rango seguro');
  return r;
}

/** The base of a line: grams × cents per kg / 1000, rounded to the cent. */
export const baseLinea = (gramos: number, centavosKg: number) => mulDivRedondeo(gramos, centavosKg, 1000);

/** The tax of a base at a rate in basis points, rounded to the cent. */
export const cuotaImpuesto = (baseCentavos: number, tasaBp: number) => mulDivRedondeo(baseCentavos, tasaBp, 10_000);

/** Kilograms (to three decimals) as integer grams. */
export const gramosDe = (kg: number) => Math.round(kg * 1000);

/** The frozen terms an order's commission is computed from. */
export interface TerminosComision {
  kg: number;
  precioKgCentavos: number;
  /** The breakdown frozen at reservation; its commission per kg is the one agreed. */
  desglosePrecio?: { comisionPlataformaCentavos: number } | null;
}

/**
 * Cereza's commission per kg of an order, in minor units: the breakdown's when the lot had one, else the rate's
 * on the frozen price (the same figure: a breakdown's commission is the rate on the price, docs/decisions/016).
 */
export const comisionKgDePedido = (t: TerminosComision): number =>
  t.desglosePrecio?.comisionPlataformaCentavos ?? comisionKgCentavos(t.precioKgCentavos);

/**
 * Cereza's commission on an order, in minor units: its commission per kg × its kg, rounded once. The one figure
 * the buyer's breakdown, the contract and the commission invoice show (issue 25).
 */
export const comisionPedidoCentavos = (t: TerminosComision): number =>
  comisionCentavos(gramosDe(t.kg), comisionKgDePedido(t));

/** The commission on `gramos` at a commission per kg: the one rounding every figure of it goes through. */
export const comisionCentavos = (gramos: number, comisionKg: number): number => baseLinea(gramos, comisionKg);

export const REGIMENES = [
  'NACIONAL',
  'INTRACOMUNITARIA',
  'EXPORTACION',
  'INVERSION_SUJETO_PASIVO',
  'NO_SUJETA',
] as const;
export type Regimen = (typeof REGIMENES)[number];

export const REGIMEN_LABELS: Record<Regimen, string> = {
  NACIONAL: 'IVA nacional',
  INTRACOMUNITARIA: 'Entrega intracomunitaria exenta',
  EXPORTACION: 'Exportación exenta',
  INVERSION_SUJETO_PASIVO: 'Inversión del sujeto pasivo',
  NO_SUJETA: 'Operación no sujeta',
};

/** Spanish VAT on green coffee (a foodstuff: reduced rate) and on Cereza's commission (a service: general rate). */
export const IVA_CAFE_BP = 1000;
export const IVA_SERVICIOS_BP = 2100;

/*
 * Each mention cites the law of the issuer's own jurisdiction (issue 25 §2): Spanish law (Ley 37/1992) only on
 * the invoices of a Spanish issuer (a Spanish producer, or Cereza's commission) or where the operation is taxed in
 * Spain; the VAT Directive alone for an issuer of another member state; and no European citation at all on the
 * commercial invoice of an exporter outside the EU (mencionExportacionOrigen). Decision 048.
 */
export const MENCIONES = {
  INTRACOMUNITARIA:
    'Entrega intracomunitaria exenta de IVA (art. 25 Ley 37/1992; art. 138 Directiva 2006/112/CE). NIF-IVA del emisor y del destinatario indicados.',
  /** The same supply by an issuer established in another member state: its own law transposes the Directive. */
  INTRACOMUNITARIA_UE:
    'Entrega intracomunitaria exenta de IVA (art. 138 Directiva 2006/112/CE). NIF-IVA del emisor y del destinatario indicados.',
  EXPORTACION: 'Exportación exenta de IVA (art. 21 Ley 37/1992; art. 146 Directiva 2006/112/CE).',
  EXPORTACION_UE: 'Exportación exenta de IVA (art. 146 Directiva 2006/112/CE).',
  INVERSION_BIENES:
    'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992): el destinatario liquida el IVA de esta entrega.',
  INVERSION_SERVICIOS:
    'Inversión del sujeto pasivo (art. 196 Directiva 2006/112/CE): el destinatario liquida el IVA de este servicio.',
  NO_SUJETA_SERVICIOS:
    'Operación no sujeta al IVA español (art. 69.Uno.1º Ley 37/1992): servicio prestado a un empresario establecido fuera de la UE.',
} as const;

/**
 * The mention of an exporter outside the EU: a commercial invoice of the goods leaving its country. It cites no
 * European law (none applies to the issuer); the importer settles the duties and import VAT at destination.
 */
export const mencionExportacionOrigen = (pais: string) =>
  `Factura comercial de exportación: mercancía expedida desde ${paisName(pais.toUpperCase())}. Venta sin IVA; los aranceles y el IVA de importación los liquida el importador en destino.`;

export interface ParteFiscal {
  /** ISO country of the party's tax address. */
  pais: string;
  taxId: string;
}

export interface Fiscalidad {
  regimen: Regimen;
  tasaBp: number;
  mencion: string | null;
}

/**
 * The tax treatment of a sale of green coffee from `emisor` (the producer) to `receptor` (the buyer).
 * - both in Spain: Spanish VAT, 10 %;
 * - issuer outside the EU: the goods leave its country as an export, a commercial invoice without VAT. Cereza's
 *   incoterms (EXW, FCA, FOB, DAP) leave the import to the buyer, so the sale is never a supply inside Spain or
 *   the EU, whatever the delivery place (a DAP Valencia is still imported by the buyer);
 * - issuer in the EU, buyer outside it: export, exempt;
 * - issuer in the EU, buyer in another member state, both with an EU VAT id: intra-EU supply, exempt;
 * - issuer in another member state, buyer a Spanish business, goods delivered in Spain: reverse charge;
 * - a Spanish issuer otherwise: Spanish VAT.
 * Anything else (a domestic sale inside another member state, or an intra-EU sale without both VAT ids) is
 * refused: Cereza does not know that country's rate, and an invoice with a wrong tax is worse than none.
 * The mention cites the issuer's law (see MENCIONES).
 */
export function fiscalidadVenta(emisor: ParteFiscal, receptor: ParteFiscal, entregaPais?: string | null): Fiscalidad {
  const pe = emisor.pais.toUpperCase();
  const pr = receptor.pais.toUpperCase();
  if (pe === 'ES' && pr === 'ES') return { regimen: 'NACIONAL', tasaBp: IVA_CAFE_BP, mencion: null };
  if (!esPaisUE(pe)) return { regimen: 'EXPORTACION', tasaBp: 0, mencion: mencionExportacionOrigen(pe) };
  const espanol = pe === 'ES';
  if (!esPaisUE(pr)) {
    return { regimen: 'EXPORTACION', tasaBp: 0, mencion: espanol ? MENCIONES.EXPORTACION : MENCIONES.EXPORTACION_UE };
  }
  if (pe !== pr && esNifIvaUE(emisor.taxId, pe) && esNifIvaUE(receptor.taxId, pr)) {
    return {
      regimen: 'INTRACOMUNITARIA',
      tasaBp: 0,
      mencion: espanol ? MENCIONES.INTRACOMUNITARIA : MENCIONES.INTRACOMUNITARIA_UE,
    };
  }
  if (pr === 'ES' && (entregaPais ?? '').toUpperCase() === 'ES') {
    // Taxed in Spain: the Spanish law that makes the buyer settle it is the one to cite.
    return { regimen: 'INVERSION_SUJETO_PASIVO', tasaBp: 0, mencion: MENCIONES.INVERSION_BIENES };
  }
  if (espanol) return { regimen: 'NACIONAL', tasaBp: IVA_CAFE_BP, mencion: null };
  throw new RangeError(`Sin regla fiscal para una venta de ${pe} a ${pr}.`);
}

/** The tax treatment of Cereza's commission (a B2B service from Spain) to the producer `receptor`. */
export function fiscalidadComision(receptor: ParteFiscal): Fiscalidad {
  const pr = receptor.pais.toUpperCase();
  if (pr === 'ES') return { regimen: 'NACIONAL', tasaBp: IVA_SERVICIOS_BP, mencion: null };
  if (esPaisUE(pr)) return { regimen: 'INVERSION_SUJETO_PASIVO', tasaBp: 0, mencion: MENCIONES.INVERSION_SERVICIOS };
  return { regimen: 'NO_SUJETA', tasaBp: 0, mencion: MENCIONES.NO_SUJETA_SERVICIOS };
}

export interface LineaCalculo {
  gramos: number;
  centavosKg: number;
}

export interface Totales {
  bases: number[];
  baseCentavos: number;
  impuestoCentavos: number;
  totalCentavos: number;
}

/** Lines' bases, the taxable base, the tax (on the whole base, rounded once) and the total. */
export function totales(lineas: { baseCentavos: number }[], tasaBp: number): Totales {
  const bases = lineas.map((l) => l.baseCentavos);
  const baseCentavos = bases.reduce((a, b) => a + b, 0);
  const impuestoCentavos = cuotaImpuesto(baseCentavos, tasaBp);
  return { bases, baseCentavos, impuestoCentavos, totalCentavos: baseCentavos + impuestoCentavos };
}

/** "1.234,56 €" style: es-ES grouping, the currency's symbol. */
export function formatoImporte(centavos: number, moneda: string): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: moneda, useGrouping: true }).format(
    centavos / 100,
  );
}

/** "1234,56": what a Spanish spreadsheet reads as a number (CSV). */
export const decimalComa = (centavos: number) => {
  const signo = centavos < 0 ? '-' : '';
  const a = Math.abs(centavos);
  return `${signo}${Math.floor(a / 100)},${String(a % 100).padStart(2, '0')}`;
};

/** Kilograms from grams, "1.380,000" with three decimals. */
export const formatoKg = (gramos: number) =>
  new Intl.NumberFormat('es-ES', { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: true }).format(
    gramos / 1000,
  );
