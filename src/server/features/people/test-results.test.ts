import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readTestResult } from '#shared/rules/test-result.ts';
import { person } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { countRows } from '../../test/test-app.ts';

const api = setUpPeopleApi();
const { inject, create, created } = api;

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const list = async (query: string) =>
  (await inject({ method: 'GET', url: `/api/people?${query}`, headers: api.staff.headers })).json();

describe('the test result as input', () => {
  it.each([
    ['Pass', 'Passed', 'available'],
    ['PASS', 'Passed', 'available'],
    ['p', 'Passed', 'available'],
    ['Fail', 'Failed', 'unavailable'],
    ['F', 'Failed', 'unavailable'],
    ['absent', 'Absent', 'unavailable'],
  ])('%j is stored as %s, its course %s', async (written, stored, courseStatus) => {
    const body = await created({ testResult: written, passedDate: daysFromToday(-1) });
    expect(body).toMatchObject({ testResult: stored, courseStatus });
  });

  it('refuses a result outside the set with a field error, and stores nothing', async () => {
    const before = await countRows(api.harness.database, 'person');
    const response = await create({ testResult: 'Competent' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_INPUT',
      fields: {
        testResult: 'Test result must be one of Passed, Failed, Pending, Absent (or Pass, Fail, P, F)',
      },
    });
    expect(await countRows(api.harness.database, 'person')).toBe(before);
  });

  it('refuses a passed date in the future with a field error', async () => {
    const response = await create({ passedDate: '2030-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ passedDate: 'Passed date must not be in the future' });
    // Today is fine in every time zone.
    expect((await create({ passedDate: daysFromToday(0) })).statusCode).toBe(201);
  });
});

describe('the Peoples list', () => {
  it('counts a recent failed result neither valid nor expired, and no e-Cert on the dashboard', async () => {
    const statsBefore = (
      await inject({ method: 'GET', url: '/api/stats', headers: api.staff.headers })
    ).json();
    const failed = await created({ testResult: 'Failed', passedDate: daysFromToday(-3), name: 'Fay Failed' });
    for (const status of ['valid', 'expired']) {
      const ids = (await list(`status=${status}&pageSize=100`)).items.map((p: { id: string }) => p.id);
      expect(ids).not.toContain(failed.id);
    }
    const stats = (await inject({ method: 'GET', url: '/api/stats', headers: api.staff.headers })).json();
    expect(stats.valid).toBe(statsBefore.valid);
    expect(stats.expired).toBe(statsBefore.expired);
    expect(stats.notPassed).toBe(statsBefore.notPassed + 1);
  });

  it('lists results outside the set under "To review", and only those', async () => {
    const odd = await insertPerson(api.harness.database.db, { testResult: 'Competent', name: 'Odd Result' });
    await insertPerson(api.harness.database.db, { testResult: 'Passed' });
    const page = await list('result=review');
    expect(page.items.map((p: { id: string }) => p.id)).toEqual([odd.id]);
    expect(page.total).toBe(1);
  });
});

describe('drizzle/0027: results stored as free text', () => {
  it('maps every known spelling as the input rule reads it, and keeps the rest for review', async () => {
    const { db } = api.harness.database;
    const written = [
      'PASS',
      ' passed ',
      'p',
      'Fail',
      'F',
      'pending',
      'ABS',
      'Passed',
      'Competent',
      'Not sure',
    ];
    const rows = await Promise.all(written.map((testResult) => insertPerson(db, { testResult })));
    const migration = fs.readFileSync(
      new URL('../../../../drizzle/0027_results_fixed_set.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (/^\s*(--.*\n)*\s*UPDATE "person"/.test(statement)) await db.execute(sql.raw(statement));
    }
    for (const [index, row] of rows.entries()) {
      const [stored] = await db
        .select({ testResult: person.testResult })
        .from(person)
        .where(eq(person.id, row.id));
      const text = written[index] ?? '';
      expect(stored?.testResult, text).toBe(readTestResult(text) ?? text);
    }
  });
});
