import type { FaqItem } from './faq-data';

/** Lower case without accents or punctuation, so that "cafe" finds "café" and "ACTIVIDAD" finds "actividad". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// The reader searches the words they see, not the addresses behind links or the emphasis marks.
const plain = (text: string) => text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/\*\*/g, '');

/**
 * Questions whose text contains every word of the query (in any order), those matching in the question first.
 * An empty query matches nothing: the caller decides what to show then.
 */
export function searchFaq(items: readonly FaqItem[], query: string): FaqItem[] {
  const terms = normalizeText(query).split(' ').filter(Boolean);
  if (!terms.length) return [];
  const scored: Array<{ item: FaqItem; score: number; index: number }> = [];
  items.forEach((item, index) => {
    const question = normalizeText(item.question);
    const all = `${question} ${normalizeText(plain(item.answer.join(' ')))}`;
    if (!terms.every((t) => all.includes(t))) return;
    const score = terms.filter((t) => question.includes(t)).length;
    scored.push({ item, score, index });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.item);
}
