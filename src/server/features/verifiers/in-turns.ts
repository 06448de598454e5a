import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Rows of a list handled at a time before the loop turns: a list of 1,000 built, checked or written
 * out in one go holds the loop as long as a verification's whole answer may take.
 */
const ROWS_PER_TURN = 100;

/** `each` applied to every item, ROWS_PER_TURN of them per turn of the loop, in order. */
export async function mapInTurns<T, R>(items: readonly T[], each: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    for (const item of items.slice(start, start + ROWS_PER_TURN)) results.push(each(item));
  }
  return results;
}

/** The JSON text of an array of `each` of the items, ROWS_PER_TURN items written per turn of the loop. */
export async function jsonArrayInTurns<T>(
  items: readonly T[],
  each: (item: T) => unknown = (item) => item,
): Promise<string> {
  const parts: string[] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    parts.push(JSON.stringify(items.slice(start, start + ROWS_PER_TURN).map(each)).slice(1, -1));
  }
  return `[${parts.filter(Boolean).join(',')}]`;
}
