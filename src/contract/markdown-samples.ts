/**
 * Markdown and the HTML Cereza publishes for it, written out by hand: the server's renderer
 * (src/server/modules/noticias/markdown.test.ts) and the editor's preview (src/web/lib/markdown-preview.test.ts)
 * are each checked against this table, so the preview shows what will be published and either one changing
 * alone fails its test. Test data only.
 */
export const MARKDOWN_SAMPLES: ReadonlyArray<{ source: string; html: string }> = [
  {
    source: '# Nuestra finca\n\nCafé de **altura**.',
    html: '<h2>Nuestra finca</h2>\n<p>Café de <strong>altura</strong>.</p>\n',
  },
  {
    source: '<script>alert(1)</script> y <img src=x onerror=alert(1)>',
    html: '<p>&lt;script&gt;alert(1)&lt;/script&gt; y &lt;img src=x onerror=alert(1)&gt;</p>\n',
  },
  {
    source: '[enlace](javascript:alert(1)) [otro](java&#115;cript:alert(1)) [web](https://finca.example/)',
    html:
      '<p>[enlace](javascript:alert(1)) [otro](javascript:alert(1)) ' +
      '<a href="https://finca.example/" rel="nofollow ugc noopener noreferrer" target="_blank">web</a></p>\n',
  },
  {
    source: '![foto](/uploads/demo/foto.webp) ![fuera](https://otro.example/a.png) ![truco](/uploads/../secreto.webp)',
    html: '<p><img src="/uploads/demo/foto.webp" alt="foto" loading="lazy" decoding="async"> fuera truco</p>\n',
  },
  {
    source: 'línea uno\nlínea dos, https://cereza.example enlazado',
    html:
      '<p>línea uno<br>\nlínea dos, <a href="https://cereza.example" rel="nofollow ugc noopener noreferrer" ' +
      'target="_blank">https://cereza.example</a> enlazado</p>\n',
  },
];
