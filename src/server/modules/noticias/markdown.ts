import MarkdownIt from 'markdown-it';
import { configurarMarkdown, MARKDOWN_OPCIONES } from '../../../contract/markdown';

// Producers write their story and news in Markdown; visitors read this HTML (rules: src/contract/markdown.ts).
const md = configurarMarkdown(new MarkdownIt(MARKDOWN_OPCIONES));

/** Markdown to HTML that is safe to insert into the page as is. */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source?.trim()) return '';
  return md.render(source);
}
