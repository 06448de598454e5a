import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { toCertificateView, toTrainingRecord } from '../certificates/certificate-view.ts';
import { prepareFindCertificate } from '../certificates/find-certificate.ts';
import { credentialOfPerson } from '../credentials/credential-of-person.ts';
import { drawECert } from './draw-e-cert.ts';
import { logoPng, storedImagePng } from './e-cert-images.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A record's e-Cert as a PDF, made on each download from the record as it is now (a changed or
 * revoked record gets a new one), with its signed credential attached. Public, as the record page.
 */
const eCertPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const findCertificate = prepareFindCertificate(app.database);

  app.get(
    '/api/certificates/:id/e-cert.pdf',
    { schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const found = UUID.test(id) ? await findCertificate(id) : null;
      if (!found) throw notFound('No data to display.');
      const { site } = app.content;
      const { certValidityYears, publicUrl } = app.config;
      const view = toCertificateView(found.row, {
        issuer: site.issuerName,
        mask: app.config.maskIdentifiers,
        validityYears: certValidityYears,
        identityDocuments: false,
      });
      const recordUrl = `${publicUrl}/info/${id}`;
      const [credential, qrPng, logo, signaturePng] = await Promise.all([
        credentialOfPerson(app, id),
        QRCode.toBuffer(recordUrl, { type: 'png', margin: 1, scale: 6, errorCorrectionLevel: 'M' }),
        logoPng(site.logo.src),
        storedImagePng(app.files, found.row.signatureImage),
      ]);
      const pdf = await drawECert({
        site,
        certificate: { ...view, serial: found.row.eCertNumber },
        records: found.records.map((record) => toTrainingRecord(record, certValidityYears)),
        recordUrl,
        qrPng,
        logoPng: logo,
        signaturePng,
        credential,
        madeAt: new Date(),
      });
      const fileName = `e-cert-${found.row.eCertNumber.replace(/[^\w.-]/g, '_').slice(0, 60)}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
};

export default eCertPdfRoutes;
