/**
 * A message is plain text: it is rendered as text nodes (React escapes them), and only web addresses become
 * links. Only http(s) addresses are recognised, so `javascript:` and the like stay text.
 */
export type Trozo = { tipo: 'texto'; valor: string } | { tipo: 'enlace'; valor: string; href: string };

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("mira https://x.co/a."). */
const TRAILING = /[.,;:!?)\]»”'"]+$/;

export function linkify(texto: string): Trozo[] {
  const out: Trozo[] = [];
  let last = 0;
  for (const match of texto.matchAll(URL_RE)) {
    let url = match[0];
    const trail = TRAILING.exec(url)?.[0] ?? '';
    if (trail) url = url.slice(0, -trail.length);
    const start = match.index;
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) out.push({ tipo: 'texto', valor: texto.slice(last, start) });
    out.push({ tipo: 'enlace', valor: url, href });
    last = start + url.length;
  }
  if (last < texto.length) out.push({ tipo: 'texto', valor: texto.slice(last) });
  return out;
}
