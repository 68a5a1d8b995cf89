import { describe, expect, it } from 'vitest';
import { renderPreview } from './markdown-preview';
import MarkdownIt from 'markdown-it';
import { createMarkdownRenderer } from '../../contract/markdown';

// The server publishes with this same renderer (src/server/modules/noticias/markdown.ts).
const renderMarkdown = createMarkdownRenderer(MarkdownIt);

const SAMPLES = [
  '# Nuestra finca\n\nCafé de **altura**.',
  '<script>alert(1)</script> y <img src=x onerror=alert(1)>',
  '[enlace](javascript:alert(1)) [otro](java&#115;cript:alert(1)) [web](https://finca.example/)',
  '![foto](/uploads/demo/foto.webp) ![fuera](https://otro.example/a.png) ![truco](/uploads/../secreto.webp)',
  'línea uno\nlínea dos, https://cereza.example enlazado',
];

describe('the editor preview', () => {
  it('renders exactly what the server will publish', async () => {
    for (const s of SAMPLES) expect(await renderPreview(s)).toBe(renderMarkdown(s));
  });

  it('keeps the rules: no raw HTML, no script links, only own images, headings one level down', async () => {
    const html = await renderPreview(SAMPLES.join('\n\n'));
    expect(html).not.toMatch(/<script|<img src="x"|href="javascript|href="java&|otro\.example\/a\.png|secreto/);
    expect(html).toContain('<h2>Nuestra finca</h2>');
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(html).toContain('src="/uploads/demo/foto.webp"');
  });
});
