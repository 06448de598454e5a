import type { ImportDateOrder } from '#shared/api/imports.ts';
import { quoted } from './quoted.ts';

export type DateReading = { ok: true; iso: string } | { ok: false; message: string };

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD when the three numbers make a day of the calendar (no 30 February), else null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

const patterns: Record<ImportDateOrder, string> = { 'day-first': 'DD/MM/YYYY', 'month-first': 'MM/DD/YYYY' };
const examples: Record<ImportDateOrder, string> = { 'day-first': '31/12/2024', 'month-first': '12/31/2024' };

/** 1–12 for a month's English name or its start ("Dec", "Sept"), else null. */
const monthOf = (name: string) => {
  const index = MONTHS.findIndex((month) => month.startsWith(name.toLowerCase()));
  return index < 0 ? null : index + 1;
};

/** "31 Dec 2024", "31-Dec-2024" or "Dec 31, 2024": the day and year with the month's name. */
function withMonthName(text: string) {
  const dayFirst = /^(\d{1,2})[ -]([a-z]{3,9})\.?[ -](\d{2}|\d{4})$/i.exec(text);
  if (dayFirst) return { day: dayFirst[1], month: dayFirst[2], year: dayFirst[3] };
  const monthFirst = /^([a-z]{3,9})\.? (\d{1,2}),? (\d{2}|\d{4})$/i.exec(text);
  if (monthFirst) return { day: monthFirst[2], month: monthFirst[1], year: monthFirst[3] };
  return null;
}

/**
 * Reads a date as spreadsheets write it: YYYY-MM-DD always; day, month and year with slashes,
 * dashes or dots in the order the portal is set to; or with the month's English name (31 Dec 2024).
 * A two-digit year could be of two centuries, so it is refused. Every refusal quotes the value.
 */
export function readImportDate(label: string, value: string, order: ImportDateOrder): DateReading {
  const text = value.trim();
  if (text === '') return { ok: false, message: `${label} is required` };
  const notReal = { ok: false, message: `${label} ${quoted(text)} is not a real calendar date` } as const;

  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) {
    const date = isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return date ? { ok: true, iso: date } : notReal;
  }

  const numeric = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  const named = withMonthName(text);
  const year = numeric?.[4] ?? named?.year;
  if (year?.length === 2) {
    return {
      ok: false,
      message: `${label} ${quoted(text)} has a two-digit year, which could be of two centuries: write the year in full, as in ${examples[order]}`,
    };
  }

  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[3])];
    const [day, month] = order === 'day-first' ? [first, second] : [second, first];
    const date = isoDate(Number(year), month, day);
    if (date) return { ok: true, iso: date };
    const otherOrder = isoDate(Number(year), day, month);
    return {
      ok: false,
      message: otherOrder
        ? `${label} ${quoted(text)} is not a date when read ${order.replace('-', ' ')} (${patterns[order]}), as this portal reads dates: write it as ${patterns[order]} or YYYY-MM-DD`
        : notReal.message,
    };
  }

  if (named) {
    const month = monthOf(named.month ?? '');
    if (month === null) return notReal;
    const date = isoDate(Number(year), month, Number(named.day));
    return date ? { ok: true, iso: date } : notReal;
  }

  return {
    ok: false,
    message: `${label} ${quoted(text)} is not a date: write it as ${patterns[order]} (${examples[order]}) or YYYY-MM-DD`,
  };
}
