import type MarkdownIt from 'markdown-it';
import { configurarMarkdown, MARKDOWN_OPCIONES } from '../../contract/markdown';

/*
 * The editor's live preview: the server's own rules (src/contract/markdown.ts), with markdown-it loaded only
 * when someone opens an editor. What visitors see is always the server's rendering.
 */

let instance: Promise<InstanceType<typeof MarkdownIt>> | undefined;

export async function renderPreview(source: string): Promise<string> {
  instance ??= import('markdown-it').then(({ default: Md }) => configurarMarkdown(new Md(MARKDOWN_OPCIONES)));
  return (await instance).render(source);
}
