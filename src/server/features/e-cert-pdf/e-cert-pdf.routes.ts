import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { languageQuery } from '../../i18n/language-query.ts';
import { prepareFindCertificate } from '../certificates/find-certificate.ts';
import { makeECertPdf } from './make-e-cert-pdf.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const schema = {
  params: z.object({ id: z.string().max(100) }),
  querystring: languageQuery,
};

/**
 * A record's e-Cert as a PDF, made on each download from the record as it is now (a changed or
 * revoked record gets a new one): at the record page's address for anyone who has it, and at the
 * person's address for staff, with the serial number whole. `?lang=` chooses its language.
 */
function eCertPdfRoute(path: string, audience: 'public' | 'staff'): FastifyPluginAsyncZod {
  return async (app) => {
    const findCertificate = prepareFindCertificate(app.database);
    app.get(path, { schema }, async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const found = UUID.test(id) ? await findCertificate(id) : null;
      if (!found) throw notFound('No data to display.');
      const { pdf, fileName } = await makeECertPdf(app, found, { audience, language: request.query.lang });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    });
  };
}

export const publicECertPdfRoutes = eCertPdfRoute('/api/certificates/:id/e-cert.pdf', 'public');
/** Registered in the staff scope. */
export const staffECertPdfRoutes = eCertPdfRoute('/api/people/:id/e-cert.pdf', 'staff');
