import { defaultSort, type PeopleQuery, type PeopleSort } from '#shared/api/people.ts';
import type { createRandom } from './fake-people.ts';

type Random = ReturnType<typeof createRandom>;

/** The fields of a real record a search is drawn from. */
export interface SearchSource {
  fin: string;
  serial: string;
  name: string;
  passport: string;
  nationality: string;
  /** The passed date and the day added (YYYY-MM-DD), for jumps in the table's date sorts. */
  passed?: string;
  added?: string;
}

export interface SearchQuery {
  kind: string;
  q: string;
  /** The table's sort, filters and page, or a jump (`from`). */
  list?: ListOptions;
  /** Next or Previous from the page the jump gives: the mix reads that page first, untimed. */
  walk?: 'next' | 'prev';
}

const anyCase = (random: Random, text: string) => {
  const roll = random.next();
  return roll < 0.4 ? text.toLowerCase() : roll < 0.6 ? text.toUpperCase() : text;
};
/** A piece of `text` of at least 3 characters (all of it when shorter). */
const piece = (random: Random, text: string, start: number) => {
  const length = random.int(Math.min(3, text.length - start), text.length - start);
  return text.slice(start, start + length);
};

/**
 * What staff type (the staff search budget): whole or partial names of 3 or more characters in
 * any case, whole FIN, passport and serial numbers, prefixes of 3 or more characters of those, and
 * nationalities. Names come up as often as all identifiers together.
 */
export function staffSearches(random: Random) {
  return (row: SearchSource): SearchQuery => {
    const roll = random.next();
    if (roll < 0.15) return { kind: 'name', q: anyCase(random, row.name) };
    if (roll < 0.3) return { kind: 'name-word', q: anyCase(random, random.pick(row.name.split(' '))) };
    if (roll < 0.4) {
      const start = random.int(0, Math.max(0, row.name.length - 3));
      return { kind: 'name-part', q: anyCase(random, piece(random, row.name, start)) };
    }
    const identifier = random.pick([row.fin, row.passport, row.serial]);
    if (roll < 0.6) return { kind: 'identifier', q: anyCase(random, identifier) };
    if (roll < 0.85) return { kind: 'prefix', q: anyCase(random, piece(random, identifier, 0)) };
    return { kind: 'nationality', q: anyCase(random, row.nationality) };
  };
}

/** Three digits from the middle of a serial: a pattern that matches very many people. */
export function broadSearches(random: Random) {
  return (row: SearchSource): SearchQuery => {
    const digits = row.serial.slice(-7);
    const start = random.int(1, digits.length - 4);
    return { kind: 'broad', q: digits.slice(start, start + 3) };
  };
}

/** The earlier budget's mix: a 3-6 character slice of any field, in its own case or lower case. */
export function sliceSearches(random: Random) {
  const fields = ['name', 'name', 'passport', 'fin', 'serial', 'nationality'] as const;
  return (row: SearchSource): SearchQuery => {
    const field = random.pick(fields);
    const text = row[field];
    const length = Math.min(text.length, random.int(3, 6));
    const start = random.int(0, text.length - length);
    const part = text.slice(start, start + length);
    return { kind: `slice-${field}`, q: random.next() < 0.5 ? part.toLowerCase() : part };
  };
}

/** A table page's list options besides `q`, as `GET /api/people` takes them. */
export type ListOptions = Partial<Omit<PeopleQuery, 'q'>>;

const SORTS = ['name', 'serial', 'passed', 'created'] as const;
const PAGE_SIZES = [12, 25, 25, 25, 25, 50, 50, 100] as const;

/** What a jump in `sort` to `row`'s place takes: its name, serial or date. */
const placeOf = (row: SearchSource, sort: PeopleSort) =>
  ({ name: row.name, serial: row.serial, passed: row.passed, created: row.added })[sort];

/** A choice of the table's filters, at least one: course, result, status, missing images. */
const tableFilters = (random: Random, courses: readonly string[]) => (): ListOptions => {
  const chosen: ListOptions = {};
  while (Object.keys(chosen).length === 0) {
    if (random.next() < 0.35) chosen.course = random.pick(courses);
    if (random.next() < 0.3) chosen.result = random.next() < 0.5 ? 'passed' : 'other';
    if (random.next() < 0.45) chosen.status = random.pick(['valid', 'expired', 'revoked'] as const);
    if (random.next() < 0.15) chosen.missing = 'images';
  }
  return chosen;
};

/**
 * What staff do in the Peoples table (its budget is the staff search's): sort by a column either
 * way (a quarter), filter by course, result, status or missing images (a third), both (a
 * quarter), or search and then sort or filter (the rest); mostly the first pages by number,
 * sometimes Next or Previous from anywhere in the list, or a jump to a name, serial or date.
 */
export function tableSearches(random: Random, courses: readonly string[]) {
  const staff = staffSearches(random);
  const filters = tableFilters(random, courses);
  const sorted = (): ListOptions => ({
    sort: random.pick(SORTS),
    direction: random.next() < 0.5 ? 'asc' : 'desc',
  });
  /** A page: the first, one of the next four by number, or Next or Previous from a row's place. */
  const placed = (row: SearchSource, kind: string, list: ListOptions): SearchQuery => {
    const roll = random.next();
    if (roll < 0.6) return { kind, q: '', list: { ...list, page: 1 } };
    if (roll < 0.85) return { kind, q: '', list: { ...list, page: random.int(2, 5) } };
    const from = placeOf(row, list.sort ?? defaultSort(list));
    return { kind, q: '', list: { ...list, from }, walk: random.next() < 0.7 ? 'next' : 'prev' };
  };
  return (row: SearchSource): SearchQuery => {
    const pageSize = random.pick(PAGE_SIZES);
    const roll = random.next();
    if (roll < 0.02) {
      const list = sorted();
      return { kind: 'jump', q: '', list: { ...list, pageSize, from: placeOf(row, list.sort ?? 'name') } };
    }
    if (roll < 0.05) {
      const list = sorted();
      const from = placeOf(row, list.sort ?? 'name');
      return { kind: 'next-prev', q: '', list: { ...list, pageSize, from }, walk: 'next' };
    }
    if (roll < 0.25) return placed(row, 'sort', { ...sorted(), pageSize });
    if (roll < 0.6) return placed(row, 'filter', { ...filters(), pageSize });
    if (roll < 0.85) return placed(row, 'filter+sort', { ...filters(), ...sorted(), pageSize });
    const search = staff(row).q;
    const list = random.next() < 0.5 ? sorted() : filters();
    return { kind: 'search+list', q: search, list: { ...list, pageSize, page: 1 } };
  };
}

/** The table mix's searches inside the table with filters alone: what reads the search's matches under filters. */
export function filteredSearches(random: Random, courses: readonly string[]) {
  const staff = staffSearches(random);
  const filters = tableFilters(random, courses);
  return (row: SearchSource): SearchQuery => {
    const search = staff(row);
    return {
      kind: `${search.kind}+filters`,
      q: search.q,
      list: { ...filters(), pageSize: random.pick(PAGE_SIZES), page: 1 },
    };
  };
}
