import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors.ts';
import apiKeysRoutes from './api-keys/api-keys.routes.ts';
import { keyAuthenticator } from './api-keys/authenticate-key.ts';
import { bearerKey } from './api-keys/key-secret.ts';
import auditRoutes from './audit/audit.routes.ts';
import backupRoutes from './backup/backup.routes.ts';
import uploadBrandImageRoutes from './brand-images/upload-brand-image.routes.ts';
import contentEditorRoutes from './content-editor/content-editor.routes.ts';
import revocationRoutes from './credentials/revocation.routes.ts';
import { staffECertPdfRoutes } from './e-cert-pdf/e-cert-pdf.routes.ts';
import exportsRoutes from './exports/exports.routes.ts';
import importsRoutes from './imports/imports.routes.ts';
import messagesRoutes from './messages/messages.routes.ts';
import peopleRoutes from './people/people.routes.ts';
import renewalsRoutes from './renewals/renewals.routes.ts';
import { mayUse, staffSessionReader } from './staff-session.ts';
import statsRoutes from './stats/stats.routes.ts';
import trashRoutes from './trash/trash.routes.ts';
import usersRoutes from './users/users.routes.ts';
import verifiersRoutes from './verifiers/verifiers.routes.ts';

/**
 * Every staff endpoint lives inside this scope, and this ONE hook guards them all: 401 without a
 * valid session or API key, 403 when the route asks for a role the user does not have or does not
 * take the key's scope.
 */
const staffApi: FastifyPluginAsync = async (app) => {
  const authenticateKey = keyAuthenticator(app);
  // Staff answers hold full passport numbers, FINs and dates of birth: no browser or proxy keeps
  // one, refusals included. Set as the answer leaves, so no route's own header can loosen it.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const staffSession = staffSessionReader(app);
  app.addHook('onRequest', async (request, reply) => {
    const key = bearerKey(request.headers.authorization);
    const user = key ? await authenticateKey(request, reply, key) : await staffSession(request);
    if (!mayUse(user.role, request.routeOptions.config.role)) {
      throw new AppError(403, 'You do not have permission to do this.', 'FORBIDDEN');
    }
    request.user = user;
  });

  await app.register(messagesRoutes);
  await app.register(peopleRoutes);
  await app.register(renewalsRoutes);
  await app.register(statsRoutes);
  await app.register(auditRoutes);
  await app.register(usersRoutes);
  await app.register(revocationRoutes);
  await app.register(staffECertPdfRoutes);
  await app.register(trashRoutes);
  await app.register(exportsRoutes);
  await app.register(importsRoutes);
  await app.register(apiKeysRoutes);
  await app.register(backupRoutes);
  await app.register(verifiersRoutes);
  await app.register(contentEditorRoutes);
  await app.register(uploadBrandImageRoutes);
};

export default staffApi;
