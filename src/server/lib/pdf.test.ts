import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text';
import { renderPdf, tablaDeTerminos } from './pdf';

const pageCount = (pdf: string) => (pdf.match(/\/Type \/Page\b/g) ?? []).length;

describe('renderPdf', () => {
  it('prints an A4 document with Roboto embedded, so é, ñ and € have real glyphs', async () => {
    const bytes = await renderPdf({
      titulo: 'Contrato de compraventa',
      referencia: 'Pedido P-2026-000123',
      contenido: [
        { text: 'Café de Nariño, 1.234,50 € por saco', style: 'titulo' },
        tablaDeTerminos([['Incoterm', 'FOB Cartagena']]),
      ],
      pie: 'Cereza actúa como intermediario.',
      sinComprimir: true,
    });
    const pdf = bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pageCount(pdf)).toBe(1);
    expect(pdf).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pdf).toMatch(/\/FontFile2/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto/);
    // The ToUnicode map lists a code point only for glyphs the font really has (a missing one is .notdef).
    const toUnicode = pdf.toLowerCase();
    for (const cp of ['20ac', '00e9', '00f1', '00e1']) expect(toUnicode).toContain(`<${cp}>`);

    const [text] = await pdfText(bytes);
    expect(text).toContain('Café de Nariño, 1.234,50 € por saco');
    expect(text).toContain('Pedido P-2026-000123');
    expect(text).toContain('FOB Cartagena');
    expect(text).toContain('Cereza actúa como intermediario.');
    expect(text).toContain('Página 1 de 1');
  });

  it('numbers the pages of a long document "Página X de Y"', async () => {
    const filas = Array.from({ length: 120 }, (_, i): [string, string] => [`Línea ${i + 1}`, 'Café verde']);
    const pages = await pdfText(await renderPdf({ titulo: 'Factura', contenido: [tablaDeTerminos(filas)] }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => expect(text).toContain(`Página ${i + 1} de ${pages.length}`));
    expect(pages.join('\n')).toContain('Línea 120');
  });
});
