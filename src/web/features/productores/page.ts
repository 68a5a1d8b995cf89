/** The page number of a list, from `?pagina=`; anything odd is page 1. */
export function readPage(params: URLSearchParams): number {
  const n = Number(params.get('pagina'));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

const shorten = (plain: string, max: number) => {
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The words of the server's rendered HTML (a news body's cuerpoHtml), as one line of plain text: inline tags
 * vanish without a trace ("**principal**." stays "principal.", not "principal ."), blocks are separated,
 * and list items that end without punctuation are joined by "; " so that they do not run together.
 */
export function excerptOfHtml(html: string, max = 160): string {
  const plain = html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/([^.!?:;,\s>])\s*<\/li>/gi, '$1; ')
    .replace(/<\/(p|li|h[1-6]|blockquote|tr|td|th|div|ul|ol|pre)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '.');
  return shorten(plain, max);
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
  return shorten(plain, max);
}
