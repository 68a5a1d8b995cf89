/*
 * Server-side PDF documents (order contracts, invoices): pdfmake (decision 022) with Roboto embedded, A4, the
 * Cereza mark in the header and "Página X de Y" in the footer. A module builds its body as pdfmake content
 * from frozen data and calls `renderPdf`; it never reaches the network or the disk beyond the font files.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Content, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
// pdfmake is CommonJS (`module.exports = new pdfmake()`): an ESM import would see only its default.
const pdfmake = require('pdfmake') as typeof import('pdfmake');

const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

const FONTS: TFontDictionary = {
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
};

pdfmake.setFonts(FONTS);
// Documents are built from our own data: no remote images, and only the font files may be read from disk.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => path.resolve(p).startsWith(fontDir + path.sep));

/** The cherry of the favicon, drawn as vector graphics (no image file to read). */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="26" cy="36" r="18" fill="#b91c1c"/>' +
  '<circle cx="40" cy="34" r="16" fill="#dc2626"/><path d="M30 18c2-8 10-12 18-12-2 7-8 12-18 12z" fill="#15803d"/></svg>';

/** Shared text styles: modules use these names instead of repeating sizes and colours. */
export const PDF_STYLES = {
  titulo: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
  subtitulo: { fontSize: 11, bold: true, margin: [0, 10, 0, 4] },
  etiqueta: { fontSize: 8, color: '#57534e' },
  pequeno: { fontSize: 8, color: '#44403c' },
  cabeceraTabla: { bold: true, fillColor: '#f5f5f4' },
  importe: { alignment: 'right' },
} as const satisfies TDocumentDefinitions['styles'];

export interface PdfDocumento {
  /** The document's title: its metadata and the heading of every page. */
  titulo: string;
  /** A second heading line, e.g. the order or invoice number. */
  referencia?: string;
  contenido: Content[];
  /** Fixed text at the foot of every page, before the page numbers (legal mentions). */
  pie?: string;
  /** Uncompressed content streams (tests read the text operators). */
  sinComprimir?: boolean;
}

/** The document definition `renderPdf` prints, exposed so a module can inspect it in a test. */
export function definicionPdf(doc: PdfDocumento): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [40, 70, 40, 60],
    compress: !doc.sinComprimir,
    info: { title: doc.titulo, author: 'Cereza', creator: 'Cereza', producer: 'Cereza' },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.2, color: '#1c1917' },
    styles: PDF_STYLES,
    header: () => ({
      margin: [40, 24, 40, 0],
      columns: [
        { svg: LOGO_SVG, width: 22, height: 22 },
        { text: 'Cereza', bold: true, fontSize: 14, color: '#991b1b', margin: [6, 3, 0, 0], width: 'auto' },
        {
          stack: [
            { text: doc.titulo, bold: true, alignment: 'right' },
            ...(doc.referencia ? [{ text: doc.referencia, alignment: 'right' as const, style: 'pequeno' }] : []),
          ],
        },
      ],
    }),
    footer: (pagina: number, total: number) => ({
      margin: [40, 16, 40, 0],
      columns: [
        { text: doc.pie ?? '', style: 'pequeno' },
        { text: `Página ${pagina} de ${total}`, alignment: 'right', style: 'pequeno', width: 'auto' },
      ],
    }),
    content: doc.contenido,
  };
}

/** Prints the document to a PDF file's bytes. */
export async function renderPdf(doc: PdfDocumento): Promise<Buffer> {
  return pdfmake.createPdf(definicionPdf(doc)).getBuffer();
}

/** A two-column table of label → value rows (the terms of a contract, an invoice's header). */
export function tablaDeTerminos(filas: Array<[string, string]>): Content {
  return {
    table: {
      widths: [150, '*'],
      body: filas.map(([etiqueta, valor]) => [{ text: etiqueta, style: 'etiqueta' }, { text: valor }]),
    },
    layout: 'lightHorizontalLines',
  };
}
