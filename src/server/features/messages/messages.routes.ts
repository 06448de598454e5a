import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuery } from '#shared/api/paging.ts';
import type { Db } from '../../db/database.ts';
import { contactMessage, feedback } from '../../db/schema/index.ts';

type Inbox = typeof contactMessage | typeof feedback;

async function newestFirst(db: Db, table: Inbox, page: number, pageSize: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .orderBy(desc(table.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(table),
  ]);
  return { items, total: total?.n ?? 0, page, pageSize };
}

/** Contact messages and feedback, newest first, for staff. */
const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [url, table] of [
    ['/api/messages', contactMessage],
    ['/api/feedback', feedback],
  ] as const) {
    app.get(url, { schema: { querystring: pageQuery } }, async (request) =>
      newestFirst(app.db, table, request.query.page, request.query.pageSize),
    );
  }
};

export default messagesRoutes;
