import type { FastifyPluginAsync } from 'fastify';
import { writeBackup } from '../../backup/write-backup.ts';
import { resolveMasterSecret } from '../../secrets.ts';

/**
 * A backup of the running installation, streamed to an administrator: for operators without shell
 * access. The tables are read in one transaction, so the copy is consistent while the server serves.
 */
const backupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/backup', { config: { role: 'admin' } }, async (request, reply) => {
    const { stream, done } = writeBackup({
      database: app.database,
      files: app.files,
      generatedSecret: app.config.authSecret ? null : resolveMasterSecret(app.config),
    });
    done.then(
      (manifest) => request.log.info({ files: manifest.files }, 'backup downloaded'),
      (error: unknown) => request.log.error({ err: error }, 'backup failed'),
    );
    const name = `ecert-backup-${new Date().toISOString().slice(0, 10)}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
};

export default backupRoutes;
