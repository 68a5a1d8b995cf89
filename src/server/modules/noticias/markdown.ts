import MarkdownIt from 'markdown-it';
import { configurarMarkdown, MARKDOWN_OPCIONES } from '../../../contract/markdown';

// Producers write their story and news in Markdown; visitors read this HTML (rules: src/contract/markdown.ts).
const md = configurarMarkdown(new MarkdownIt(MARKDOWN_OPCIONES));

/** Markdown to HTML that is safe to insert into the page as is. */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source?.trim()) return '';
  return md.render(source);
}

/** The first words of a Markdown text as plain text (a notification's summary), at most `max` characters. */
export function markdownSummary(source: string | null | undefined, max = 200): string {
  const text = renderMarkdown(source)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}
