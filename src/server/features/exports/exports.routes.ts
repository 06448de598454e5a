import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleQuery } from '#shared/api/people.ts';
import { type ExportKind, exportCsv, exportFileName } from './export-records.ts';

const exportQuery = peopleQuery.pick({ q: true, missing: true });

/** `GET /api/people/export.csv` and `/api/renewals/export.csv` (staff): the list, or what its search matches. */
const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['people', 'renewals'] as const satisfies ExportKind[]) {
    app.get(`/api/${kind}/export.csv`, { schema: { querystring: exportQuery } }, async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(kind)}"`)
        .header('cache-control', 'no-store')
        .send(
          exportCsv(app.db, kind, { q: request.query.q, missingImages: request.query.missing === 'images' }),
        ),
    );
  }
};

export default exportsRoutes;
