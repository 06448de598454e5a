import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Language } from '#shared/i18n/languages.ts';
import { maskIdentifier } from '#shared/rules/masking.ts';
import { i18nFor } from '../../i18n/i18n-for.ts';
import { toCertificateView, toTrainingRecord } from '../certificates/certificate-view.ts';
import type { FoundCertificate } from '../certificates/find-certificate.ts';
import { credentialOfPerson } from '../credentials/credential-of-person.ts';
import { drawECert } from './draw-e-cert.ts';
import { logoPng, storedImagePng } from './e-cert-images.ts';

/**
 * A record's e-Cert PDF from the record as it is now, with its signed credential attached. The
 * serial number is what verification asks for besides the FIN: shown whole to staff only, and to
 * everyone else masked as the FIN is (unless identifiers are shown whole). Its words and the
 * brand are in `language`; the record's data is as stored.
 */
export async function makeECertPdf(
  app: FastifyInstance,
  found: FoundCertificate,
  { audience, language }: { audience: 'public' | 'staff'; language: Language },
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { site } = app.content.inLanguage(language);
  const { certValidityYears, publicUrl, maskIdentifiers } = app.config;
  const mask = maskIdentifiers && audience === 'public';
  const view = toCertificateView(found.row, {
    issuer: site.issuerName,
    mask,
    validityYears: certValidityYears,
    identityDocuments: false,
  });
  const { id, eCertNumber } = found.row;
  const recordUrl = `${publicUrl}/info/${id}`;
  const [credential, qrPng, logo, signaturePng] = await Promise.all([
    credentialOfPerson(app, id),
    QRCode.toBuffer(recordUrl, { type: 'png', margin: 1, scale: 6, errorCorrectionLevel: 'M' }),
    logoPng(site.logo.src),
    storedImagePng(app.files, found.row.signatureImage),
  ]);
  const pdf = await drawECert({
    site,
    certificate: { ...view, serial: mask ? maskIdentifier(eCertNumber) : eCertNumber },
    records: found.records.map((record) => toTrainingRecord(record, certValidityYears)),
    recordUrl,
    qrPng,
    logoPng: logo,
    signaturePng,
    credential,
    madeAt: new Date(),
    language,
    i18n: i18nFor(language),
  });
  return { pdf, fileName: `e-cert-${id.slice(0, 8)}.pdf` };
}
