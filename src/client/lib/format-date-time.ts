import { formatDate } from '#shared/format-date.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp in the reader's time zone: "12 Mar 2024, 14:05". */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'N/A';
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${formatDate(day)}, ${two(at.getHours())}:${two(at.getMinutes())}`;
}
