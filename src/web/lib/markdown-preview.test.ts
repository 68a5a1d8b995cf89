import { describe, expect, it } from 'vitest';
import { renderPreview } from './markdown-preview';
import { MARKDOWN_SAMPLES } from '../../contract/markdown-samples';

// The server is checked against the same table (src/server/modules/noticias/markdown.test.ts).
describe('the editor preview', () => {
  it('renders each sample as the HTML that will be published', async () => {
    for (const { source, html } of MARKDOWN_SAMPLES) expect(await renderPreview(source)).toBe(html);
  });

  it('keeps the rules: no raw HTML, no script links, only own images, headings one level down', async () => {
    const html = await renderPreview(MARKDOWN_SAMPLES.map((s) => s.source).join('\n\n'));
    expect(html).not.toMatch(/<script|<img src="x"|href="javascript|href="java&|otro\.example\/a\.png|secreto/);
    expect(html).toContain('<h2>Nuestra finca</h2>');
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(html).toContain('src="/uploads/demo/foto.webp"');
  });
});
