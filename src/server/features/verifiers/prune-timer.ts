import type { FastifyInstance } from 'fastify';
import { runOnTimer } from '../../plugins/on-timer.ts';
import { pruneCheckLog } from './prune-check-log.ts';

/** Deletes check-log entries past VERIFIER_LOG_RETENTION_DAYS at start and every hour after. */
export const pruneCheckLogOnTimer = (app: FastifyInstance) =>
  runOnTimer(app, { firstAfterMs: 0, everyMs: 3_600_000, failed: 'check log pruning failed' }, () =>
    pruneCheckLog(app.db, app.config.verifierLogRetentionDays),
  );
