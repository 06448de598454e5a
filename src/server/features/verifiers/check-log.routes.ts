import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkLogResponse } from '#shared/api/verifiers.ts';
import { person, verifier, verifierCheck } from '../../db/schema/index.ts';
import { invalidInput } from '../../errors.ts';

const params = z.object({ id: z.uuid({ error: 'Not an id' }) });
const query = z.object({ after: z.string().max(200).optional() });
/** One screen of entries; the next starts after the last one (`next`, given back as `after`). */
const PAGE = 200;

/**
 * Where a screen ended: the last entry's time as the database keeps it (microseconds: a list's rows
 * share one time, and a JavaScript date would round it) and its id, which orders entries of one time.
 */
const cursorOf = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
/** PostgreSQL's text of a timestamptz (ISO style), as the cursor carries it. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const isDate = (at: string) =>
  !Number.isNaN(Date.parse(at.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')));
function readCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof at === 'string' && TIMESTAMP.test(at) && isDate(at) && z.uuid().safeParse(id).success)
      return { at, id };
  } catch {
    // falls through to the refusal below
  }
  throw invalidInput('This page of the check log does not exist: open the log again.');
}

/**
 * The check log for staff: which verifier checked which record, when and for what purpose, newest
 * first, per verifier and per record, each walked in order on its own index (by time; the ids of
 * one list's entries sorted as they come). Holders never see it: no public route reads this table.
 */
const checkLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const entries = async (where: SQL, after?: string) => {
    const from = after ? readCursor(after) : null;
    const rows = await app.db
      .select({
        id: verifierCheck.id,
        checkedAt: verifierCheck.checkedAt,
        at: sql<string>`${verifierCheck.checkedAt}::text`,
        outcome: verifierCheck.outcome,
        purpose: verifierCheck.purpose,
        verifierId: verifierCheck.verifierId,
        companyName: verifier.companyName,
        personId: verifierCheck.personId,
        holderName: person.name,
      })
      .from(verifierCheck)
      .innerJoin(verifier, eq(verifier.id, verifierCheck.verifierId))
      .leftJoin(person, eq(person.id, verifierCheck.personId))
      .where(
        from
          ? sql`${where} and (${verifierCheck.checkedAt}, ${verifierCheck.id}) < (${from.at}::timestamptz, ${from.id}::uuid)`
          : where,
      )
      .orderBy(desc(verifierCheck.checkedAt), desc(verifierCheck.id))
      .limit(PAGE + 1);
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return {
      items: page.map(({ at: _at, ...row }) => ({ ...row, checkedAt: row.checkedAt.toISOString() })),
      next: rows.length > PAGE && last ? cursorOf(last.at, last.id) : null,
    };
  };

  app.get(
    '/api/verifiers/:id/checks',
    {
      config: { costlyAnswer: true },
      schema: { params, querystring: query, response: { 200: checkLogResponse } },
    },
    async (request) => entries(eq(verifierCheck.verifierId, request.params.id), request.query.after),
  );

  app.get(
    '/api/people/:id/verifier-checks',
    {
      config: { costlyAnswer: true },
      schema: { params, querystring: query, response: { 200: checkLogResponse } },
    },
    async (request) => entries(eq(verifierCheck.personId, request.params.id), request.query.after),
  );
};

export default checkLogRoutes;
