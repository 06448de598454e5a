import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  defaultDirection,
  defaultSort,
  PAGED_ROWS,
  type PeopleQuery,
  type PeopleSort,
  type SortDirection,
} from '#shared/api/people.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';
import { invalidInput } from '../../errors.ts';
import type { PersonRow } from './person-view.ts';
import { SEARCH_COUNT_CAP } from './search-people.ts';

/**
 * Where a page starts: `offset` rows into the list, or (`seek`) the rows after a cursor or at a
 * jump's value, read forwards, or backwards from the cursor for the page before it.
 */
export interface Paging {
  offset: number;
  seek?: SQL;
  backward: boolean;
  /** The list is a search in relevance order: its cursors are offsets (it stops at 300 matches). */
  byRelevance: boolean;
}

const keyCursor = z.strictObject({
  s: z.enum(['name', 'serial', 'passed', 'created']),
  d: z.enum(['asc', 'desc']),
  k: z.string().max(300),
  i: z.uuid(),
});
const offsetCursor = z.strictObject({ o: z.number().int().min(0).max(SEARCH_COUNT_CAP) });
const cursorSchema = z.union([keyCursor, offsetCursor]);
type Cursor = z.infer<typeof cursorSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
/** A created date to the microsecond, as `createdKeys` writes it (a JavaScript Date keeps milliseconds). */
const CREATED_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const tampered = () => invalidInput('This page link is not valid. Go back to the first page.');

function decode(text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw tampered();
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success) throw tampered();
  return cursor.data;
}

/** The sort and direction a list is in (a search without a sort is in relevance order instead). */
export function listSort(query: PeopleQuery): { sort: PeopleSort; direction: SortDirection } {
  const sort = query.sort ?? defaultSort(query);
  return { sort, direction: query.direction ?? defaultDirection[sort] };
}

const keyColumn = {
  name: sql`${person.name}`,
  serial: sql`${person.eCertNumber}`,
  passed: sql`${person.passedDate}`,
  created: sql`${person.createdAt}`,
};
const keyValue = (sort: PeopleSort, key: string) =>
  sort === 'passed' ? sql`${key}::date` : sort === 'created' ? sql`${key}::timestamptz` : sql`${key}`;

/** Rows strictly after (sort key, id) in the order read: one seek on the sort's index. */
const afterKey = (sort: PeopleSort, direction: SortDirection, key: string, id: string) =>
  sql`(${keyColumn[sort]}, ${person.id}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${keyValue(sort, key)}, ${id}::uuid)`;

/**
 * Rows at or after `value` in the order: a name or serial from that text on (newest to oldest: up
 * to names that start with it), a date from that day on (by date added, that UTC day).
 */
function atOrAfter(sort: PeopleSort, direction: SortDirection, value: string): SQL {
  if ((sort === 'passed' || sort === 'created') && !isRealDate(value)) {
    throw invalidInput('Jump to a date as YYYY-MM-DD when the list is sorted by a date.');
  }
  const column = keyColumn[sort];
  if (sort === 'created') {
    return direction === 'asc'
      ? sql`${column} >= (${value}::date::timestamp at time zone 'UTC')`
      : sql`${column} < ((${value}::date + 1)::timestamp at time zone 'UTC')`;
  }
  if (sort === 'passed') return sql`${column} ${sql.raw(direction === 'asc' ? '>=' : '<=')} ${value}::date`;
  // The last code point sorts after every letter: descending, "Tan" also finds "Tan Wei".
  return direction === 'asc' ? sql`${column} >= ${value}` : sql`${column} <= ${`${value}\u{10FFFF}`}`;
}

/**
 * Reads the query's page number, cursor (`after`, `before`) or jump (`from`), refusing what no
 * page of this list gives: a cursor of another sort or changed by hand, a far page number.
 */
export function readPaging(query: PeopleQuery): Paging {
  const byRelevance = Boolean(query.q) && !query.sort;
  const given = [query.after, query.before, query.from].filter((value) => value !== undefined);
  if (given.length > 1) throw invalidInput('Give one of after, before and from.');
  if (given.length === 1 && query.page > 1)
    throw invalidInput('Give a page number or a page link, not both.');
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= PAGED_ROWS) {
    throw invalidInput(
      `Page numbers reach the first ${PAGED_ROWS.toLocaleString('en')} rows. Use Next, or jump to a name, serial or date.`,
    );
  }
  const { sort, direction } = listSort(query);
  if (query.from !== undefined) {
    if (byRelevance) throw invalidInput('Choose a sort to jump to a name, serial or date.');
    return { offset: 0, seek: atOrAfter(sort, direction, query.from), backward: false, byRelevance };
  }
  const text = query.after ?? query.before;
  if (text === undefined) return { offset, backward: false, byRelevance };
  const cursor = decode(text);
  if ('o' in cursor) {
    if (!byRelevance) throw tampered();
    return { offset: cursor.o, backward: false, byRelevance };
  }
  if (byRelevance || cursor.s !== sort || cursor.d !== direction) {
    throw invalidInput('This page link is for another sort. Go back to the first page.');
  }
  if (sort === 'passed' ? !isRealDate(cursor.k) : sort === 'created' && !CREATED_KEY.test(cursor.k)) {
    throw tampered();
  }
  const backward = query.before !== undefined;
  const read = backward ? (direction === 'asc' ? 'desc' : 'asc') : direction;
  return { offset: 0, seek: afterKey(sort, read, cursor.k, cursor.i), backward, byRelevance };
}

/** Created dates to the microsecond, by id, in the form CREATED_KEY reads. */
async function createdKeys(db: Db, ids: string[]) {
  const rows = await queryRows<{ id: string; key: string }>(
    db,
    sql`select ${person.id} as id,
        to_char(${person.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key
      from ${person} where ${person.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.key]));
}

/** The links to the pages around `rows`, the page `paging` asked for (rows in the list's order). */
export async function pageLinks(
  db: Db,
  query: PeopleQuery,
  paging: Paging,
  rows: PersonRow[],
  more: boolean,
): Promise<{ next: string | null; prev: string | null }> {
  const [first, last] = [rows.at(0), rows.at(-1)];
  if (paging.byRelevance) {
    // A search's pages stop at the matches it counts.
    const end = paging.offset + query.pageSize;
    const { offset } = paging;
    return {
      next: more && end < SEARCH_COUNT_CAP ? encode({ o: end }) : null,
      prev: offset > 0 ? encode({ o: Math.max(0, offset - query.pageSize) }) : null,
    };
  }
  if (!first || !last) return { next: null, prev: null };
  const { sort, direction } = listSort(query);
  const created = sort === 'created' ? await createdKeys(db, [first.id, last.id]) : undefined;
  const key = (row: PersonRow) =>
    ({
      name: row.name,
      serial: row.eCertNumber,
      passed: row.passedDate,
      created: created?.get(row.id) ?? '',
    })[sort];
  const cursor = (row: PersonRow) => encode({ s: sort, d: direction, k: key(row), i: row.id });
  const started = paging.seek !== undefined || paging.offset > 0;
  return paging.backward
    ? { next: cursor(last), prev: more ? cursor(first) : null }
    : { next: more ? cursor(last) : null, prev: started ? cursor(first) : null };
}
