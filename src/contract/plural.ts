/*
 * Counts in words (issue 32: "1 sacos"). Spanish plurals of the words the app counts are regular enough to
 * be given: the plural defaults to the singular with an s.
 */

/** The word for a count: "saco" for 1, "sacos" for any other count (0 included). */
export const palabra = (n: number, singular: string, plural = `${singular}s`): string => (n === 1 ? singular : plural);

/** "1 saco", "12 sacos": the count as given, then its word. */
export const cuenta = (n: number, singular: string, plural?: string): string => `${n} ${palabra(n, singular, plural)}`;
