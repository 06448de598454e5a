import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { CREDENTIAL_MAX_BYTES } from '#shared/api/credentials.ts';
import { inflateBounded } from './load-untrusted-pdf.ts';

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

const TOO_BIG = 'The credential attached to this PDF is too large to be an e-Cert credential.';

const nameOf = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

/**
 * The text of the file attached as `credential.json`, or null when the PDF carries none: read from
 * the document's embedded-files name tree (one level, as our PDFs and most writers make it).
 * Throws UnreadablePdf when it inflates past the largest credential the checker takes.
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
      return inflateBounded(stream, CREDENTIAL_MAX_BYTES, TOO_BIG).toString('utf8');
    }
  }
  return null;
}
