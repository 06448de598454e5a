import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '#shared/api/audit.ts';
import { auditEvent } from '../../db/schema/index.ts';

/** The audit trail, newest first, optionally for one entity type or one record. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    { schema: { querystring: auditQuery, response: { 200: auditPage } } },
    async (request) => {
      const { page, pageSize, entityType, entityId } = request.query;
      const filters: SQL[] = [];
      if (entityType) filters.push(eq(auditEvent.entityType, entityType));
      if (entityId) filters.push(eq(auditEvent.entityId, entityId));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(auditEvent)
          .where(where)
          // Spelled like audit_event_at_idx so the planner can walk the index.
          .orderBy(sql`${auditEvent.at} desc nulls last`, sql`${auditEvent.id} desc`)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.db.select({ n: count() }).from(auditEvent).where(where),
      ]);
      const items = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
      return { items, total: total?.n ?? 0, page, pageSize };
    },
  );
};

export default auditRoutes;
