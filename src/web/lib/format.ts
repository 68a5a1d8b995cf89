/** Numbers and dates formatted for Spanish readers: 1.234,50 USD/kg. */
const nf = (min: number, max: number) =>
  new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    useGrouping: 'always',
  } as Intl.NumberFormatOptions);

const n0 = nf(0, 0);
const n2 = nf(2, 2);
const n025 = nf(0, 2);

export const formatInt = (n: number) => n0.format(n);
export const formatDecimal = (n: number) => n025.format(n);
export const formatMoney = (n: number, moneda = 'USD') => `${n2.format(n)} ${moneda}`;
export const formatPrecioKg = (n: number, moneda = 'USD') => `${n2.format(n)} ${moneda}/kg`;
export const formatKg = (n: number) => `${n0.format(n)} kg`;

// Dates are shown in UTC: the server renders public pages, and a browser in another time zone must hydrate
// the very same text (a lot published at 23:30 in Bogotá would otherwise be a day apart).
const dateFmt = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthFmt = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
export const formatDate = (iso: string | Date) => dateFmt.format(typeof iso === 'string' ? new Date(iso) : iso);
/** "2026-03" → "marzo de 2026" */
export const formatMesYear = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  if (!y || !m) return ym;
  return monthFmt.format(new Date(Date.UTC(y, m - 1, 1)));
};

const relFmt = new Intl.RelativeTimeFormat('es-ES', { numeric: 'auto' });
const shortDateFmt = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' });

/** "hace 5 minutos", "ayer", or the date after a week (browser-only pages: local time zone). */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'ahora mismo';
  if (abs < 3600) return relFmt.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relFmt.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relFmt.format(Math.round(seconds / 86_400), 'day');
  return shortDateFmt.format(new Date(iso));
}

/** "23 de noviembre de 2026, 10:15" in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTimeFmt.format(new Date(iso));

/** Ends a sentence with a full stop, unless a name at its end already did ("… de Tueste Lento S.L."). */
export const sentence = (text: string) => (/[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`);
