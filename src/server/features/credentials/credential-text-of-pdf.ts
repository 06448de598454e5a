import { invalidInput } from '../../errors.ts';
import { readAttachedCredential } from '../e-cert-pdf/attached-credential.ts';
import { DAMAGED, loadUntrustedPdf, UnreadablePdf } from '../e-cert-pdf/load-untrusted-pdf.ts';

const PDF_HEADER = Buffer.from('%PDF-');
/** Readers find the header anywhere in the first kilobyte, after junk some writers put first. */
const HEADER_WINDOW = 1024;
const NO_CREDENTIAL =
  'This PDF carries no e-Cert credential. Download the e-Cert PDF again from the certificate\u2019s record page and check that file.';

/**
 * The text of the credential an e-Cert PDF carries. Anything else is refused in plain words:
 * `notPdf` for bytes that are no PDF at all, so they read as any other file that is not a credential.
 */
export async function credentialTextOfPdf(bytes: Buffer, notPdf: string): Promise<string> {
  if (!bytes.subarray(0, HEADER_WINDOW).includes(PDF_HEADER)) throw invalidInput(notPdf);
  let text: string | null;
  try {
    text = readAttachedCredential(await loadUntrustedPdf(bytes));
  } catch (error) {
    // A name tree of the wrong shape makes pdf-lib throw its own error, naming parts of the file.
    throw invalidInput(error instanceof UnreadablePdf ? error.message : DAMAGED);
  }
  if (text === null) throw invalidInput(NO_CREDENTIAL);
  return text;
}
