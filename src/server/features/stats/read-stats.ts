import { count, isNull, type SQL, sql } from 'drizzle-orm';
import { EXPIRING_SOON_DAYS, type StatsResponse } from '#shared/api/stats.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { auditEvent, personDayTally, renewal } from '../../db/schema/index.ts';
import { countLivePeople } from '../people/list-page.ts';

// Today is the UTC calendar day, whatever the session's time zone.
const today = sql`(now() at time zone 'utc')::date`;

/**
 * The first passed date whose course is still available on `day`, by the rule of
 * src/shared/rules/course-validity.ts in SQL: a course ends on its passed date + N years (a 29
 * February on 28 February, as `date + interval` does), an end that never decreases as the passed
 * date grows. So the courses available on a day are those passed on or after one date, summed as
 * a range of passed dates (testing every row took 0.5 s at a million records). That date
 * is the day N years back, or the day after it: N years back from a 29 February is a 28 February,
 * whose course ended the day before.
 */
export const firstPassedDateAvailableOn = (day: SQL, years: number) => sql`(
  select case when (back + make_interval(years => ${years}::int))::date < ${day} then back + 1 else back end
  from (select (${day} - make_interval(years => ${years}::int))::date as back) going_back
)`;

/** The dashboard's numbers, counted by the database over live records; no row is loaded. */
export async function readStats(db: Db, validityYears: number): Promise<StatsResponse> {
  const [[live], [counts], [renewals], byMonth, latest] = await Promise.all([
    countLivePeople(db),
    countByValidity(db, validityYears),
    db.select({ n: count() }).from(renewal).where(isNull(renewal.deletedAt)),
    countByPassedMonth(db),
    db
      .select({
        at: auditEvent.at,
        actorEmail: auditEvent.actorEmail,
        entityType: auditEvent.entityType,
        entityId: auditEvent.entityId,
        action: auditEvent.action,
        changes: auditEvent.changes,
      })
      .from(auditEvent)
      .orderBy(sql`${auditEvent.at} desc nulls last`)
      .limit(10),
  ]);
  const people = live?.n ?? 0;
  const valid = counts?.valid ?? 0;
  const revoked = counts?.revoked ?? 0;
  const notPassed = counts?.notPassed ?? 0;
  return {
    people,
    valid,
    expiringSoon: counts?.expiringSoon ?? 0,
    expired: people - valid - revoked - notPassed,
    notPassed,
    revoked,
    renewals: renewals?.n ?? 0,
    byMonth,
    latestChanges: latest.map(({ changes, at, ...event }) => ({
      ...event,
      at: at.toISOString(),
      fields: Object.keys(changes),
    })),
  };
}

/**
 * Live people whose course is available today (a pass within its period), those of them whose
 * course ends within EXPIRING_SOON_DAYS (not available any more on the day after), the unrevoked
 * whose result is not a pass (no e-Cert, neither valid nor expired), and the revoked, who are neither:
 * revoked wins over validity (src/shared/rules/record-state.ts). Sums over the tally of live people
 * by passed date, result and revocation that triggers keep (person_day_tally).
 */
async function countByValidity(db: Db, years: number) {
  const availableFrom = firstPassedDateAvailableOn(today, years);
  const stillAvailableFrom = firstPassedDateAvailableOn(
    sql`${today} + ${EXPIRING_SOON_DAYS + 1}::int`,
    years,
  );
  const { passed, revoked, passedDate, n } = personDayTally;
  const sumWhere = (condition: SQL) => sql`coalesce(sum(${n}) filter (where ${condition}), 0)::int`;
  return queryRows<{ valid: number; expiringSoon: number; notPassed: number; revoked: number }>(
    db,
    sql`select
      ${sumWhere(sql`${passed} and not ${revoked} and ${passedDate} >= ${availableFrom}`)} as valid,
      ${sumWhere(sql`${passed} and not ${revoked} and ${passedDate} >= ${availableFrom} and ${passedDate} < ${stillAvailableFrom}`)} as "expiringSoon",
      ${sumWhere(sql`not ${passed} and not ${revoked}`)} as "notPassed",
      ${sumWhere(sql`${revoked}`)} as revoked
    from ${personDayTally}`,
  );
}

/** Live people by month of passed date: the last 12 months up to the current one, zero-filled. */
async function countByPassedMonth(db: Db): Promise<StatsResponse['byMonth']> {
  // Timestamps without time zone throughout, so month boundaries never shift with the session.
  const thisMonth = sql`date_trunc('month', ${today}::timestamp)`;
  const firstMonth = sql`${thisMonth} - interval '11 months'`;
  const { passedDate, n } = personDayTally;
  const rows = await queryRows<{ month: string; count: number }>(
    db,
    sql`
    select to_char(m.month, 'YYYY-MM') as month, coalesce(counted.n, 0)::int as count
    from generate_series(${firstMonth}, ${thisMonth}, interval '1 month') as m(month)
    left join (
      select date_trunc('month', ${passedDate}::timestamp) as month, sum(${n}) as n
      from ${personDayTally}
      where ${passedDate} >= ${firstMonth} and ${passedDate} < ${thisMonth} + interval '1 month'
      group by 1
    ) counted on counted.month = m.month
    order by m.month
  `,
  );
  return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
}
