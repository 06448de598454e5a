const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2024-03-12" → "12 Mar 2024"; empty or malformed dates show as "N/A". */
export function formatDate(isoDate: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate ?? '');
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return 'N/A';
  return `${Number(match[3])} ${month} ${match[1]}`;
}
