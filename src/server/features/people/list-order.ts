import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  defaultDirection,
  defaultSort,
  type PeopleFilters,
  type PeopleQuery,
  type SortDirection,
} from '#shared/api/people.ts';
import { earliestAvailablePassedDate } from '#shared/rules/course-validity.ts';
import { person } from '../../db/schema/index.ts';

/** What the list's filters need beyond the query: the validity period, for the Status filter. */
export interface ListContext {
  validityYears: number;
  now?: Date;
}

/**
 * The filters of `query` as one condition on person (undefined for none), each as the shared rules
 * say: a result of "Passed" in any case; revoked wins over validity (record-state.ts); a course is
 * valid while its passed date is on or after earliestAvailablePassedDate.
 */
export function listFilters(query: PeopleFilters, { validityYears, now }: ListContext): SQL | undefined {
  const availableSince = earliestAvailablePassedDate(validityYears, now);
  const status = {
    valid: and(isNull(person.revokedAt), sql`${person.passedDate} >= ${availableSince}`),
    expired: and(isNull(person.revokedAt), sql`${person.passedDate} < ${availableSince}`),
    revoked: isNotNull(person.revokedAt),
  };
  return and(
    query.course ? eq(person.tradeTested, query.course) : undefined,
    query.result ? eq(person.resultPassed, query.result === 'passed') : undefined,
    query.status ? status[query.status] : undefined,
    query.missing === 'images' ? sql`${person.lacksImage}` : undefined,
  );
}

/** The column a list is sorted by (its id breaks ties). */
export function sortColumn(query: PeopleQuery) {
  const sort = query.sort ?? defaultSort(query);
  return {
    created: person.createdAt,
    name: person.name,
    serial: person.eCertNumber,
    passed: person.passedDate,
  }[sort];
}

/**
 * ORDER BY for a sort and direction, spelled like its index so that the planner walks it: the
 * newest-first index is (created_at desc nulls last, id desc nulls last), read backwards for the
 * oldest first; the others are plain (column, id). The id breaks ties, so pages never overlap.
 */
export function listOrder(query: PeopleQuery): SQL[] {
  const sort = query.sort ?? defaultSort(query);
  const direction: SortDirection = query.direction ?? defaultDirection[sort];
  const column = sortColumn(query);
  if (sort === 'created') {
    return direction === 'desc'
      ? [sql`${column} desc nulls last`, sql`${person.id} desc nulls last`]
      : [sql`${column} asc nulls first`, sql`${person.id} asc nulls first`];
  }
  return direction === 'desc'
    ? [sql`${column} desc`, sql`${person.id} desc`]
    : [sql`${column} asc`, sql`${person.id} asc`];
}
