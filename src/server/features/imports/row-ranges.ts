import { setImmediate as otherWorkFirst } from 'node:timers/promises';

/**
 * Staged rows one statement reads or writes at most. The embedded database runs each statement to
 * its end on the event loop's thread, holding every other request meanwhile, so no statement may
 * cover a whole import (bench/results/2026-11-28-import-load-embedded-100k.json).
 */
export const ROWS_PER_STEP = 1_000;

/**
 * How long one step may hold the event loop on the embedded database. A commit step writes each
 * row with its audit event and about thirty index entries: 0.25–0.35 ms of CPU a row there, 2 ms
 * while the first pages are read, plus about 8 ms a step; 1,000 rows held every other request for
 * 350–700 ms, three times that on a busy machine.
 */
export const EMBEDDED_STEP_MS = 50;

/**
 * The fewest rows a timed step covers: on a machine too busy for the budget, smaller steps would
 * spend more on each step's own 8 ms than on rows, and hold the database all the longer.
 */
const FEWEST_ROWS_PER_STEP = 50;
/** The first timed step's rows, before the machine's pace is known: the slowest rows come first. */
const FIRST_TIMED_ROWS = FEWEST_ROWS_PER_STEP;

/**
 * The rows of the step after one of `rows` that took `tookMs`: as many as fit in `budgetMs` at
 * that pace, growing at most twofold a step, so that one quick step cannot lead to a long one.
 */
export function nextStepRows(rows: number, tookMs: number, budgetMs: number): number {
  const fitting = tookMs > 0 ? Math.floor((rows * budgetMs) / tookMs) : ROWS_PER_STEP;
  return Math.max(FEWEST_ROWS_PER_STEP, Math.min(fitting, rows * 2, ROWS_PER_STEP));
}

export interface RangeOptions {
  /**
   * Sizes each step to take about this long, from the last step's pace: for the embedded database,
   * whose statements hold the event loop. Without it, every step covers `ROWS_PER_STEP` rows.
   */
  budgetMs?: number;
  now?: () => number;
}

/**
 * Runs `step` for each range of row numbers from 1 to `lastRow`, and lets waiting requests and
 * timers (the import's heartbeat) run between two steps.
 */
export async function forEachRowRange(
  lastRow: number,
  step: (range: { from: number; to: number }) => Promise<void>,
  { budgetMs, now = performance.now.bind(performance) }: RangeOptions = {},
) {
  let rows = budgetMs === undefined ? ROWS_PER_STEP : FIRST_TIMED_ROWS;
  for (let from = 1; from <= lastRow; ) {
    const to = from + rows;
    const started = now();
    await step({ from, to });
    if (budgetMs !== undefined) rows = nextStepRows(rows, now() - started, budgetMs);
    from = to;
    await otherWorkFirst();
  }
}

/** Lets waiting requests and timers run before the caller goes on. */
export const letOthersRun = () => otherWorkFirst();
