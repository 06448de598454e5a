import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { formatDateIn } from '#shared/format-date.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { recordPageUrl } from '#shared/record-page.ts';
import { i18nFor } from '../../i18n/i18n-for.ts';
import { toCertificateView, toTrainingRecord } from '../certificates/certificate-view.ts';
import type { FoundCertificate } from '../certificates/find-certificate.ts';
import { credentialOfPerson } from '../credentials/credential-of-person.ts';
import { drawECert } from './draw-e-cert.ts';
import { eCertDesignIn } from './e-cert-design.ts';
import { designImages, storedImagePng } from './e-cert-images.ts';

/**
 * How the page is drawn, as a number: part of every PDF's version, so PDFs kept in the store from
 * an older drawing are made again. Raise it with any change to what draw-e-cert.ts prints.
 */
const PDF_FORM = 4;

/** JSON with every object's keys in order: a credential read back from jsonb has them reordered. */
const stableJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

/** A record's e-Cert PDF, ready to make: `key` names this version of it in the FileStore. */
export interface ECertPdf {
  key: string;
  fileName: string;
  make(): Promise<Uint8Array>;
}

/**
 * A record's e-Cert PDF from the record as it is now, with its signed credential attached. The
 * serial number is printed whole (it is the holder's, who needs it to have the e-Cert verified);
 * the FIN is masked for anyone but staff, as on the record page. Its words and the brand are in
 * `language`; the record's data is as stored.
 *
 * Its key is a hash of everything it prints: the record and its state as of today, the FIN's other
 * records and theirs, the brand, the credential, the language and the day it names as made on.
 * Any change to one, a revocation or a course expiring overnight, is a new key, so a stored PDF
 * can be served for as long as its key is the one asked for.
 */
export async function prepareECertPdf(
  app: FastifyInstance,
  found: FoundCertificate,
  { audience, language }: { audience: 'public' | 'staff'; language: Language },
): Promise<ECertPdf> {
  const { site } = app.content.inLanguage(language);
  const design = eCertDesignIn(app.content, language);
  const { certValidityYears, publicUrl, maskIdentifiers } = app.config;
  const view = toCertificateView(found.row, {
    issuer: site.issuerName,
    mask: maskIdentifiers && audience === 'public',
    validityYears: certValidityYears,
    identityDocuments: false,
  });
  const { id, eCertNumber } = found.row;
  const recordUrl = recordPageUrl(publicUrl, id);
  const records = found.records.map((record) => toTrainingRecord(record, certValidityYears));
  const credential = await credentialOfPerson(app, id);
  const madeAt = new Date();
  const certificate = { ...view, serial: eCertNumber };
  const printed = {
    form: PDF_FORM,
    language,
    site,
    design,
    certificate,
    records,
    recordUrl,
    credential,
    madeOn: formatDateIn(language, madeAt.toISOString()),
  };
  const key = `${createHash('sha256').update(stableJson(printed)).digest('hex')}.pdf`;
  return {
    key,
    fileName: `e-cert-${id.slice(0, 8)}.pdf`,
    async make() {
      const [qrPng, [logo, signatoryPng], signaturePng] = await Promise.all([
        QRCode.toBuffer(recordUrl, { type: 'png', margin: 1, scale: 6, errorCorrectionLevel: 'M' }),
        designImages(app.files, design, site),
        storedImagePng(app.files, found.row.signatureImage),
      ]);
      return drawECert({
        site,
        design,
        certificate,
        records,
        recordUrl,
        qrPng,
        logoPng: logo,
        signaturePng,
        signatoryPng,
        credential,
        madeAt,
        language,
        i18n: i18nFor(language),
      });
    },
  };
}
