import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupRequest } from '#shared/api/backup.ts';
import { recordBackupEvent } from '../../backup/backup-audit.ts';
import { BackupCancelled, writeBackup } from '../../backup/write-backup.ts';
import { limitBy } from '../../plugins/rate-limit.ts';
import { resolveMasterSecret } from '../../secrets.ts';
import { requestActor } from '../audit/request-actor.ts';

const HOUR = 60 * 60_000;
/** A whole copy of the registry is a rare thing to want: a few an hour, per address and per account. */
const DOWNLOADS = { max: 5, timeWindow: HOUR };
const PASSPHRASE_BODY_LIMIT = 4 * 1024;

/**
 * A backup of the running installation, streamed to an administrator: for operators without shell
 * access. It is encrypted with the passphrase the administrator types, so the file alone opens
 * nothing.
 */
const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = limitBy(app, {
    ...DOWNLOADS,
    keyGenerator: (request) => `backup:${request.user?.id}`,
  });

  app.post(
    '/api/backup',
    {
      bodyLimit: PASSPHRASE_BODY_LIMIT,
      config: { role: 'admin', rateLimit: DOWNLOADS },
      preHandler: perAccount,
      schema: { body: backupRequest },
    },
    async (request, reply) => {
      const createdAt = new Date().toISOString();
      await recordBackupEvent(app.db, {
        actor: requestActor(request),
        action: 'download',
        createdAt,
        through: 'dashboard',
      });
      const { stream, done } = await writeBackup(
        {
          database: app.database,
          files: app.files,
          generatedSecret: app.config.authSecret ? null : resolveMasterSecret(app.config),
        },
        { passphrase: request.body.passphrase, createdAt },
      );
      // A client gone while the archive was being set up (the passphrase's key takes a second).
      const gone = () => {
        if (!reply.raw.writableFinished) stream.destroy();
      };
      if (reply.raw.destroyed) gone();
      else reply.raw.once('close', gone);
      done.then(
        (manifest) => request.log.info({ files: manifest.files }, 'backup downloaded'),
        (error: unknown) =>
          error instanceof BackupCancelled
            ? request.log.info('backup download cancelled')
            : request.log.error({ err: error }, 'backup failed'),
      );
      const name = `ecert-backup-${createdAt.slice(0, 10)}.zip.age`;
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};

export default backupRoutes;
