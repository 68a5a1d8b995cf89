/*
 * Words that depend on a count or a name (issue 32). Apart from format.ts, which every public page loads: only the
 * dashboards use these.
 */
import { palabra } from '../../contract/plural';
import { formatInt } from './format';

/** "de Tostadores Sur", and "del laboratorio" for "el laboratorio": Spanish contracts de + el (issue 32). */
export const deQuien = (quien: string) => (/^el\s/i.test(quien) ? `del ${quien.slice(3)}` : `de ${quien}`);
/** "1 saco", "1.200 sacos": a count and its word in the right number (issue 32). */
export const contar = (n: number, singular: string, plural?: string) =>
  `${formatInt(n)} ${palabra(n, singular, plural)}`;
