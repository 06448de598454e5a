import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` in the background `firstAfterMs` after the server is ready and every `everyMs`
 * after: a failure is logged as `failed` and the next turn tries again; closing the server waits
 * for a turn under way.
 */
export function runOnTimer(
  app: FastifyInstance,
  { firstAfterMs, everyMs, failed }: { firstAfterMs: number; everyMs: number; failed: string },
  work: () => Promise<unknown>,
) {
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const turn = () => {
    running = work().catch((error: unknown) => app.log.error({ err: error }, failed));
  };
  app.addHook('onReady', async () => {
    first = setTimeout(turn, firstAfterMs).unref();
    timer = setInterval(turn, everyMs).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
