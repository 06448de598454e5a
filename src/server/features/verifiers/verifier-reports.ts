import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { type VerifierReportView, verifierReportView } from '#shared/api/verifiers.ts';
import { languages } from '#shared/i18n/languages.ts';
import { verifier, verifierReport } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { i18nFor } from '../../i18n/i18n-for.ts';
import { preferredLanguage } from '../../i18n/preferred-language.ts';
import { drawVerifierReport } from './draw-verifier-report.ts';
import { verifierOf } from './verifier-session.ts';

const params = z.object({ id: z.uuid({ error: 'No such report' }) });
/** `?lang=`: the report's language; without it, the one the verifier's browser prefers. */
const reportQuery = z.object({
  lang: z.enum(languages, { error: `Language must be one of ${languages.join(', ')}` }).optional(),
});
const noReport = () => notFound('No such report: it may have passed the retention period.');

/** The public page a report's QR code opens. */
const verifierReportPath = (id: string) => `/verifier-report/${id}`;

/** A checked list's report, if it exists and (when `verifierId` is given) is that verifier's. */
async function findReport(
  app: FastifyInstance,
  id: string,
  verifierId?: string,
): Promise<VerifierReportView> {
  const [found] = await app.db
    .select({
      id: verifierReport.id,
      checkedAt: verifierReport.checkedAt,
      rows: verifierReport.rows,
      companyName: verifier.companyName,
      contactName: verifier.contactName,
    })
    .from(verifierReport)
    .innerJoin(verifier, eq(verifier.id, verifierReport.verifierId))
    .where(
      and(eq(verifierReport.id, id), verifierId ? eq(verifierReport.verifierId, verifierId) : undefined),
    );
  if (!found) throw noReport();
  return { ...found, checkedAt: found.checkedAt.toISOString() };
}

/**
 * The verifier's own report as a PDF. Another verifier's report is answered as one that does not
 * exist: its id alone proves nothing about who may have it printed.
 */
export const verifierReportPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  // A report of 1,000 rows takes 0.7–1.9 s of CPU to draw: shed first when the server is busy.
  app.get(
    '/api/verifier/reports/:id/report.pdf',
    { config: { costlyAnswer: true }, schema: { params, querystring: reportQuery } },
    async (request, reply) => {
      const report = await findReport(app, request.params.id, verifierOf(request).id);
      const language = request.query.lang ?? preferredLanguage(request.headers);
      const { site } = app.content.inLanguage(language);
      const reportUrl = `${app.config.publicUrl}${verifierReportPath(report.id)}`;
      const qrPng = await QRCode.toBuffer(reportUrl, {
        type: 'png',
        margin: 1,
        scale: 6,
        errorCorrectionLevel: 'M',
      });
      const pdf = await drawVerifierReport({
        site,
        report,
        reportUrl,
        qrPng,
        language,
        i18n: i18nFor(language),
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="e-cert-report-${report.checkedAt.slice(0, 10)}.pdf"`,
        )
        .send(Buffer.from(pdf));
    },
  );
};

/**
 * A report as stored, for whoever holds its QR code: the id is random (122 bits), so the page
 * shows only reports someone was given. The portal's own copy is what proves the paper genuine
 * and unchanged, with no key for the reader to check a signature against.
 */
export const publicVerifierReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/verifier-reports/:id',
    { schema: { params, response: { 200: verifierReportView } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return findReport(app, request.params.id);
    },
  );
};
