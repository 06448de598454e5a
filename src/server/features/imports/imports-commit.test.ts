import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importsPath } from '#shared/api/imports.ts';
import type { PersonView } from '#shared/api/people.ts';
import { auditEvent } from '../../db/schema/index.ts';
import { checked, committed, csvOf, csvRow } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi({ VERIFY_POW: 'false' });
const get = (url: string) => api.inject({ url, headers: api.staff.headers });
const peopleOf = async (q: string): Promise<PersonView[]> =>
  (await get(`/api/people?q=${encodeURIComponent(q)}&pageSize=100`)).json().items;

describe('POST /api/imports/:id/commit', () => {
  it('adds every valid row, searchable and verifiable at once, each audited as coming from the import', async () => {
    const rows = [csvRow(), csvRow({ dob: 'bad' }), csvRow()];
    const view = await checked(api, csvOf(rows));
    const done = await committed(api, view.id);
    expect(done).toMatchObject({
      status: 'done',
      progress: 1,
      created: 2,
      replaced: 0,
      skipped: 0,
      committable: false,
    });

    const [added] = await peopleOf(rows[0]?.finNumber ?? '');
    expect(added).toMatchObject({
      ...rows[0],
      passportImage: null,
      certificateImage: null,
      signatureImage: null,
    });
    expect(await peopleOf(rows[1]?.finNumber ?? '')).toEqual([]);
    const verified = await api.inject({
      method: 'POST',
      url: '/api/verify',
      payload: { finNumber: rows[2]?.finNumber, eCertNumber: rows[2]?.eCertNumber },
    });
    expect(verified.statusCode).toBe(200);

    const [created] = await api.auditOf(added?.id ?? '');
    expect(created).toMatchObject({ action: 'create', actorEmail: expect.stringMatching(/^staff-/) });
    expect(created?.changes).toMatchObject({ name: [null, rows[0]?.name], importId: [null, view.id] });
    const [audited] = await api.harness.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'import'), eq(auditEvent.entityId, view.id)));
    expect(audited?.changes).toMatchObject({ rows: [null, 3], invalid: [null, 1], created: [null, 2] });
  });

  it('skips duplicates, or lets the last row of a pair replace the live record in place', async () => {
    const existing = await api.created();
    const twice = csvRow();
    const rows = [
      csvRow({
        finNumber: existing.finNumber,
        eCertNumber: existing.eCertNumber,
        name: 'Renamed by import',
      }),
      twice,
      { ...twice, name: 'Second of the pair' },
    ];
    const skipping = await checked(api, csvOf(rows));
    expect(await committed(api, skipping.id, 'skip')).toMatchObject({ created: 1, replaced: 0, skipped: 2 });
    expect((await peopleOf(existing.finNumber)).map((p) => p.name)).toEqual([existing.name]);
    expect((await peopleOf(twice.finNumber ?? '')).map((p) => p.name)).toEqual([twice.name]);

    const replacing = await checked(api, csvOf(rows));
    expect(replacing.duplicates).toBe(3);
    expect(await committed(api, replacing.id, 'replace')).toMatchObject({
      created: 0,
      replaced: 2,
      skipped: 1,
    });
    const [kept] = await peopleOf(existing.finNumber);
    // Same record, new fields, its images kept since the row named none.
    expect(kept).toMatchObject({
      id: existing.id,
      name: 'Renamed by import',
      passportImage: existing.passportImage,
    });
    expect((await peopleOf(twice.finNumber ?? '')).map((p) => p.name)).toEqual(['Second of the pair']);
    const events = await api.auditOf(existing.id);
    expect(events.at(-1)).toMatchObject({ action: 'update' });
    expect(events.at(-1)?.changes).toEqual({
      name: [existing.name, 'Renamed by import'],
      importId: [null, replacing.id],
    });
  });

  it('commits once: a second commit, a bad choice or a failed check is refused', async () => {
    const view = await checked(api, csvOf([csvRow()]));
    const commit = (id: string, payload: object) =>
      api.inject({ method: 'POST', url: `/api/imports/${id}/commit`, headers: api.staff.headers, payload });
    expect((await commit(view.id, { duplicates: 'merge' })).statusCode).toBe(400);
    await committed(api, view.id);
    const again = await commit(view.id, { duplicates: 'skip' });
    expect(again.json()).toMatchObject({
      statusCode: 409,
      message: 'This import cannot be committed: it has been committed already.',
    });
    const failed = await checked(api, 'not,a,template\n');
    expect((await commit(failed.id, { duplicates: 'skip' })).statusCode).toBe(409);
  });

  it('lists imported people without images under "missing images", and not the others', async () => {
    const complete = await api.created();
    const row = csvRow();
    await committed(api, (await checked(api, csvOf([row]))).id);
    const missing = (await get('/api/people?missing=images&pageSize=100')).json();
    const fins = missing.items.map((p: PersonView) => p.finNumber);
    expect(fins).toContain(row.finNumber);
    expect(fins).not.toContain(complete.finNumber);
    expect((await get(`/api/people?missing=images&q=${row.finNumber}`)).json()).toMatchObject({ total: 1 });
    expect((await get('/api/people?missing=files')).statusCode).toBe(400);
  });
});

describe('a round trip: export, wipe, import', () => {
  for (const kind of ['people', 'renewals'] as const) {
    it(`gives back the same ${kind} records, field for field`, async () => {
      const tricky = [
        csvRow({ name: '陈美玲', nationality: 'தமிழ்' }),
        csvRow({ name: '=SUM(A1:A9)', passportNumber: '-12345', testLevel: '@level' }),
        csvRow({ name: 'O\'Brien, "Junior"', tradeTested: 'Line one\nLine two' }),
      ];
      const run = `RT${kind}${Date.now().toString(36)}`.toUpperCase();
      const rows = tricky.map((row, i) => ({ ...row, eCertNumber: `${run}-${i}` }));
      await committed(api, (await checked(api, csvOf(rows), { kind })).id, 'skip', kind);

      const exported = (await get(`/api/${kind}/export.csv?q=${run}`)).body;
      const before = parse(exported, { bom: true, columns: true }) as Record<string, string>[];
      expect(before).toHaveLength(3);
      const table = kind === 'people' ? sql`person` : sql`renewal`;
      await api.harness.database.db.execute(sql`delete from ${table} where e_cert_number like ${`${run}-%`}`);

      const again = await checked(api, exported, { kind });
      expect(again).toMatchObject({ status: 'ready', valid: 3, invalid: 0, duplicates: 0 });
      await committed(api, again.id, 'skip', kind);
      const after = parse((await get(`/api/${kind}/export.csv?q=${run}`)).body, { bom: true, columns: true });
      expect(after).toEqual(before);
      const list = (await get(`/api/${kind}?q=${run}&pageSize=10`)).json().items;
      const stored = new Map(list.map((record: { eCertNumber: string }) => [record.eCertNumber, record]));
      for (const row of rows) expect(stored.get(row.eCertNumber)).toMatchObject(row);
    });
  }
});

describe('renewal imports', () => {
  it('live under /api/renewals/imports and add renewal records', async () => {
    const row = csvRow();
    const view = await checked(api, csvOf([row], Object.keys(row)), { kind: 'renewals' });
    expect(await committed(api, view.id, 'skip', 'renewals')).toMatchObject({ created: 1 });
    expect((await get(`${importsPath('people')}/${view.id}`)).statusCode).toBe(404);
    const list = (await get(`/api/renewals?q=${row.finNumber}`)).json();
    expect(list.items).toEqual([expect.objectContaining({ name: row.name, eCertNumber: row.eCertNumber })]);
  });
});
