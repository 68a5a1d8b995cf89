import { formatoEs, readNumero, type OpcionesNumero } from '../../../contract/numero';
import { LOTE_LIMITS } from '../../../contract/lotes-codes';
import type { Filters } from './filters';

/*
 * The filter panel's numbers (issue 25): typed the Spanish way ("1.000" is a thousand, "25.000,50" has fifty
 * cents), read by the shared reader (contract/numero), and written to the URL in one canonical form ("1000",
 * "25000.5") that the API reads as it is. The URL holds that form, the panel shows it back the Spanish way.
 * Only the panel imports this module (a chunk loaded once the page is idle), not the catalogue's first load.
 */

export type NumberFilter = 'puntajeMin' | 'puntajeMax' | 'precioMin' | 'precioMax' | 'sacosMin';

/* The range rules and their messages are the server's (LotesQuerySchema in contract/lotes.ts), written without zod. */
const NUMBER_RULES: Record<NumberFilter, { name: string; max: number; decimales: number }> = {
  puntajeMin: { name: 'El puntaje mínimo', max: 100, decimales: 2 },
  puntajeMax: { name: 'El puntaje máximo', max: 100, decimales: 2 },
  precioMin: { name: 'El precio mínimo', max: LOTE_LIMITS.precioKgMax, decimales: 2 },
  precioMax: { name: 'El precio máximo', max: LOTE_LIMITS.precioKgMax, decimales: 2 },
  sacosMin: { name: 'El mínimo de sacos', max: LOTE_LIMITS.sacosMax, decimales: 0 },
};
const KEYS = Object.keys(NUMBER_RULES) as NumberFilter[];

const opciones = (key: NumberFilter): OpcionesNumero => ({
  decimales: NUMBER_RULES[key].decimales,
  max: NUMBER_RULES[key].max,
});

/** The value the person meant, or null when the box is empty or cannot be read. */
const valor = (key: NumberFilter, texto: string): number | null => {
  if (!texto.trim()) return null;
  const r = readNumero(texto, opciones(key));
  return r.ok ? r.valor : null;
};

/** The filters as the panel shows them: the URL's "25000.5" becomes "25.000,5", which reads back the same. */
export function spanishNumbers(f: Filters): Filters {
  const next = { ...f };
  for (const key of KEYS) {
    const n = f[key].trim() === '' ? Number.NaN : Number(f[key]);
    next[key] = Number.isFinite(n) ? formatoEs(n, NUMBER_RULES[key].decimales) : '';
  }
  return next;
}

/** The numbers as the URL and the server take them: "1.000" → "1000", "25.000,50" → "25000.5". */
export function normalizeNumbers(f: Filters): Filters {
  const next = { ...f };
  for (const key of KEYS) {
    const n = valor(key, f[key]);
    next[key] = n === null ? '' : String(n);
  }
  return next;
}

/** The panel's errors, field by field, in Spanish; an empty object when the filters can be applied. */
export function filterErrors(f: Filters): Partial<Record<NumberFilter, string>> {
  const errors: Partial<Record<NumberFilter, string>> = {};
  for (const key of KEYS) {
    const raw = f[key].trim();
    if (!raw) continue;
    const { name, max } = NUMBER_RULES[key];
    const r = readNumero(raw, opciones(key));
    if (!r.ok) errors[key] = r.error;
    else if (r.valor < 0) errors[key] = `${name} debe ser como mínimo 0.`;
    else if (r.valor > max) errors[key] = `${name} debe ser como máximo ${max}.`;
  }
  const inverted = (a: NumberFilter, b: NumberFilter) => {
    const [x, y] = [valor(a, f[a]), valor(b, f[b])];
    return x !== null && y !== null && x > y;
  };
  if (!errors.puntajeMin && !errors.puntajeMax && inverted('puntajeMin', 'puntajeMax'))
    errors.puntajeMin = 'El puntaje mínimo no puede superar al máximo.';
  if (!errors.precioMin && !errors.precioMax && inverted('precioMin', 'precioMax'))
    errors.precioMin = 'El precio mínimo no puede superar al máximo.';
  return errors;
}
