import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { loopTurns } from './loop-turns.ts';

/** Keeps the CPU busy, as building an answer from a query's rows does. */
const work = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/**
 * Counts turns of the event loop (its check phase), and which turn each piece of work ran in: the
 * loop reads sockets and accepts a new connection once between two turns.
 */
function turnCounter() {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  const ranIn: number[] = [];
  return {
    record: () => ranIn.push(turn),
    stop() {
      counting = false;
      const perTurn = new Map<number, number>();
      for (const at of ranIn) perTurn.set(at, (perTurn.get(at) ?? 0) + 1);
      return { turns: perTurn.size, mostInOneTurn: Math.max(...perTurn.values()) };
    },
  };
}

const PIECES = 20;
const PIECE_MS = 0.6;

describe('loopTurns', () => {
  it('lets the loop turn once a millisecond of work has run, keeping the order of arrival', async () => {
    const turns = loopTurns(1);
    const counter = turnCounter();
    const order: number[] = [];
    // Each piece arrives in a callback of its own, as the results of queries do.
    await Promise.all(
      Array.from({ length: PIECES }, async (_, index) => {
        await new Promise((resolve) => setImmediate(resolve));
        await turns.take();
        counter.record();
        order.push(index);
        work(PIECE_MS);
      }),
    );
    const { turns: turnsUsed, mostInOneTurn } = counter.stop();

    expect(mostInOneTurn).toBeLessThanOrEqual(3);
    expect(turnsUsed).toBeGreaterThanOrEqual(PIECES / 3);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('costs nothing while the work of a turn is short', async () => {
    // A budget well above the wait below, which a busy machine can stretch past a millisecond.
    const turns = loopTurns(100);
    await new Promise((resolve) => setImmediate(resolve));

    expect(turns.take()).toBeUndefined();
  });
});

describe('database work takes turns with the event loop', () => {
  let harness: TestApp | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  // Results arriving together (from a pool of connections, or PGlite's queue) must not be turned
  // into answers back to back while new visitors wait to be let in.
  it('spreads what is done with many query results over turns of the loop', async () => {
    harness = await createTestApp();
    const { db } = harness.database;
    const counter = turnCounter();
    await Promise.all(
      Array.from({ length: PIECES }, async () => {
        await db.execute(sql`select pg_sleep(0.02)`);
        counter.record();
        work(PIECE_MS);
      }),
    );
    const { turns: turnsUsed, mostInOneTurn } = counter.stop();

    expect(mostInOneTurn).toBeLessThanOrEqual(3);
    expect(turnsUsed).toBeGreaterThanOrEqual(PIECES / 3);
  });
});
