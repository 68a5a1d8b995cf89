import { describe, expect, it } from 'vitest';
import { MARKDOWN_SAMPLES } from '../../../contract/markdown-samples';
import { renderMarkdown } from './markdown';

// The editor's preview is checked against the same table (src/web/lib/markdown-preview.test.ts).
describe('the published Markdown', () => {
  it('renders each sample as the expected HTML', () => {
    for (const { source, html } of MARKDOWN_SAMPLES) expect(renderMarkdown(source)).toBe(html);
  });
});
