import type { Language } from './i18n/languages.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2024-03-12" → "12 Mar 2024"; empty or malformed dates show as "N/A". */
export function formatDate(isoDate: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate ?? '');
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return 'N/A';
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/**
 * A date in `language`: English as formatDate writes it, the others as `Intl` writes a date in
 * that language (2024年3月12日, 12 Mac 2024, 12 மார்ச், 2024); an empty or malformed date is "—".
 */
export function formatDateIn(language: Language, isoDate: string | null | undefined): string {
  if (language === 'en') return formatDate(isoDate);
  const date = new Date(`${/^\d{4}-\d{2}-\d{2}/.exec(isoDate ?? '')?.[0]}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
