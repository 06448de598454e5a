import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordFieldNames } from '#shared/api/people.ts';
import { person, renewal } from '../../db/schema/index.ts';
import { personFixture } from '../../test/people.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi();
const download = (url: string) => api.inject({ method: 'GET', url, headers: api.staff.headers });
const rowsOf = (body: string) => parse(body, { bom: true, columns: true }) as Record<string, string>[];

describe('GET /api/people/export.csv', () => {
  it('answers CSV to staff and 401 without a session', async () => {
    expect((await api.inject({ url: '/api/people/export.csv' })).statusCode).toBe(401);
    const answer = await download('/api/people/export.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('streams the live people newest first, in UTF-8 with a BOM, with formulas defused', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    await api.harness.database.db
      .insert(person)
      .values([
        personFixture({ name: '陈美玲', finNumber: 'EXP0001A', createdAt: at(1) }),
        personFixture({ name: 'தமிழ்செல்வி', finNumber: 'EXP0002A', createdAt: at(2) }),
        personFixture({ name: '=HYPERLINK("http://evil.example")', finNumber: 'EXP0003A', createdAt: at(3) }),
        personFixture({ name: 'In the trash', finNumber: 'EXP0004A', createdAt: at(4), deletedAt: at(5) }),
      ]);

    const response = await download('/api/people/export.csv?q=EXP000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(recordFieldNames.join(','));

    const rows = rowsOf(response.body);
    expect(rows.map((row) => row.finNumber)).toEqual(['EXP0003A', 'EXP0002A', 'EXP0001A']);
    expect(rows.map((row) => row.name)).toEqual([
      '\'=HYPERLINK("http://evil.example")',
      'தமிழ்செல்வி',
      '陈美玲',
    ]);
    expect(rows[2]).toMatchObject({ dob: '1990-05-17', passportNumber: 'TP1234567', testResult: 'Passed' });
  });

  it('exports every match across batches, each once, ties in time included', async () => {
    const sameMoment = new Date(Date.UTC(2025, 5, 1));
    await api.harness.database.db
      .insert(person)
      .values(
        Array.from({ length: 2_345 }, (_, i) =>
          personFixture({ finNumber: `BULK${i}X`, createdAt: sameMoment }),
        ),
      );

    const rows = rowsOf((await download('/api/people/export.csv?q=bulk')).body);
    expect(rows).toHaveLength(2_345);
    expect(new Set(rows.map((row) => row.finNumber)).size).toBe(2_345);
  });

  it('exports every record when they were created microseconds apart, as an import makes them', async () => {
    const at = (i: number) => new Date(Date.UTC(2025, 6, 1, 0, 0, 0, Math.floor(i / 1000)));
    await api.harness.database.db
      .insert(person)
      .values(
        Array.from({ length: 2_100 }, (_, i) => personFixture({ finNumber: `MICRO${i}X`, createdAt: at(i) })),
      );
    // Spread each millisecond's rows over its microseconds, as `now() - row µs` does.
    await api.harness.database.db.execute(
      sql`update person set created_at = created_at + (regexp_replace(fin_number, '\\D', '', 'g')::int % 1000) * interval '1 microsecond' where fin_number like 'MICRO%'`,
    );
    const rows = rowsOf((await download('/api/people/export.csv?q=micro')).body);
    expect(new Set(rows.map((row) => row.finNumber)).size).toBe(2_100);
  });

  it('exports only the people missing an image when the list shows only those', async () => {
    const complete = await api.created({ finNumber: 'MISS0001A' });
    await api.harness.database.db.insert(person).values(personFixture({ finNumber: 'MISS0002A' }));
    const rows = rowsOf((await download('/api/people/export.csv?q=MISS000&missing=images')).body);
    expect(rows.map((row) => row.finNumber)).toEqual(['MISS0002A']);
    expect(complete.passportImage).not.toBeNull();
  });
});

describe('GET /api/renewals/export.csv', () => {
  it('streams the live renewal records matching the search', async () => {
    await api.harness.database.db
      .insert(renewal)
      .values([
        personFixture({ name: 'Renewed One', finNumber: 'REN0001A' }),
        personFixture({ name: 'Renewed Two', finNumber: 'REN0002A', deletedAt: new Date() }),
      ]);
    const rows = rowsOf((await download('/api/renewals/export.csv?q=REN000')).body);
    expect(rows.map((row) => row.name)).toEqual(['Renewed One']);
  });
});
