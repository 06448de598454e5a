import QRCode from 'qrcode';
import type { ECertDesign } from '#shared/api/content.ts';
import type { ContentInLanguage } from '#shared/api/site-content.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { FileStore } from '../../files/file-store.ts';
import { i18nFor } from '../../i18n/i18n-for.ts';
import { drawECert } from './draw-e-cert.ts';
import { designImages } from './e-cert-images.ts';

/**
 * An e-Cert of a fictional holder, drawn as a real one is, for previewing a design before it is
 * published: the same drawing, the brand and the design as given, no credential attached.
 */
export async function sampleECertPdf(
  content: ContentInLanguage & { design: ECertDesign },
  language: Language,
  { publicUrl, files }: { publicUrl: string; files: FileStore },
) {
  const [logoPng, signatoryPng] = await designImages(files, content.design, content.site);
  const recordUrl = `${publicUrl}/info/00000000-0000-4000-8000-000000000000`;
  return drawECert({
    site: content.site,
    design: content.design,
    certificate: {
      name: 'Sample Holder',
      finNumber: 'XXXXX123A',
      state: 'valid',
      courseExpiresOn: '2028-06-30',
      revokedAt: null,
      revocationReason: null,
      courseStatus: 'available',
      serial: 'SAMPLE-0001',
    },
    records: [
      {
        courseName: 'Workplace Safety Fundamentals',
        courseLevel: 'Level 1',
        passedDate: '2026-06-30',
        result: 'Passed',
        state: 'valid',
        current: true,
      },
    ],
    recordUrl,
    qrPng: await QRCode.toBuffer(recordUrl, { type: 'png', margin: 1, scale: 6, errorCorrectionLevel: 'M' }),
    logoPng,
    signaturePng: null,
    signatoryPng,
    credential: null,
    madeAt: new Date(),
    language,
    i18n: i18nFor(language),
  });
}
