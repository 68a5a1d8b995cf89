import MarkdownIt from 'markdown-it';
import { createMarkdownRenderer } from '../../../contract/markdown';

// Producers write their story and news in Markdown; visitors read this HTML (rules: src/contract/markdown.ts).
/** Markdown to HTML that is safe to insert into the page as is. */
export const renderMarkdown = createMarkdownRenderer(MarkdownIt);
