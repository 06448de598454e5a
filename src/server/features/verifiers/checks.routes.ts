import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCheckResult, pairCheckInput, pastedListInput } from '#shared/api/verifiers.ts';
import { AppError, invalidInput } from '../../errors.ts';
import { busyRefusal } from '../../plugins/load-shedding.ts';
import multipartUploads from '../uploads/multipart-uploads.ts';
import { checkList } from './check-list.ts';
import { prepareFindListRecords } from './find-list-records.ts';
import { jsonArrayInTurns } from './in-turns.ts';
import { type ListEntry, readList } from './read-list.ts';
import { verifierOf } from './verifier-session.ts';
import type { VerifierRow } from './verifier-view.ts';

/** A list file of 1,000 rows is some 30 kB; far past that it is not a list of FINs and serials. */
const LIST_FILE_MAX_BYTES = 1024 * 1024;
/** A list turned away waits this long: about as long as two lists take to check. */
const LIST_RETRY_AFTER_SECONDS = 1;

/** One pair, or a list checked at once: pasted rows, or a CSV file uploaded. */
const checksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipartUploads);
  const findListRecords = prepareFindListRecords(app.database);

  /**
   * Looks the list up, then checks it within the quota (check-list.ts), and answers with the result
   * as JSON written a few rows per turn of the loop. Fastify sends a string typed as JSON as it is:
   * the route's schema describes the answer without checking 1,000 rows in one go (the API tests
   * check answers against it).
   */
  const checkEntries = async (reply: FastifyReply, account: VerifierRow, entries: ListEntry[]) => {
    const pending = entries.filter((entry) => !entry.problem && entry.duplicateOf === undefined);
    const found = await findListRecords(pending.map(({ fin, serial }) => ({ fin, serial })));
    const indexOf = new Map(pending.map((entry, index) => [entry, index]));
    const { rows, ...totals } = await checkList(app.db, app.config, account, entries, (entry) =>
      found.get(indexOf.get(entry) ?? -1),
    );
    const text = `{${JSON.stringify(totals).slice(1, -1)},"rows":${await jsonArrayInTurns(rows)}}`;
    return reply.type('application/json; charset=utf-8').send(text);
  };

  /**
   * A list is read and checked in its turn, when the server has room (list-turns.ts); one that
   * cannot have it soon is asked to come back.
   */
  const inTurn = async <T>(reply: FastifyReply, check: () => Promise<T>): Promise<T> => {
    const endTurn = await app.verifierLists.take();
    if (!endTurn) {
      reply.header('retry-after', LIST_RETRY_AFTER_SECONDS);
      throw new AppError(busyRefusal.statusCode, busyRefusal.message, busyRefusal.code);
    }
    try {
      return await check();
    } finally {
      endTurn();
    }
  };

  app.post(
    '/api/verifier/check',
    { schema: { body: pairCheckInput, response: { 200: listCheckResult } } },
    async (request, reply) => {
      const { finNumber: fin, eCertNumber: serial } = request.body;
      return checkEntries(reply, verifierOf(request), [{ row: 1, fin, serial }]);
    },
  );

  app.post(
    '/api/verifier/checks',
    { config: { costlyAnswer: true }, schema: { body: pastedListInput, response: { 200: listCheckResult } } },
    async (request, reply) => {
      return inTurn(reply, async () => {
        const entries = await readList(Buffer.from(request.body.text, 'utf8'));
        return checkEntries(reply, verifierOf(request), entries);
      });
    },
  );

  app.post(
    '/api/verifier/checks/upload',
    { config: { costlyAnswer: true }, schema: { response: { 200: listCheckResult } } },
    async (request, reply) => {
      const account = verifierOf(request);
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'Send the list as multipart/form-data with the file as "file".',
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
      const part = await request.file({ limits: { fileSize: LIST_FILE_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== 'file') throw invalidInput('Choose a CSV file to check.', { file: 'Required' });
      const bytes = await part.toBuffer().catch(() => null);
      if (!bytes || part.file.truncated) {
        throw new AppError(
          413,
          'The list file is larger than 1 MB: a list takes at most 1,000 rows.',
          'PAYLOAD_TOO_LARGE',
        );
      }
      return inTurn(reply, async () => checkEntries(reply, account, await readList(bytes)));
    },
  );
};

export default checksRoutes;
