import { and, eq, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';
import {
  defaultDirection,
  defaultSort,
  type PeopleFilters,
  type PeopleQuery,
  type SortDirection,
} from '#shared/api/people.ts';
import { earliestAvailablePassedDate } from '#shared/rules/course-validity.ts';
import { person, resultToReviewSql } from '../../db/schema/index.ts';

/** What the list's filters need beyond the query: the validity period, for the Status filter. */
export interface ListContext {
  validityYears: number;
  now?: Date;
}

/**
 * The filters of `query` as one condition on person (undefined for none), each as the shared rules
 * say: a result of "Passed" in any case, or one outside the fixed set to review; revoked wins over validity (record-state.ts); a course is
 * valid while its passed date is on or after earliestAvailablePassedDate.
 */
export function listFilters(query: PeopleFilters, { validityYears, now }: ListContext): SQL | undefined {
  const availableSince = earliestAvailablePassedDate(validityYears, now);
  // Valid and expired are e-Certs: a passed result (course-validity.ts); the rest are found by result.
  const status = {
    valid: and(isNull(person.revokedAt), person.resultPassed, sql`${person.passedDate} >= ${availableSince}`),
    expired: and(
      isNull(person.revokedAt),
      person.resultPassed,
      sql`${person.passedDate} < ${availableSince}`,
    ),
    revoked: isNotNull(person.revokedAt),
  };
  const result = {
    passed: person.resultPassed,
    other: not(person.resultPassed),
    review: resultToReviewSql,
  };
  // Valid and expired are passed results: with Result "Other" nothing matches, which the planner
  // cannot tell from the columns, and would count through every other result to find out.
  if (query.result === 'other' && (query.status === 'valid' || query.status === 'expired')) return sql`false`;
  return and(
    query.course ? eq(person.tradeTested, query.course) : undefined,
    query.result ? result[query.result] : undefined,
    query.status ? status[query.status] : undefined,
    query.missing === 'images' ? sql`${person.lacksImage}` : undefined,
  );
}

/**
 * Records are added from the day before their passed date (the morning of that date in a time zone
 * ahead of UTC is still the day before in UTC) to this many days after it, but for a few.
 */
const ADDED_WITHIN_DAYS = 31;

/** Midnight UTC starting the calendar date `date` plus `days`, spelled as in the index of drizzle/0026. */
const utcStart = (date: SQL, days: number) =>
  sql`((${date} ${sql.raw(days < 0 ? `- ${-days}` : `+ ${days}`)})::timestamp at time zone 'UTC')`;

/** Live people added apart from their passed date: the predicate of person_live_added_apart_idx. */
const addedApart = sql`${person.deletedAt} is null and not (${person.createdAt} >= ${utcStart(sql`${person.passedDate}`, -1)}
  and ${person.createdAt} < ${utcStart(sql`${person.passedDate}`, ADDED_WITHIN_DAYS)})`;

/**
 * For the Status filter "valid" or "expired", a condition on the created date that every match
 * meets, so that a walk of a created-date index seeks past the other status (the valid are the
 * last fifth added) instead of reading it. A record added from the day before its
 * passed date to ADDED_WITHIN_DAYS after is valid only if added on or after the day before the
 * earliest valid passed date, expired only if added before that date plus the days. The other
 * records (old ones imported, a passed date moved) are read on their own index: the least or
 * greatest created date of theirs that could match widens the bound.
 */
export function addedBound({ status }: PeopleFilters, { validityYears, now }: ListContext): SQL | undefined {
  if (status !== 'valid' && status !== 'expired') return undefined;
  const since = sql`${earliestAvailablePassedDate(validityYears, now)}::date`;
  // The subqueries' "person" is their own: their bound does not depend on the row tested.
  return status === 'valid'
    ? sql`${person.createdAt} >= least(${utcStart(since, -1)}, (select min(${person.createdAt})
        from ${person} where ${addedApart} and ${person.passedDate} >= ${since}))`
    : sql`${person.createdAt} <= greatest(${utcStart(since, ADDED_WITHIN_DAYS)}, (select max(${person.createdAt})
        from ${person} where ${addedApart} and ${person.passedDate} < ${since}))`;
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
