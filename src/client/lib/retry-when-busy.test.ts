import { describe, expect, it } from 'vitest';
import { BUSY_RETRIES, busyRetries, retryDelayMs, retryWhenBusy } from './retry-when-busy.ts';

const busy = () =>
  new Response(JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'busy' }), {
    status: 503,
    headers: { 'retry-after': '1' },
  });
const ok = () => new Response('{"id":"x"}', { status: 200 });

/** Answers in turn, recording each send and each wait, and whether the busy notice was up. */
function script(...answers: (() => Response)[]) {
  const seen = { sends: 0, waits: [] as number[], noticeDuringWaits: [] as number[] };
  const send = async () => {
    const answer = answers[Math.min(seen.sends, answers.length - 1)] as () => Response;
    seen.sends += 1;
    return answer();
  };
  const sleep = async (ms: number) => {
    seen.waits.push(ms);
    seen.noticeDuringWaits.push(busyRetries.waiting());
  };
  return { seen, send, sleep };
}

describe('retryWhenBusy', () => {
  it('tries a request refused as busy again after the wait asked for, and returns the normal answer', async () => {
    const { seen, send, sleep } = script(busy, busy, ok);

    const response = await retryWhenBusy(send, { sleep });

    expect(response.status).toBe(200);
    expect(seen.sends).toBe(3);
    expect(seen.waits).toHaveLength(2);
    expect(seen.waits[0]).toBeGreaterThanOrEqual(1_000);
    expect(seen.noticeDuringWaits).toEqual([1, 1]);
    expect(busyRetries.waiting()).toBe(0);
  });

  it(`gives up after ${BUSY_RETRIES} tries again and hands back the 503`, async () => {
    const { seen, send, sleep } = script(busy);

    const response = await retryWhenBusy(send, { sleep });

    expect(response.status).toBe(503);
    expect(seen.sends).toBe(1 + BUSY_RETRIES);
    expect(busyRetries.waiting()).toBe(0);
  });

  it('does not try again a 503 without Retry-After, nor any other error', async () => {
    for (const answer of [
      () => new Response('{}', { status: 503 }),
      () => new Response('{}', { status: 429, headers: { 'retry-after': '60' } }),
      () => new Response('{}', { status: 500 }),
    ]) {
      const { seen, send, sleep } = script(answer);
      await retryWhenBusy(send, { sleep });
      expect(seen.sends).toBe(1);
    }
  });

  it('waits what the server asked, doubling each time, at most 8 s and half as much again by chance', () => {
    expect(retryDelayMs(1, 1, () => 0)).toBe(1_000);
    expect(retryDelayMs(2, 1, () => 0)).toBe(2_000);
    expect(retryDelayMs(3, 1, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, 5, () => 0)).toBe(5_000);
    expect(retryDelayMs(6, 1, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, 1, () => 0.5)).toBe(1_250);
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const answer = retryWhenBusy(async () => busy(), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toThrow();
    expect(busyRetries.waiting()).toBe(0);
  });
});
