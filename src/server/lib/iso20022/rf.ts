/*
 * ISO 11649 structured creditor reference ("RF" + 2 check digits + up to 21 letters/digits): the reference a buyer's
 * transfer carries so that Cereza's statement import finds the invoice without reading free text. The check digits
 * are ISO 7064 MOD 97-10, the IBAN's algorithm: move "RF00" behind the reference, letters to numbers (A=10 … Z=35),
 * check = 98 − (n mod 97); a reference is valid when the same rearrangement of the whole text gives n mod 97 = 1.
 */

const BODY_RE = /^[A-Z0-9]{1,21}$/;

function mod97(digitsAndLetters: string): number {
  let rest = 0;
  for (const ch of digitsAndLetters) {
    const v = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rest;
}

/** The RF reference of a body ("CZ2026000123" → "RF…CZ2026000123"). Throws when the body cannot be one. */
export function createReferenciaRf(body: string): string {
  const b = body.toUpperCase();
  if (!BODY_RE.test(b)) throw new RangeError(`Una referencia RF lleva de 1 a 21 letras o cifras: «${body}».`);
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, '0')}${b}`;
}

/** Normalises a reference as written (spaces, lower case) to its electronic form, "RF18539007547034". */
export const normalizeRf = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** True when `s` (spaces and case ignored) is an RF reference whose check digits hold. */
export function esReferenciaRfValida(s: string): boolean {
  const r = normalizeRf(s);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(r)) return false;
  return mod97(r.slice(4) + r.slice(0, 4)) === 1;
}

/** The printed form, in groups of four: "RF18 5390 0754 7034". */
export const rfImpreso = (s: string) => normalizeRf(s).replace(/(.{4})(?=.)/g, '$1 ');
