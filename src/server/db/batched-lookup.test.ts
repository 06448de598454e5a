import { describe, expect, it } from 'vitest';
import { batchedLookup, batchedStatement } from './batched-lookup.ts';

/** A lookup that doubles numbers and records the keys of each call it gets. */
function recordingLookup() {
  const calls: number[][] = [];
  const lookup = batchedLookup(async (keys: number[]) => {
    calls.push(keys);
    return keys.map((key) => key * 2);
  });
  return { calls, lookup };
}

describe('batchedLookup', () => {
  it('answers keys asked for in one turn with one call, each caller its own value', async () => {
    const { calls, lookup } = recordingLookup();

    const values = await Promise.all([3, 1, 3, 7].map((key) => lookup(key)));

    expect(values).toEqual([6, 2, 6, 14]);
    expect(calls).toEqual([[3, 1, 3, 7]]);
  });

  it('gives a later turn a call of its own', async () => {
    const { calls, lookup } = recordingLookup();

    expect(await lookup(1)).toBe(2);
    expect(await lookup(2)).toBe(4);

    expect(calls).toEqual([[1], [2]]);
  });

  it('splits more than 100 keys over calls of at most 100', async () => {
    const { calls, lookup } = recordingLookup();
    const keys = Array.from({ length: 250 }, (_, index) => index);

    const values = await Promise.all(keys.map((key) => lookup(key)));

    expect(values).toEqual(keys.map((key) => key * 2));
    expect(calls.map((call) => call.length)).toEqual([100, 100, 50]);
  });

  it('fails every caller of a batch whose lookup fails, and serves the next batch', async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: number[]) => {
      if (fail) throw new Error('database unavailable');
      return keys;
    });

    const failed = await Promise.allSettled([lookup(1), lookup(2)]);
    fail = false;

    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await lookup(3)).toBe(3);
  });
});

describe('batchedStatement', () => {
  it("sends the batch as one JSON parameter and gives each key the value of its position's row", async () => {
    const sent: (string | null)[][] = [];
    // Answers out of order, and not at all for the second key.
    const lookup = batchedStatement<{ id: string }>(async (values) => {
      sent.push(values);
      return [
        ['3', 'third'],
        ['1', 'first'],
      ];
    });

    const values = await Promise.all(['a', 'b', 'a'].map((id) => lookup({ id })));

    expect(values).toEqual(['first', null, 'third']);
    expect(sent).toEqual([['[{"id":"a"},{"id":"b"},{"id":"a"}]']]);
  });
});
