import type MarkdownIt from 'markdown-it';

type Md = InstanceType<typeof MarkdownIt>;

/*
 * The editor's live preview. It mirrors the server's renderer (raw HTML escaped, only http(s), mailto and
 * site links, headings one level down); what visitors see is always the server's rendering.
 */

let instance: Promise<Md> | undefined;

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;

function load(): Promise<Md> {
  instance ??= import('markdown-it').then(({ default: Md }) => {
    const md = new Md({ html: false, linkify: true, typographer: false, breaks: true });
    md.validateLink = (url: string) => {
      try {
        return SAFE_LINK.test(decodeURIComponent(url.trim()).replace(/[\u0000-\u0020]/g, ''));
      } catch {
        return false;
      }
    };
    const image = md.renderer.rules.image!;
    md.renderer.rules.image = (tokens, idx, options, env, self) => {
      const src = String(tokens[idx].attrGet('src') ?? '');
      if (!/^\/uploads\//.test(src)) return md.utils.escapeHtml(self.renderInlineAsText(tokens[idx].children ?? [], options, env));
      return image(tokens, idx, options, env, self);
    };
    const shift = (tokens: { tag: string }[], idx: number) => {
      const level = Number(tokens[idx].tag.slice(1));
      if (level) tokens[idx].tag = `h${Math.min(6, level + 1)}`;
    };
    md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
      shift(tokens, idx);
      return self.renderToken(tokens, idx, options);
    };
    md.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
      shift(tokens, idx);
      return self.renderToken(tokens, idx, options);
    };
    return md;
  });
  return instance;
}

export async function renderPreview(source: string): Promise<string> {
  const md = await load();
  return md.render(source);
}
