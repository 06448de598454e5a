import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

/** The name the signed credential carries inside an e-Cert PDF, as PDF readers list it. */
const CREDENTIAL_FILE_NAME = 'credential.json';

/** Attaches the signed credential, so that the PDF alone carries its proof. */
export async function attachCredential(document: PDFDocument, credential: object, madeAt: Date) {
  await document.attach(Buffer.from(JSON.stringify(credential, null, 2)), CREDENTIAL_FILE_NAME, {
    mimeType: 'application/vc+ld+json',
    description: 'The signed credential of this e-Cert, for a verifier to check',
    creationDate: madeAt,
    modificationDate: madeAt,
  });
}

const nameOf = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

/**
 * The text of the file attached as `credential.json`, or null when the PDF carries none: read from
 * the document's embedded-files name tree (one level, as our PDFs and most writers make it).
 */
export function readAttachedCredential(document: PDFDocument): string | null {
  const names = document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const kids = tree?.lookupMaybe(PDFName.of('Kids'), PDFArray);
  const leaves = [tree, ...(kids?.asArray() ?? []).map((kid) => document.context.lookup(kid))];
  for (const leaf of leaves) {
    if (!(leaf instanceof PDFDict)) continue;
    const entries = leaf.lookupMaybe(PDFName.of('Names'), PDFArray)?.asArray() ?? [];
    for (let i = 0; i + 1 < entries.length; i += 2) {
      if (nameOf(document.context.lookup(entries[i])) !== CREDENTIAL_FILE_NAME) continue;
      const spec = document.context.lookup(entries[i + 1]);
      const files = spec instanceof PDFDict ? spec.lookupMaybe(PDFName.of('EF'), PDFDict) : undefined;
      const stream = files?.lookup(PDFName.of('F'));
      if (!(stream instanceof PDFRawStream)) return null;
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
    }
  }
  return null;
}
