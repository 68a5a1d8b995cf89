/*
 * Amounts in ISO 20022 files are decimal strings in major units ("1234.50"); Cereza keeps money as integers in
 * minor units (decision 047). These helpers convert both ways exactly, through strings and BigInt, never through a
 * float. The number of decimals per currency is ISO 4217's, read from the runtime's ICU data (Node ships full ICU):
 * 2 for EUR/USD/COP…, 0 for JPY, 3 for KWD. A well-formed code the runtime does not know gets 2, ISO's default.
 */

const CURRENCY_RE = /^[A-Z]{3}$/;

/** Decimals of a currency's minor unit (ISO 4217). Throws on a malformed code. */
export function currencyExponent(currency: string): number {
  if (!CURRENCY_RE.test(currency)) throw new RangeError(`Código de moneda no válido: «${currency}».`);
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

const DECIMAL_RE = /^(\d{1,18})(?:\.(\d{1,5}))?$/;

/**
 * "1234.5" in EUR → 123450n. Returns null when the text is not a plain non-negative decimal or carries more
 * decimals than the currency has (a file saying 10.001 EUR is wrong, not something to round).
 */
export function decimalToMinor(text: string, currency: string): bigint | null {
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return null;
  const exp = currencyExponent(currency);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > exp) return null;
  return BigInt(m[1]!) * 10n ** BigInt(exp) + (exp === 0 ? 0n : BigInt(frac.padEnd(exp, '0') || '0'));
}

/** 123450n in EUR → "1234.50" (the form pain.001 and camt.053 write: dot, exactly the currency's decimals). */
export function minorToDecimal(minor: bigint, currency: string): string {
  const exp = currencyExponent(currency);
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  if (exp === 0) return `${neg ? '-' : ''}${abs}`;
  const s = abs.toString().padStart(exp + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, -exp)}.${s.slice(-exp)}`;
}
