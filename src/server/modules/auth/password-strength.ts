import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * How guessable a new password is, by zxcvbn-ts (a maintained estimator: dictionaries of common passwords, Spanish
 * and English words and names, keyboard patterns, repeats, sequences, dates and l33t). A password must need about
 * 10⁸ guesses: out of reach of an online attack and slow offline against argon2id. Passphrases of a few uncommon
 * words ("tueste-claro-de-altura") need far more; "qwerty12345" and "passwordpassword" far fewer.
 */
/** At least 10⁸ guesses (the edge of score 3): 8 random characters pass, "Huila1987" (10^6.8) does not. */
export const MIN_GUESSES_LOG10 = 8;
/** Past this length a password is estimated on its start: long passphrases are strong, and matching is costly. */
const ESTIMATED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;
const load = createRequire(import.meta.url);
// Built on first use (loading the dictionaries takes most of a second), not at start-up; the modules themselves are
// required then too: imported at start they held about 15 MB of heap and 35 MB resident in every process that never
// checks a password (issue 33).
const zxcvbn = () => {
  if (estimator) return estimator;
  const { ZxcvbnFactory: Factory } = load('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = load('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = load('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  const es = load('@zxcvbn-ts/language-es-es') as typeof import('@zxcvbn-ts/language-es-es');
  return (estimator = new Factory({
    translations: es.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
  }));
};

export const WEAK_PASSWORD_HINT =
  'Esta contraseña es fácil de adivinar. Usa una frase de tres o cuatro palabras poco comunes, separadas por espacios o guiones.';

/** The Spanish hint to show when the password is too guessable, or undefined when it is strong enough. */
export function passwordWeakness(password: string, userInputs: string[] = []): string | undefined {
  const result = zxcvbn().check(password.slice(0, ESTIMATED_LENGTH), userInputs);
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return undefined;
  const warning = result.feedback.warning?.trim();
  return warning ? `${WEAK_PASSWORD_HINT} (${warning.replace(/\.$/, '')}.)` : WEAK_PASSWORD_HINT;
}
