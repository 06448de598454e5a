import { count, isNull, sql } from 'drizzle-orm';
import { EXPIRING_SOON_DAYS, type StatsResponse } from '#shared/api/stats.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { auditEvent, person, renewal } from '../../db/schema/index.ts';

// The rule of src/shared/rules/course-validity.ts in SQL: a course is available through the last
// day of its period (UTC), and `date + interval 'N years'` ends a 29 February on 28 February, as
// courseExpiryDate does. Today is the UTC calendar day, whatever the session's time zone.
const today = sql`(now() at time zone 'utc')::date`;
const expiryOf = (years: number) => sql`(${person.passedDate} + make_interval(years => ${years}::int))::date`;

/** The dashboard's numbers, counted by the database over live records; no row is loaded. */
export async function readStats(db: Db, validityYears: number): Promise<StatsResponse> {
  const expiry = expiryOf(validityYears);
  const [[counts], [renewals], byMonth, latest] = await Promise.all([
    db
      .select({
        people: count(),
        valid: count(sql`case when ${expiry} >= ${today} then 1 end`),
        expiringSoon: count(
          sql`case when ${expiry} between ${today} and ${today} + ${EXPIRING_SOON_DAYS}::int then 1 end`,
        ),
      })
      .from(person)
      .where(isNull(person.deletedAt)),
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
  const people = counts?.people ?? 0;
  const valid = counts?.valid ?? 0;
  return {
    people,
    valid,
    expiringSoon: counts?.expiringSoon ?? 0,
    expired: people - valid,
    renewals: renewals?.n ?? 0,
    byMonth,
    latestChanges: latest.map(({ changes, at, ...event }) => ({
      ...event,
      at: at.toISOString(),
      fields: Object.keys(changes),
    })),
  };
}

/** Live people by month of passed date: the last 12 months up to the current one, zero-filled. */
async function countByPassedMonth(db: Db): Promise<StatsResponse['byMonth']> {
  // Timestamps without time zone throughout, so month boundaries never shift with the session.
  const rows = await queryRows<{ month: string; count: number }>(
    db,
    sql`
    select to_char(m.month, 'YYYY-MM') as month, count(${person.id})::int as count
    from generate_series(
      date_trunc('month', ${today}::timestamp) - interval '11 months',
      date_trunc('month', ${today}::timestamp),
      interval '1 month'
    ) as m(month)
    left join ${person}
      on ${person.deletedAt} is null
      and ${person.passedDate} >= m.month
      and ${person.passedDate} < m.month + interval '1 month'
    group by m.month
    order by m.month
  `,
  );
  return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
}
