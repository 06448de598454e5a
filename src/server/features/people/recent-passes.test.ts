import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeoplePage } from '#shared/api/people.ts';
import { earliestAvailablePassedDate } from '#shared/rules/course-validity.ts';
import { queryRows } from '../../db/database.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { moveRecentPassesAlone } from './recent-passes.ts';

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
let harness: TestApp;
let headers: Record<string, string>;
const course = `Rp${randomBytes(4).toString('hex')}`;
beforeAll(async () => {
  harness = await createTestApp();
  headers = (await signInAs(harness.app, 'staff')).headers;
  for (const [name, passedDaysAgo] of [
    ['Ann Recent', 100],
    ['Bo Lapsing', 600],
    ['Cid Old', 2000],
  ] as const) {
    const passedDate = isoDate(new Date(Date.now() - passedDaysAgo * DAY_MS));
    await insertPerson(harness.database.db, {
      name,
      tradeTested: course,
      passedDate,
      eCertNumber: `S-${name}`,
    });
  }
});
afterAll(async () => {
  await harness.close();
});

const startDays = async () =>
  (
    await queryRows<{ name: string; predicate: string }>(
      harness.database.db,
      sql`select c.relname as name, pg_get_expr(i.indpred, i.indrelid) as predicate
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname like 'person_live_recent_passes_%' order by c.relname`,
    )
  ).map((row) => [row.name, row.predicate.match(/\d{4}-\d{2}-\d{2}/)?.[0]]);

/** Valid people of the course by serial, as the list answers today. */
const validBySerial = async (extra = '') => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/people?course=${course}&status=valid&sort=serial${extra}`,
    headers,
  });
  return response.json<PeoplePage>().items.map((p) => p.name);
};

describe('the indexes of valid people by name and serial', () => {
  it('move to the first valid day once it is a month past theirs, and back when it is before', async () => {
    const validityYears = harness.app.config.certValidityYears;
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
    const firstValid = (now: Date) => earliestAvailablePassedDate(validityYears, now);
    const move = (now: Date) => moveRecentPassesAlone(harness.database, { validityYears, now });
    const both = (day: string) => [
      ['person_live_recent_passes_name_idx', day],
      ['person_live_recent_passes_serial_idx', day],
    ];

    // A year on, the migration's day is far behind the first valid one: rebuilt to start from it.
    const later = inDays(400);
    await move(later);
    expect(await startDays()).toEqual(both(firstValid(later)));
    // Ten days after that: within a month, left as they are.
    await move(inDays(410));
    expect(await startDays()).toEqual(both(firstValid(later)));
    // The lists answer as before, whichever index serves them.
    expect(await validBySerial()).toEqual(['Ann Recent', 'Bo Lapsing']);

    // Today's first valid day lies before theirs (as with a longer validity period): moved back.
    const today = new Date();
    await move(today);
    expect(await startDays()).toEqual(both(firstValid(today)));
    expect(await validBySerial()).toEqual(['Ann Recent', 'Bo Lapsing']);
    expect(await validBySerial('&direction=desc')).toEqual(['Bo Lapsing', 'Ann Recent']);
  });

  // PGlite belongs to one process; only instances sharing a PostgreSQL database can meet.
  it.skipIf(!process.env.DATABASE_URL)('are moved by one of two moves at once; the other skips', async () => {
    const validityYears = harness.app.config.certValidityYears;
    const later = new Date(Date.now() + 800 * DAY_MS);
    const moves = await Promise.all([
      moveRecentPassesAlone(harness.database, { validityYears, now: later }),
      moveRecentPassesAlone(harness.database, { validityYears, now: later }),
    ]);
    expect(moves.filter((move) => move === undefined)).toHaveLength(1);
    const day = earliestAvailablePassedDate(validityYears, later);
    expect(await startDays()).toEqual([
      ['person_live_recent_passes_name_idx', day],
      ['person_live_recent_passes_serial_idx', day],
    ]);
    expect(await validBySerial()).toEqual(['Ann Recent', 'Bo Lapsing']);
  });
});
