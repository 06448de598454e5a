import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportKind, exportCsv, exportFileName } from './export-records.ts';

const exportQuery = z.object({ q: z.string().trim().max(200).default('') });

/** `GET /api/people/export.csv` and `/api/renewals/export.csv` (staff): the list, or what its search matches. */
const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['people', 'renewals'] as const satisfies ExportKind[]) {
    app.get(`/api/${kind}/export.csv`, { schema: { querystring: exportQuery } }, async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(kind)}"`)
        .header('cache-control', 'no-store')
        .send(exportCsv(app.db, kind, request.query.q)),
    );
  }
};

export default exportsRoutes;
