import type { MonthCount } from '#shared/api/stats.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2024-03" → "Mar 2024"; the server already sends the last 12 months, oldest first. */
const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${year}`;
};

export const chartMonths = (byMonth: MonthCount[]) =>
  byMonth.map((m) => ({ month: monthLabel(m.month), certificates: m.count }));
