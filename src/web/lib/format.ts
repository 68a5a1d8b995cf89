/*
 * Numbers and dates formatted for Spanish readers: 1.234,50 USD/kg, 12 de marzo de 2026.
 *
 * Written out instead of asking Intl: building the five es-ES formatters this module needs cost a phone about
 * 15-25 ms of main thread on every public page (about 70-110 ms under Lighthouse's 4× CPU slowdown, in one
 * task; see docs/perf). The output is Intl's, character for character (format.test.ts compares both over
 * random values): the server renders with it and the browser hydrates the same text.
 */

import { MONTHS } from '../../contract/months';

/** "1" + "999" → "1000": adds one to a string of decimal digits. */
function incrementDigits(digits: string): string {
  const d = digits.split('');
  let i = d.length - 1;
  while (i >= 0 && d[i] === '9') d[i--] = '0';
  if (i < 0) return `1${d.join('')}`;
  d[i] = String(Number(d[i]) + 1);
  return d.join('');
}

/**
 * As `new Intl.NumberFormat('es-ES', { minimumFractionDigits, maximumFractionDigits, useGrouping })` prints
 * it: rounded half away from zero on the number's shortest decimal form (1.005 → 1,01), thousands with a
 * point, a decimal comma. `grouping: 'always'` groups from 1.000 on; 'min2' (es-ES's default) from 10.000.
 */
export function formatNumber(
  n: number,
  minFrac: number,
  maxFrac: number,
  grouping: 'always' | 'min2' = 'always',
): string {
  if (Number.isNaN(n)) return 'NaN';
  const negative = n < 0 || Object.is(n, -0);
  if (!Number.isFinite(n)) return negative ? '-∞' : '∞';
  // The shortest decimal form of |n| (String() gives it, possibly with an exponent) as digits and a point.
  const [mantissa, exponent = '0'] = String(Math.abs(n)).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  let intPart = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  let fracPart = point < 0 ? '0'.repeat(-point) + digits : digits.slice(Math.max(point, 0));
  if (fracPart.length > maxFrac) {
    const roundUp = fracPart[maxFrac] >= '5';
    fracPart = fracPart.slice(0, maxFrac);
    if (roundUp) {
      const bumped = incrementDigits(intPart + fracPart);
      intPart = bumped.slice(0, bumped.length - maxFrac);
      fracPart = bumped.slice(bumped.length - maxFrac);
    }
  }
  fracPart = fracPart.replace(/0+$/, '').padEnd(minFrac, '0');
  intPart = intPart.replace(/^0+(?=\d)/, '');
  const grouped = grouping === 'min2' && intPart.length < 5 ? intPart : intPart.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negative ? '-' : ''}${grouped}${fracPart ? `,${fracPart}` : ''}`;
}

export const formatInt = (n: number) => formatNumber(n, 0, 0);
export const formatDecimal = (n: number) => formatNumber(n, 0, 2);
export const formatMoney = (n: number, moneda = 'USD') => `${formatNumber(n, 2, 2)} ${moneda}`;
export const formatPrecioKg = (n: number, moneda = 'USD') => `${formatNumber(n, 2, 2)} ${moneda}/kg`;
export const formatKg = (n: number) => `${formatNumber(n, 0, 0)} kg`;

const utcDate = (iso: string | Date) => {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return d;
};

// Dates are shown in UTC: the server renders public pages, and a browser in another time zone must hydrate
// the very same text (a lot published at 23:30 in Bogotá would otherwise be a day apart).
/** "12 de marzo de 2026" */
export const formatDate = (iso: string | Date) => {
  const d = utcDate(iso);
  return `${d.getUTCDate()} de ${MONTHS[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
};

/** "2026-03" → "marzo de 2026" */
export const formatMesYear = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  if (!y || !m) return ym;
  const d = new Date(Date.UTC(y, m - 1, 1));
  return `${MONTHS[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
};

// Relative times and local date-times are for pages the browser renders (notifications), in the reader's own
// time zone, so they keep Intl; their formatters are built on first use, not when the module is evaluated
// (every public page evaluates it).
let relFmt: Intl.RelativeTimeFormat | undefined;
let shortDateFmt: Intl.DateTimeFormat | undefined;
let dateTimeFmt: Intl.DateTimeFormat | undefined;

/** "hace 5 minutos", "ayer", or the date after a week (browser-only pages: local time zone). */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'ahora mismo';
  relFmt ??= new Intl.RelativeTimeFormat('es-ES', { numeric: 'auto' });
  if (abs < 3600) return relFmt.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relFmt.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relFmt.format(Math.round(seconds / 86_400), 'day');
  shortDateFmt ??= new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' });
  return shortDateFmt.format(new Date(iso));
}

/** "23 de noviembre de 2026, 10:15" in the browser's time zone. */
export const formatDateTime = (iso: string) =>
  (dateTimeFmt ??= new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' })).format(new Date(iso));

/** Ends a sentence with a full stop, unless a name at its end already did ("… de Tueste Lento S.L."). */
export const sentence = (text: string) => (/[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`);
