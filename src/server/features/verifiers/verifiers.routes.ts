import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordResetLinkView } from '#shared/api/users.ts';
import {
  verifierApproval,
  verifierQuotaInput,
  verifiersResponse,
  verifierView,
} from '#shared/api/verifiers.ts';
import { recordAudit } from '../../db/record-audit.ts';
import { verifier } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { requestActor } from '../audit/request-actor.ts';
import { createResetLink } from '../password-reset/create-reset-link.ts';
import checkLogRoutes from './check-log.routes.ts';
import { approveVerifier, refuseVerifier, reinstateVerifier, suspendVerifier } from './decide-verifier.ts';
import { toVerifierView, verifierListColumns } from './verifier-view.ts';

const params = z.object({ id: z.uuid({ error: 'Not a verifier id' }) });
const noVerifier = () => notFound('This verifier does not exist.');

/** Staff review applications, approve, refuse, suspend and reinstate verifiers, and set quotas. */
const verifiersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(checkLogRoutes);

  app.get('/api/verifiers', { schema: { response: { 200: verifiersResponse } } }, async () => {
    const rows = await app.db
      .select(verifierListColumns)
      .from(verifier)
      .orderBy(desc(verifier.createdAt))
      .limit(1000);
    return { items: rows.map(({ row, ...week }) => toVerifierView(row, week)) };
  });

  /** The contact person's one-time link to set a password, valid for a day; shown to staff once. */
  const setupLink = async (userId: string | null, actor: ReturnType<typeof requestActor>) => {
    const link = userId ? await createResetLink(app.db, app.config.publicUrl, userId, actor) : null;
    if (!link) throw conflict('This verifier has no account to set up.');
    return link;
  };

  app.post(
    '/api/verifiers/:id/approve',
    { schema: { params, response: { 201: verifierApproval } } },
    async (request, reply) => {
      const actor = requestActor(request);
      const row = await approveVerifier(app.db, request.params.id, actor);
      if (!row) throw noVerifier();
      return reply
        .code(201)
        .send({ verifier: toVerifierView(row), setupLink: await setupLink(row.userId, actor) });
    },
  );

  app.post(
    '/api/verifiers/:id/setup-link',
    { schema: { params, response: { 201: passwordResetLinkView } } },
    async (request, reply) => {
      const [row] = await app.db.select().from(verifier).where(eq(verifier.id, request.params.id));
      if (!row) throw noVerifier();
      if (row.status !== 'approved') throw conflict('Only an approved verifier gets a set-up link.');
      return reply.code(201).send(await setupLink(row.userId, requestActor(request)));
    },
  );

  for (const [action, decide] of [
    ['refuse', refuseVerifier],
    ['suspend', suspendVerifier],
    ['reinstate', reinstateVerifier],
  ] as const) {
    app.post(
      `/api/verifiers/:id/${action}`,
      { schema: { params, response: { 200: verifierView } } },
      async (request) => {
        const row = await decide(app.db, request.params.id, requestActor(request));
        if (!row) throw noVerifier();
        return toVerifierView(row);
      },
    );
  }

  app.patch(
    '/api/verifiers/:id',
    { schema: { params, body: verifierQuotaInput, response: { 200: verifierView } } },
    async (request) => {
      const { dailyQuota } = request.body;
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(verifier)
          .where(eq(verifier.id, request.params.id))
          .for('update');
        if (!before) return null;
        const [after] = await tx
          .update(verifier)
          .set({ dailyQuota })
          .where(eq(verifier.id, before.id))
          .returning();
        await recordAudit(tx, {
          actor: requestActor(request),
          entityType: 'verifier',
          entityId: before.id,
          action: 'update',
          changes: { dailyQuota: [before.dailyQuota, dailyQuota] },
        });
        return after;
      });
      if (!row) throw noVerifier();
      return toVerifierView(row);
    },
  );
};

export default verifiersRoutes;
