import { describe, expect, it } from 'vitest';
import { forEachRowRange, nextStepRows, ROWS_PER_STEP } from './row-ranges.ts';

/** The ranges a walk over `lastRow` rows takes when each row costs `msPerRow(from)` of a fake clock. */
async function walk(lastRow: number, budgetMs: number | undefined, msPerRow: (from: number) => number) {
  let clock = 0;
  const ranges: { from: number; to: number; ms: number }[] = [];
  await forEachRowRange(
    lastRow,
    async ({ from, to }) => {
      const ms = (to - from) * msPerRow(from);
      clock += ms;
      ranges.push({ from, to, ms });
    },
    { budgetMs, now: () => clock },
  );
  return ranges;
}

const covered = (ranges: { from: number; to: number }[]) =>
  ranges.every((range, i) => range.from === (i === 0 ? 1 : ranges[i - 1]?.to));

describe('row ranges', () => {
  it('covers every row once, in whole steps, when no budget is given', async () => {
    const ranges = await walk(2_500, undefined, () => 1);
    expect(ranges.map(({ from, to }) => [from, to])).toEqual([
      [1, 1_001],
      [1_001, 2_001],
      [2_001, 3_001],
    ]);
  });

  it('sizes each step to the budget at the pace of the last one, on a machine slowing down', async () => {
    // 0.3 ms a row (the embedded database's commit), then three times slower from row 20,000.
    const ranges = await walk(40_000, 50, (from) => (from < 20_000 ? 0.3 : 0.9));
    expect(covered(ranges)).toBe(true);
    expect(ranges.at(-1)?.to).toBeGreaterThan(40_000);
    // Only the step that meets the slowdown, sized at the quick pace, may overrun the budget.
    const overruns = ranges.filter((range) => range.ms > 50);
    expect(overruns).toHaveLength(1);
    expect(overruns[0]?.ms).toBeLessThanOrEqual(3 * 50);
    expect(Math.max(...ranges.map((range) => range.to - range.from))).toBeLessThan(ROWS_PER_STEP);
  });

  it('grows steps at most twofold, and never past the whole step', () => {
    expect(nextStepRows(100, 1, 50)).toBe(200);
    expect(nextStepRows(800, 1, 50)).toBe(ROWS_PER_STEP);
    expect(nextStepRows(200, 100, 50)).toBe(100);
    expect(nextStepRows(100, 0, 50)).toBe(200);
  });

  it('keeps a least step on a machine too busy for the budget', () => {
    expect(nextStepRows(100, 1_000, 50)).toBe(50);
  });

  it('lets a timer run between two steps', async () => {
    const events: string[] = [];
    await forEachRowRange(3_000, async ({ from }) => {
      events.push(`step ${from}`);
      setTimeout(() => events.push(`timer after ${from}`), 0);
      // A statement on the embedded database holds the thread this long.
      const until = Date.now() + 2;
      while (Date.now() < until);
    });
    expect(events).toEqual([
      'step 1',
      'timer after 1',
      'step 1001',
      'timer after 1001',
      'step 2001',
      'timer after 2001',
    ]);
  });
});
