import { describe, expect, it } from 'vitest';
import MarkdownIt from 'markdown-it';
import { createMarkdownRenderer } from '../../../contract/markdown';
import { excerptOfHtml } from './page';

const render = createMarkdownRenderer(MarkdownIt);

describe('a news excerpt is built from the rendered text', () => {
  it('keeps punctuation next to emphasised words and separates list items', () => {
    const html = render(
      'La cosecha **principal**. Empezamos en marzo.\n\n- Caturra\n- Castillo\n- Geisha\n\nTodo &amp; más <b>aquí</b>.',
    );
    expect(excerptOfHtml(html, 300)).toBe(
      'La cosecha principal. Empezamos en marzo. Caturra; Castillo; Geisha; Todo & más <b>aquí</b>.',
    );
  });

  it('cuts at a word and adds an ellipsis', () => {
    const text = excerptOfHtml(render('palabra '.repeat(60)), 100);
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text.endsWith('palabra…')).toBe(true);
  });
});
