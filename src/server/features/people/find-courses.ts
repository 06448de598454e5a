import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';

/** The Course filter offers at most this many; a registry's trades are a few dozen. */
const COURSES_SHOWN = 500;

/**
 * The distinct courses (trades tested) of live people, in order: one step along
 * person_live_course_idx per course (a skip scan), instead of reading every row.
 */
export async function findCourses(db: Db): Promise<string[]> {
  const rows = await queryRows<{ course: string }>(
    db,
    sql`with recursive courses as (
      (select trade_tested as course from person where deleted_at is null order by trade_tested limit 1)
      union all
      select (select p.trade_tested from person p
              where p.deleted_at is null and p.trade_tested > courses.course
              order by p.trade_tested limit 1)
      from courses where courses.course is not null
    )
    select course from courses where course is not null limit ${COURSES_SHOWN}`,
  );
  return rows.map((row) => row.course);
}
