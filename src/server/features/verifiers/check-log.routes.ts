import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkLogResponse } from '#shared/api/verifiers.ts';
import { person, verifier, verifierCheck } from '../../db/schema/index.ts';

const params = z.object({ id: z.uuid({ error: 'Not an id' }) });
const query = z.object({ before: z.iso.datetime({ error: 'before must be a date and time' }).optional() });
/** One screen of entries; the next is asked for with `before` the last one's time. */
const PAGE = 200;

/**
 * The check log for staff: which verifier checked which record, when and for what purpose, newest
 * first, per verifier and per record, each on its own index. Holders never see it: no public
 * route reads this table.
 */
const checkLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const entries = async (where: SQL, before?: string) =>
    app.db
      .select({
        id: verifierCheck.id,
        checkedAt: verifierCheck.checkedAt,
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
      .where(before ? sql`${where} and ${verifierCheck.checkedAt} < ${before}` : where)
      .orderBy(desc(verifierCheck.checkedAt))
      .limit(PAGE)
      .then((rows) => ({ items: rows.map((row) => ({ ...row, checkedAt: row.checkedAt.toISOString() })) }));

  app.get(
    '/api/verifiers/:id/checks',
    {
      config: { costlyAnswer: true },
      schema: { params, querystring: query, response: { 200: checkLogResponse } },
    },
    async (request) => entries(eq(verifierCheck.verifierId, request.params.id), request.query.before),
  );

  app.get(
    '/api/people/:id/verifier-checks',
    {
      config: { costlyAnswer: true },
      schema: { params, querystring: query, response: { 200: checkLogResponse } },
    },
    async (request) => entries(eq(verifierCheck.personId, request.params.id), request.query.before),
  );
};

export default checkLogRoutes;
