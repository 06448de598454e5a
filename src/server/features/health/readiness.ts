import type { FastifyInstance } from 'fastify';

type CheckResult = 'ok' | 'not configured' | { error: string };

const TIMEOUT_MS = 1_000;

/** The error's code only (`ECONNREFUSED`, `NoSuchBucket`, `TIMEOUT`): never a message, host or key. */
const errorCode = (error: unknown) => {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  const value =
    typeof code === 'string' ? code : typeof name === 'string' && name !== 'Error' ? name : 'ERROR';
  return /^[\w.-]{1,64}$/.test(value) ? value : 'ERROR';
};

async function check(run: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch (error) {
    return { error: errorCode(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Each service this instance needs, checked at once: `ready` only while the database answers
 * (without Redis an instance still serves, counting its limits alone: `degraded`).
 */
export async function readiness(app: FastifyInstance) {
  const { redis } = app;
  const [database, sharedState, files] = await Promise.all([
    check(() => app.database.ping()),
    redis ? check(() => redis.ping()) : Promise.resolve<CheckResult>('not configured'),
    check(() => app.files.check()),
  ]);
  const status =
    database !== 'ok'
      ? 'down'
      : sharedState === 'ok' || sharedState === 'not configured'
        ? files === 'ok'
          ? 'ready'
          : 'degraded'
        : 'degraded';
  return { status, checks: { database, redis: sharedState, files } };
}
