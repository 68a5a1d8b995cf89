import { createMarkdownRenderer } from '../../contract/markdown';

/*
 * The editor's live preview: the server's own renderer (src/contract/markdown.ts), with markdown-it loaded only
 * when someone opens an editor. What visitors see is always the server's rendering.
 */

let render: Promise<(source: string) => string> | undefined;

export async function renderPreview(source: string): Promise<string> {
  render ??= import('markdown-it').then(({ default: MarkdownIt }) => createMarkdownRenderer(MarkdownIt));
  return (await render)(source);
}
