import { setImmediate as otherWorkFirst } from 'node:timers/promises';

/**
 * Staged rows one statement reads or writes at most. The embedded database runs each statement to
 * its end on the event loop's thread, holding every other request meanwhile, so no statement may
 * cover a whole import (bench/results/2026-11-28-import-load-embedded-100k.json).
 */
export const ROWS_PER_STEP = 1_000;

/**
 * Runs `step` for each range of row numbers from 1 to `lastRow`, `ROWS_PER_STEP` rows each, and
 * lets waiting requests and timers (the import's heartbeat) run between two steps.
 */
export async function forEachRowRange(
  lastRow: number,
  step: (range: { from: number; to: number }) => Promise<void>,
) {
  for (let from = 1; from <= lastRow; from += ROWS_PER_STEP) {
    await step({ from, to: from + ROWS_PER_STEP });
    await otherWorkFirst();
  }
}

/** Lets waiting requests and timers run before the caller goes on. */
export const letOthersRun = () => otherWorkFirst();
