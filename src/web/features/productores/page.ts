/** The page number of a list, from `?pagina=`; anything odd is page 1. */
export function readPage(params: URLSearchParams): number {
  const n = Number(params.get('pagina'));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** A producer's description for search engines and link previews: the story's first words, as plain text. */
export function summaryText(markdown: string | null, max = 155): string {
  if (!markdown) return '';
  const plain = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
