/*
 * Numbers typed the Spanish way (issue 25): "25.000" is twenty-five thousand, "25.000,50" has fifty cents, "8,25"
 * is eight and a quarter. The dot only groups thousands (in threes), the comma only starts decimals; spaces may
 * group thousands too ("25 000"). What a Spanish reader could take two ways for the field at hand is refused with
 * a message that says how to write it, never guessed: "8.25" (a dot that does not group thousands), "25,000.50"
 * (English order), "1,800" in a field of whole numbers, "8.250" in a field whose maximum is 10.
 */

export interface OpcionesNumero {
  /** Decimals the field admits (0: whole numbers only). */
  decimales?: number;
  /** The field's maximum: a thousands reading above it, where decimals were possible, is refused as ambiguous. */
  max?: number;
}

export type LecturaNumero = { ok: true; valor: number } | { ok: false; error: string };

const SPACES = /[\s\u00a0\u202f]/g;
/** "25.000", "1.250.000,5", "-3,25", "12": groups of three after the first dot, one comma at most. */
const ES = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;
/** "25,000.50": the English order. */
const EN = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

const ejemplo = (n: number, decimales: number) => formatoEs(n, decimales);

/** Reads a number as a Spanish reader means it; `texto` must not be empty. */
export function readNumero(texto: string, opciones: OpcionesNumero = {}): LecturaNumero {
  const decimales = opciones.decimales ?? 2;
  const s = texto.trim().replace(SPACES, '');
  if (s === '') return { ok: false, error: 'Escribe un número.' };
  if (!ES.test(s)) {
    if (EN.test(s) && s.includes('.')) {
      const v = Number(s.replace(/,/g, ''));
      return {
        ok: false,
        error: `Escribe los miles con punto y los decimales con coma: ${ejemplo(v, decimales)}.`,
      };
    }
    if (/^-?\d+\.\d+$/.test(s)) {
      // "8.25": a dot that groups no thousands is a decimal point written the English way.
      return { ok: false, error: `Escribe los decimales con coma: ${s.replace('.', ',')}.` };
    }
    return { ok: false, error: 'Escribe solo cifras, con punto para los miles y coma para los decimales (25.000,50).' };
  }
  const [entera, fraccion = ''] = s.split(',');
  const valor = Number(`${entera.replace(/\./g, '')}${fraccion ? `.${fraccion}` : ''}`);
  if (!Number.isSafeInteger(Math.trunc(valor)) || Math.abs(valor) > Number.MAX_SAFE_INTEGER) {
    return { ok: false, error: 'El número es demasiado grande.' };
  }
  if (fraccion && decimales === 0) {
    return fraccion.length === 3 && !entera.includes('.')
      ? {
          ok: false,
          error: `Aquí van números enteros: para ${Number(entera) * 1000 + Number(fraccion)} escribe ${ejemplo(Number(entera) * 1000 + Number(fraccion), 0)} (los miles llevan punto).`,
        }
      : { ok: false, error: 'Aquí van números enteros, sin decimales.' };
  }
  if (fraccion.length > decimales) {
    return {
      ok: false,
      error: `Admite como máximo ${decimales} ${decimales === 1 ? 'decimal' : 'decimales'}.`,
    };
  }
  if (
    entera.includes('.') &&
    !fraccion &&
    decimales > 0 &&
    opciones.max !== undefined &&
    Math.abs(valor) > opciones.max
  ) {
    // "8.250" where the maximum is 10: eight thousand two hundred and fifty, or eight and a quarter typed with a dot?
    return {
      ok: false,
      error: `«${texto.trim()}» se lee ${ejemplo(valor, 0)}, más que el máximo (${ejemplo(opciones.max, decimales)}); si son decimales, escríbelos con coma: ${s.replace('.', ',')}.`,
    };
  }
  return { ok: true, valor: Object.is(valor, -0) ? 0 : valor };
}

/** 25000.5 → "25.000,5"; with `decimales`, at most that many (trailing zeros of money kept: 2 → "25.000,50"). */
export function formatoEs(n: number, decimales = 2, minimoDecimales = 0): string {
  return new Intl.NumberFormat('es-ES', {
    useGrouping: 'always',
    minimumFractionDigits: Math.min(minimoDecimales, decimales),
    maximumFractionDigits: decimales,
  }).format(n);
}
