/**
 * A request the server refused for being busy (503 with Retry-After, sent before it did any work,
 * so sending it again is safe) is tried again after the wait the server asked for, doubling each
 * time and spread by chance so that a crowd does not come back at once. Meanwhile the page says
 * the service is busy (busy-notice.tsx); only when the tries run out does the caller see the 503.
 */
export const BUSY_RETRIES = 3;
const LONGEST_WAIT_MS = 8_000;

/** Requests now waiting to be tried again: what the busy notice shows. */
let retrying = 0;
const listeners = new Set<() => void>();
const changeRetrying = (by: number) => {
  retrying += by;
  for (const listener of listeners) listener();
};
export const busyRetries = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  waiting: () => retrying,
};

/** The wait before try `attempt` (1 for the first try again), in ms. */
export function retryDelayMs(attempt: number, retryAfterSeconds: number, random = Math.random): number {
  const asked = Math.max(retryAfterSeconds, 2 ** (attempt - 1)) * 1000;
  return Math.min(LONGEST_WAIT_MS, asked) * (1 + random() / 2);
}

const wait = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

const refusedAsBusy = (response: Response) =>
  response.status === 503 && Number(response.headers.get('retry-after')) > 0;

/** Sends with `send`, and again while the answer is "busy, retry after", at most BUSY_RETRIES times. */
export async function retryWhenBusy(
  send: () => Promise<Response>,
  { signal, sleep = wait }: { signal?: AbortSignal | null; sleep?: typeof wait } = {},
): Promise<Response> {
  let response = await send();
  if (!refusedAsBusy(response)) return response;
  changeRetrying(1);
  try {
    for (let attempt = 1; attempt <= BUSY_RETRIES && refusedAsBusy(response); attempt++) {
      await response.body?.cancel();
      await sleep(retryDelayMs(attempt, Number(response.headers.get('retry-after'))), signal);
      response = await send();
    }
    return response;
  } finally {
    changeRetrying(-1);
  }
}
