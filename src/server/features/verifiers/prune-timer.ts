import type { FastifyInstance } from 'fastify';
import { pruneCheckLog } from './prune-check-log.ts';

const PRUNE_EVERY_MS = 3_600_000;

/** Deletes check-log entries past VERIFIER_LOG_RETENTION_DAYS at start and every hour after. */
export function pruneCheckLogOnTimer(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = pruneCheckLog(app.db, app.config.verifierLogRetentionDays).catch((error: unknown) =>
      app.log.error({ err: error }, 'check log pruning failed'),
    );
  };
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, PRUNE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
