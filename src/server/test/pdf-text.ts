/*
 * The text of a PDF, page by page, as a reader's PDF viewer extracts it (pdfjs, Mozilla's PDF engine). Tests use
 * it to check what a contract or an invoice really says, e.g. that frozen terms did not change.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
          .join('')
          .replace(/[ \t]+/g, ' '),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
