import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { certificateResponse } from '#shared/api/certificates.ts';
import { recordPageUrl } from '#shared/record-page.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import { notFound } from '../../errors.ts';
import { toCertificateView, toTrainingRecord } from './certificate-view.ts';
import { prepareFindCertificate } from './find-certificate.ts';

const noData = () => notFound('No data to display.');
// Ids are random v4 UUIDs, so the nil UUID is never a record's. A malformed id is looked up as this
// one: it costs the same query as an unknown id, and the time of the 404 does not tell them apart.
const NO_SUCH_ID = '00000000-0000-0000-0000-000000000000';
const lookupId = (id: string) => (isRecordId(id) ? id.toLowerCase() : NO_SUCH_ID);

const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const findCertificate = prepareFindCertificate(app.database);
  // A malformed id is answered exactly like an unknown one: 404, no hint which it was, not even in time.
  const params = { params: z.object({ id: z.string().max(100) }) };

  app.get(
    '/api/certificates/:id',
    { schema: { ...params, response: { 200: certificateResponse } } },
    async (request, reply) => {
      const { id } = request.params;
      const found = await findCertificate(lookupId(id));
      if (!found) throw noData();
      reply.header('cache-control', 'no-store');
      return {
        certificate: toCertificateView(found.row, {
          issuer: app.content.site.issuerName,
          mask: app.config.maskIdentifiers,
          validityYears: app.config.certValidityYears,
          identityDocuments: app.config.publicIdentityDocuments,
        }),
        records: found.records.map((record) => toTrainingRecord(record, app.config.certValidityYears)),
      };
    },
  );

  // A PNG, not an SVG: each SVG image is a document of its own to lay out on the page's main thread.
  app.get('/api/certificates/:id/qr.png', { schema: params }, async (request, reply) => {
    const { id } = request.params;
    if (!(await findCertificate(lookupId(id)))) throw noData();
    const png = await QRCode.toBuffer(recordPageUrl(app.config.publicUrl, id.toLowerCase()), {
      type: 'png',
      margin: 1,
      scale: 8,
      errorCorrectionLevel: 'M',
    });
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
};

export default certificatesRoutes;
