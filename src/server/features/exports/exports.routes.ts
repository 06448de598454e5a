import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkSelection, peopleQuery } from '#shared/api/people.ts';
import { notFound } from '../../errors.ts';
import {
  countLivePeopleOf,
  type ExportFilter,
  type ExportKind,
  exportCsv,
  exportFileName,
} from './export-records.ts';

const exportQuery = peopleQuery.pick({ q: true, missing: true, course: true, result: true, status: true });

/**
 * `GET /api/people/export.csv` and `/api/renewals/export.csv` (staff): the list, or what its search
 * and filters match; `POST /api/people/export.csv` with `{ ids }`: the records chosen in the table.
 */
const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendCsv = (reply: FastifyReply, kind: ExportKind, filter: ExportFilter) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(kind)}"`)
      .header('cache-control', 'no-store')
      .send(exportCsv(app.db, kind, filter));

  for (const kind of ['people', 'renewals'] as const satisfies ExportKind[]) {
    app.get(
      `/api/${kind}/export.csv`,
      { config: { costlyAnswer: true }, schema: { querystring: exportQuery } },
      async (request, reply) => {
        const { q } = request.query;
        if (kind === 'renewals') return sendCsv(reply, kind, { q });
        const context = { validityYears: app.config.certValidityYears };
        return sendCsv(reply, kind, { q, people: { filters: request.query, context } });
      },
    );
  }

  app.post(
    '/api/people/export.csv',
    { config: { costlyAnswer: true }, schema: { body: bulkSelection } },
    async (request, reply) => {
      const ids = [...new Set(request.body.ids)];
      const live = await countLivePeopleOf(app.db, ids);
      if (live < ids.length) {
        throw notFound(`${ids.length - live} of the ${ids.length} chosen records are no longer in the list.`);
      }
      return sendCsv(reply, 'people', { q: '', ids });
    },
  );
};

export default exportsRoutes;
