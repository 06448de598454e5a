import type { I18n } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CheckFinInput,
  CREDENTIAL_MAX_BYTES,
  CREDENTIAL_PDF_MAX_BYTES,
  checkFinInput,
  checkFinResult,
  credentialVerification,
} from '#shared/api/credentials.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import { AppError, invalidInput, notFound } from '../../errors.ts';
import { i18nFor } from '../../i18n/i18n-for.ts';
import { languageQuery } from '../../i18n/language-query.ts';
import { createPdfReaderPool } from '../../pdf/pdf-reader-pool.ts';
import { limitBy, perClientLimit } from '../../plugins/rate-limit.ts';
import { finMatchesCredential, recordIdOf } from './check-fin.ts';
import { checkPrintedPage } from './check-printed-page.ts';
import { credentialOfPerson } from './credential-of-person.ts';
import { measureJson } from './credential-shape.ts';
import { credentialTextOfPdf } from './credential-text-of-pdf.ts';
import { STATUS_LIST_TTL_MS } from './status-list-cache.ts';
import { verifyCredential } from './verify-credential.ts';

const CREDENTIAL_TYPE = 'application/vc+ld+json';
/**
 * Verifiers that run in a browser (VerifierPlus, wallets) fetch the DID document and the status
 * lists from another origin: both are public, so any origin may read them.
 */
const readableAnywhere = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};
const NOT_JSON =
  'This is not a credential file: its text is not JSON. A credential file\u2019s text starts with "{".';
/** Far deeper than any credential of ours (7), far shallower than what could exhaust a stack. */
const MAX_DEPTH = 32;
const PDF_TYPE = 'application/pdf';
/**
 * FIN guesses at one credential, from however many clients: a handful an hour lets a verifier
 * mistype, and keeps a FIN from being recovered from its public mask one guess at a time.
 */
const FIN_CHECKS_PER_CREDENTIAL = { max: 5, timeWindow: 60 * 60_000 };
const PDF_TOO_LARGE = `This PDF is too large to be an e-Cert: the checker takes PDFs up to ${CREDENTIAL_PDF_MAX_BYTES / 1024 / 1024} MB.`;
const NOT_JSON_IN_PDF =
  'The file attached to this PDF as its credential is not JSON, so it is not a credential from this portal.';

/** The issuer's DID document, each record's signed credential, the status lists, and checkers. */
const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Credential files are JSON-LD; take them under their own media types too (this scope only).
  app.addContentTypeParser(
    ['application/ld+json', CREDENTIAL_TYPE],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.get('/.well-known/did.json', async (_request, reply) => {
    reply.headers({ ...readableAnywhere, 'cache-control': 'public, max-age=300' });
    return reply.type('application/json').send(await app.issuer.didDocument());
  });

  app.get(
    '/api/certificates/:id/credential',
    { schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const { id } = request.params;
      const credential = isRecordId(id) ? await credentialOfPerson(app, id.toLowerCase()) : null;
      if (!credential) throw notFound('No data to display.');
      return reply
        .type(CREDENTIAL_TYPE)
        .header('cache-control', 'no-cache')
        .header(
          'content-disposition',
          `attachment; filename="e-cert-${id.toLowerCase().slice(0, 8)}.credential.json"`,
        )
        .send(JSON.stringify(credential, null, 2));
    },
  );

  app.get(
    '/status/:list',
    { schema: { params: z.object({ list: z.string().max(12) }) } },
    async (request, reply) => {
      const listId = /^[1-9]\d{0,8}$/.test(request.params.list) ? Number(request.params.list) : null;
      const signed = listId ? await app.statusLists.get(listId) : null;
      if (!signed) throw notFound('No such status list.');
      return reply
        .type(CREDENTIAL_TYPE)
        .headers({ ...readableAnywhere, 'cache-control': `public, max-age=${STATUS_LIST_TTL_MS / 1000}` })
        .send(JSON.stringify(signed));
    },
  );

  // Its own scope: the checker takes whatever a visitor pasted, and text that is not JSON gets
  // plain words instead of the API's generic "could not be understood". An e-Cert PDF is sent as
  // it is (`application/pdf`); the credential attached to it is checked as if it had been pasted.
  await app.register(async (scope) => {
    const json = scope.getDefaultJsonParser('error', 'error');
    const parseJson = (request: FastifyRequest, text: string, notJson: string) =>
      new Promise<unknown>((resolve, reject) => {
        json(request, text, (error, value) => (error ? reject(invalidInput(notJson)) : resolve(value)));
      });
    const types = ['application/json', 'application/ld+json', CREDENTIAL_TYPE];
    scope.removeContentTypeParser(types);
    // Each type has its own size limit, so the route sets none.
    scope.addContentTypeParser(
      types,
      { parseAs: 'string', bodyLimit: CREDENTIAL_MAX_BYTES },
      (request, body, done) => {
        parseJson(request, String(body), NOT_JSON).then((value) => done(null, value), done);
      },
    );
    scope.addContentTypeParser(
      PDF_TYPE,
      { parseAs: 'buffer', bodyLimit: CREDENTIAL_PDF_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const pdfReaders = createPdfReaderPool();
    // A server that listens warms them; tests that inject requests start them on their first PDF.
    scope.addHook('onListen', async () => pdfReaders.warm());
    scope.addHook('onClose', () => pdfReaders.close());

    const check = (body: unknown, i18n: I18n) => {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw invalidInput('Send the credential itself: a JSON object.');
      }
      if (measureJson(body).depth > MAX_DEPTH)
        throw invalidInput('This file nests too deeply to be a credential.');
      return verifyCredential(app, body, i18n);
    };

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/credentials/verify',
      {
        // Refused before a byte is read, in words that name the limit (the parser's says neither).
        onRequest: async (request) => {
          const declared = Number(request.headers['content-length']);
          if (
            request.headers['content-type']?.toLowerCase().startsWith(PDF_TYPE) &&
            declared > CREDENTIAL_PDF_MAX_BYTES
          )
            throw new AppError(413, PDF_TOO_LARGE);
        },
        config: { rateLimit: perClientLimit(app.config.credentialVerifyRateLimit) },
        // `?lang=`: the language of the check lines' words, that of the page asking.
        schema: { querystring: languageQuery, response: { 200: credentialVerification } },
      },
      async (request) => {
        const { body } = request;
        const i18n = i18nFor(request.query.lang);
        if (!Buffer.isBuffer(body)) return check(body, i18n);
        const { text, page } = await credentialTextOfPdf(pdfReaders, body, NOT_JSON);
        const credential = (await parseJson(request, text, NOT_JSON_IN_PDF)) as Record<string, unknown>;
        const { checks } = await check(credential, i18n);
        const signed = checks.some((line) => line.check === 'signature' && line.outcome === 'pass');
        const printed = checkPrintedPage(page, credential, signed, i18n);
        const afterIssuer = checks.findIndex((line) => line.check === 'issuer') + 1;
        const all = [...checks.slice(0, afterIssuer), printed, ...checks.slice(afterIssuer)];
        return { verified: all.every((line) => line.outcome === 'pass'), checks: all, credential };
      },
    );
  });

  const finChecksPerCredential = limitBy(app, {
    ...FIN_CHECKS_PER_CREDENTIAL,
    keyGenerator: (request) =>
      `check-fin:${recordIdOf(app.config.publicUrl, (request.body as CheckFinInput).credentialId)}`,
  });
  app.post(
    '/api/credentials/check-fin',
    {
      // A guess at a FIN costs what a verification attempt costs, from the same budget.
      onRequest: app.verificationLimit,
      preHandler: finChecksPerCredential,
      schema: { body: checkFinInput, response: { 200: checkFinResult } },
    },
    async (request, reply) => {
      const { credentialId, finNumber } = request.body;
      reply.header('cache-control', 'no-store');
      return { matches: await finMatchesCredential(app, credentialId, finNumber) };
    },
  );
};

export default credentialsRoutes;
