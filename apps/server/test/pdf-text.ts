// A PDF read back with pdf.js: its text as a reader would copy it, and its document information.
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function withPdf<T>(
  file: Uint8Array,
  read: (pdf: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  // pdf.js takes ownership of (and detaches) the bytes it is given: hand it a copy.
  const pdf = await getDocument({
    data: new Uint8Array(file),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    verbosity: 0,
  }).promise;
  try {
    return await read(pdf);
  } finally {
    await pdf.destroy();
  }
}

/** The text of every page of the PDF in `file`, one line per line, pages apart by a blank line. */
export function pdfText(file: Uint8Array): Promise<string> {
  return withPdf(file, async (pdf) => {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      let text = '';
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text.trim());
    }
    return pages.join('\n\n');
  });
}

export interface PdfFacts {
  /** The document information dictionary: Title, Author, CreationDate ("D:20261201093000Z"), … */
  info: Record<string, unknown>;
  /** Each page's size in points. */
  pages: { width: number; height: number }[];
}

export function pdfFacts(file: Uint8Array): Promise<PdfFacts> {
  return withPdf(file, async (pdf) => {
    const { info } = await pdf.getMetadata();
    const pages: PdfFacts['pages'] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const [x0, y0, x1, y1] = (await pdf.getPage(n)).view as [number, number, number, number];
      pages.push({ width: x1 - x0, height: y1 - y0 });
    }
    return { info: info as Record<string, unknown>, pages };
  });
}
