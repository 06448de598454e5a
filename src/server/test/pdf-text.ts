import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Opens a PDF with Mozilla's PDF.js, as a reader does, for `read`. */
async function readPdf<T>(bytes: Uint8Array, read: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const document = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 })
    .promise;
  try {
    return await read(document);
  } finally {
    await document.destroy();
  }
}

/** The text a reader sees on each page of a PDF, as Mozilla's PDF.js extracts it. */
export function pdfText(bytes: Uint8Array): Promise<string[]> {
  return readPdf(bytes, async (document) => {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  });
}

/** The first page's pieces of text, each with the name of the font it is drawn in. */
export function pdfTextRuns(bytes: Uint8Array): Promise<{ text: string; font: string }[]> {
  return readPdf(bytes, async (document) => {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    // The fonts' names arrive with the drawing operators.
    await page.getOperatorList();
    return content.items.flatMap((item) =>
      'str' in item && item.str.trim()
        ? [{ text: item.str, font: (page.commonObjs.get(item.fontName) as { name: string }).name }]
        : [],
    );
  });
}
