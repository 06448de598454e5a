import { invalidInput } from '../../errors.ts';
import { type PdfReaderPool, PdfRefused } from '../../pdf/pdf-reader-pool.ts';
import type { PrintedPage } from '../../pdf/read-sent-pdf.ts';

const PDF_HEADER = Buffer.from('%PDF-');
/** Readers find the header anywhere in the first kilobyte, after junk some writers put first. */
const HEADER_WINDOW = 1024;
const NO_CREDENTIAL =
  'This PDF carries no e-Cert credential. Download the e-Cert PDF again from the certificate\u2019s record page and check that file.';

/**
 * The text of the credential an e-Cert PDF carries, and what its page prints. Anything else is
 * refused in plain words: `notPdf` for bytes that are no PDF at all, so they read as any other
 * file that is not a credential.
 */
export async function credentialTextOfPdf(
  readers: PdfReaderPool,
  bytes: Buffer,
  notPdf: string,
): Promise<{ text: string; page: PrintedPage | null }> {
  if (!bytes.subarray(0, HEADER_WINDOW).includes(PDF_HEADER)) throw invalidInput(notPdf);
  let reading: Awaited<ReturnType<PdfReaderPool['read']>>;
  try {
    reading = await readers.read(bytes);
  } catch (error) {
    throw error instanceof PdfRefused ? invalidInput(error.message) : error;
  }
  if (reading.credentialText === null) throw invalidInput(NO_CREDENTIAL);
  return { text: reading.credentialText, page: reading.page };
}
