import type MarkdownIt from 'markdown-it';

type Md = InstanceType<typeof MarkdownIt>;
type MarkdownItClass = new (options: typeof MARKDOWN_OPTIONS) => Md;

/*
 * The rules of Cereza's Markdown, shared by the server's renderer (what visitors read) and the editor's live
 * preview (loaded in the browser only when someone writes), so the preview shows what will be published.
 * Raw HTML in the source is never passed through (html: false escapes it), links keep only safe schemes,
 * images only our own uploads, and headings move one level down so that the page keeps a single <h1>.
 */

// No typographer: text is shown as written (straight quotes stay straight, also inside escaped HTML).
export const MARKDOWN_OPTIONS = { html: false, linkify: true, typographer: false, breaks: true } as const;

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;
const OWN_IMAGE = /^\/uploads\/[A-Za-z0-9._\-/]+$/;

/** Applies the rules to a markdown-it instance made with MARKDOWN_OPTIONS, and returns it. */
export function configureMarkdown(md: Md): Md {
  md.validateLink = (url: string) => {
    // Decoding first catches "java&#115;cript:" and "%6Aavascript:"-style disguises; markdown-it decodes
    // entities before this call, percent-escapes are ours to decode.
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.trim());
    } catch {
      return false;
    }
    // Control characters are exactly what a disguised scheme hides behind ("java\u0000script:").
    // eslint-disable-next-line no-control-regex
    return SAFE_LINK.test(decoded.replace(/[\u0000-\u0020]/g, ''));
  };

  const defaultLinkOpen =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const href = String(token.attrGet('href') ?? '');
    if (/^https?:/i.test(href)) {
      // Visitors' links to other sites: no ranking credit for user content and no access to this window.
      token.attrSet('rel', 'nofollow ugc noopener noreferrer');
      token.attrSet('target', '_blank');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };

  const defaultImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const src = String(token.attrGet('src') ?? '');
    if (!OWN_IMAGE.test(src) || src.includes('..')) {
      // An image from elsewhere would be blocked by the CSP anyway; show its description instead.
      return md.utils.escapeHtml(self.renderInlineAsText(token.children ?? [], options, env));
    }
    token.attrSet('loading', 'lazy');
    token.attrSet('decoding', 'async');
    return defaultImage(tokens, idx, options, env, self);
  };

  const shiftHeading = (tokens: { tag: string }[], idx: number) => {
    const level = Number(tokens[idx].tag.slice(1));
    if (level) tokens[idx].tag = `h${Math.min(6, level + 1)}`;
  };
  md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
    shiftHeading(tokens, idx);
    return self.renderToken(tokens, idx, options);
  };
  md.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
    shiftHeading(tokens, idx);
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

/**
 * Cereza's Markdown renderer, built from the markdown-it class the caller loaded: the server builds it at start,
 * the editor preview when someone opens an editor. Both are this one function, so the preview is what will be
 * published. Empty text renders as nothing.
 */
export function createMarkdownRenderer(Markdown: MarkdownItClass): (source: string | null | undefined) => string {
  const md = configureMarkdown(new Markdown(MARKDOWN_OPTIONS));
  return (source) => (source?.trim() ? md.render(source) : '');
}
