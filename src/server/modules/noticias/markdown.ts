import MarkdownIt from 'markdown-it';
import { createMarkdownRenderer } from '../../../contract/markdown';

// Producers write their story and news in Markdown; visitors read this HTML (rules: src/contract/markdown.ts).
/** Markdown to HTML that is safe to insert into the page as is. */
export const renderMarkdown = createMarkdownRenderer(MarkdownIt);

/** The first words of a Markdown text as plain text (a notification's summary), at most `max` characters. */
export function summarizeMarkdown(source: string | null | undefined, max = 200): string {
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
