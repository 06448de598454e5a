import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActors, auditPage, auditQuery } from '#shared/api/audit.ts';
import { user } from '../../db/schema/index.ts';
import { findAudit } from './find-audit.ts';

/** The audit trail: its lines newest first with names, one import's or bulk action's records, filters. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    { config: { costlyAnswer: true }, schema: { querystring: auditQuery, response: { 200: auditPage } } },
    async (request) => {
      const { items, total } = await findAudit(app.db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  // Who can be chosen under Who: the accounts (a short table), names with their emails.
  app.get('/api/audit/actors', { schema: { response: { 200: auditActors } } }, async () => ({
    actors: await app.db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .orderBy(asc(user.name), asc(user.email)),
  }));
};

export default auditRoutes;
