import { normalizeText } from '../../../contract/common';
import { paisName, PROCESO_LABELS, type Proceso } from '../../../contract/lotes-codes';
import { PAIS_ALIASES, PROCESO_ALIASES, variedadAliases } from './search-aliases';

export interface SearchableLote {
  nombre: string;
  codigo?: string | null;
  region: string;
  municipio?: string | null;
  finca?: string | null;
  pais: string;
  variedades: string[];
  notasCata: string[];
  proceso?: string | null;
}

/** One field of a lot as the search reads it: what a buyer sees (`campo valor`) and the accent-free words it is found by. */
export interface SearchField {
  campo: string;
  valor: string;
  texto: string;
}

/**
 * The fields the catalogue's `q` searches, each with the words it is found by: lot name and code, origin (the
 * country by its code, its Spanish name and its English and usual names), farm, varieties (with their common
 * spellings), tasting notes, process (its code, label, and Spanish and English names) and the producer's name
 * (issue 32).
 */
export function searchFields(lote: SearchableLote, productorNombre: string): SearchField[] {
  const fields: SearchField[] = [];
  const add = (campo: string, valor: string | null | undefined, ...otros: string[]) => {
    if (valor) fields.push({ campo, valor, texto: normalizeText([valor, ...otros].join(' ')) });
  };
  add('nombre', lote.nombre);
  add('código', lote.codigo);
  add('región', lote.region);
  add('municipio', lote.municipio);
  add('finca', lote.finca);
  add('país', paisName(lote.pais), lote.pais, ...(PAIS_ALIASES[lote.pais.toUpperCase()] ?? []));
  if (lote.proceso) {
    const proceso = lote.proceso as Proceso;
    add('proceso', PROCESO_LABELS[proceso] ?? lote.proceso, lote.proceso, ...(PROCESO_ALIASES[proceso] ?? []));
  }
  for (const v of lote.variedades) add('variedad', v, ...variedadAliases(normalizeText(v)));
  for (const n of lote.notasCata) add('nota de cata', n);
  add('productor', productorNombre);
  return fields;
}

/**
 * The accent- and case-free text the catalogue's `q` searches (the words of `searchFields`). Kept in
 * `lotes.busqueda`; every write to a lot (and a producer renaming their organisation) recomputes it, and the
 * start-up brings older texts up to date (`refreshStaleSearchTexts`).
 */
export function buildSearchText(lote: SearchableLote, productorNombre: string): string {
  return searchFields(lote, productorNombre)
    .map((f) => f.texto)
    .join(' ');
}

/** At most this many fields are named in what a lot matched. */
const MATCHES_SHOWN = 3;

/**
 * What a lot matched of a search's words, as a buyer reads it: "país Etiopía, variedad Geisha" (the fields
 * holding any of the words, in the fields' order); '' when no word was asked.
 */
export function describeMatch(fields: SearchField[], tokens: string[]): string {
  if (!tokens.length) return '';
  const out: string[] = [];
  for (const f of fields) {
    if (out.length >= MATCHES_SHOWN) break;
    const said = `${f.campo} ${f.valor}`;
    if (!out.includes(said) && tokens.some((t) => f.texto.includes(t))) out.push(said);
  }
  return out.join(', ');
}

/**
 * A lot's fields in one string, for the catalogue index, which keeps them for every lot to say what a search matched
 * (issue 33): a dozen objects and three dozen strings a lot became one string. Each field is written as
 * `campo:length of valor:length of texto`, the fields separated by commas, then `|` and every `valor` one after the
 * other (the field names hold none of `:,|`, and lengths make any character of a value safe). The `texto`s are
 * not repeated: they are read from `text`, the fields' texts joined by spaces (`packedText`), which is the lot's
 * search text itself whenever that is current.
 */
export function packFields(fields: SearchField[]): string {
  return `${fields.map((f) => `${f.campo}:${f.valor.length}:${f.texto.length}`).join(',')}|${fields.map((f) => f.valor).join('')}`;
}

/** The text `packFields`' lengths read the fields' `texto` from: `busqueda` itself when it equals it (no copy). */
export function packedText(fields: SearchField[], busqueda: string): string {
  const text = fields.map((f) => f.texto).join(' ');
  return text === busqueda ? busqueda : text;
}

/** The fields `packFields` wrote, with their texts read from `text` (`packedText`). */
export function unpackFields(packed: string, text: string): SearchField[] {
  const bar = packed.indexOf('|');
  if (bar <= 0) return [];
  const fields: SearchField[] = [];
  let valorAt = bar + 1;
  let textoAt = 0;
  for (const head of packed.slice(0, bar).split(',')) {
    const [campo, valorLength, textoLength] = head.split(':');
    const valor = packed.slice(valorAt, (valorAt += Number(valorLength)));
    const texto = text.slice(textoAt, textoAt + Number(textoLength));
    textoAt += Number(textoLength) + 1;
    fields.push({ campo, valor, texto });
  }
  return fields;
}
