import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '#shared/i18n/languages.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import { notFound } from '../../errors.ts';
import { languageQuery } from '../../i18n/language-query.ts';
import { limitBy } from '../../plugins/rate-limit.ts';
import { prepareFindCertificate } from '../certificates/find-certificate.ts';
import { type ECertPdf, prepareECertPdf } from './make-e-cert-pdf.ts';

const schema = {
  params: z.object({ id: z.string().max(100) }),
  querystring: languageQuery,
};
/**
 * PDFs one client may have made, those already in the store aside: a holder's in each language
 * several times over. Making one takes 0.1–0.25 s of CPU; a client asking for 2,000 took 152 s.
 */
const NEW_PDFS_PER_CLIENT = { max: 20, timeWindow: 10 * 60_000 };

/** The record `id` names, as the record page finds it, with the PDF of it in `language`. */
async function findPdf(
  app: FastifyInstance,
  findCertificate: ReturnType<typeof prepareFindCertificate>,
  id: string,
  options: { audience: 'public' | 'staff'; language: Language },
): Promise<ECertPdf> {
  const lowered = id.toLowerCase();
  const found = isRecordId(lowered) ? await findCertificate(lowered) : null;
  if (!found) throw notFound('No data to display.');
  return prepareECertPdf(app, found, options);
}

const sendPdf = (reply: FastifyReply, pdf: ECertPdf, body: Buffer | NodeJS.ReadableStream) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);

/**
 * A record's e-Cert as a PDF, at the record page's address for anyone who has it. Each version
 * (make-e-cert-pdf.ts) is made once and kept in the FileStore, shared by every instance, and served
 * from there after; making a new one counts against the client's budget (shared as other limits
 * are). Not cacheable by the browser: its next download may be a new version. `?lang=` chooses
 * its language.
 */
export const publicECertPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const findCertificate = prepareFindCertificate(app.database);
  const countNewPdf = limitBy(app, {
    ...NEW_PDFS_PER_CLIENT,
    // Its own keys: in a shared Redis, no other limit counts the same client's requests here.
    keyGenerator: (request) => `e-cert-pdf:${normalizeIP(request.ip)}`,
  });
  // PDFs being made in this process, so a burst of requests for a new one makes it once.
  const making = new Map<string, Promise<Buffer>>();

  app.get('/api/certificates/:id/e-cert.pdf', { schema }, async (request, reply) => {
    const pdf = await findPdf(app, findCertificate, request.params.id, {
      audience: 'public',
      language: request.query.lang,
    });
    const stored = await app.files.open(pdf.key);
    if (stored) return sendPdf(reply, pdf, stored.stream);
    await countNewPdf(request, reply);
    let made = making.get(pdf.key);
    if (!made) {
      made = pdf
        .make()
        .then(async (bytes) => {
          const body = Buffer.from(bytes);
          // Unstored, it is still this version: the next download makes it again.
          await app.files.put(pdf.key, body).catch((error: unknown) => {
            request.log.warn({ err: error }, 'an e-Cert PDF could not be stored');
          });
          return body;
        })
        .finally(() => making.delete(pdf.key));
      making.set(pdf.key, made);
    }
    return sendPdf(reply, pdf, await made);
  });
};

/**
 * The same PDF with the FIN whole, at the person's address, for staff (registered in the staff
 * scope): made on each download, never stored.
 */
export const staffECertPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const findCertificate = prepareFindCertificate(app.database);
  app.get('/api/people/:id/e-cert.pdf', { schema }, async (request, reply) => {
    const pdf = await findPdf(app, findCertificate, request.params.id, {
      audience: 'staff',
      language: request.query.lang,
    });
    return sendPdf(reply, pdf, Buffer.from(await pdf.make()));
  });
};
