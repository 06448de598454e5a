import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditPage } from '#shared/api/audit.ts';
import { BULK_MATCHING_MAX, BULK_MAX_RECORDS, recordFieldNames } from '#shared/api/people.ts';
import { auditEvent, person } from '../../db/schema/index.ts';
import { insertPerson, personFixture } from '../../test/people.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi();
const post = (url: string, payload: unknown, headers: Record<string, string> = api.staff.headers) =>
  api.inject({ method: 'POST', url, headers, payload: payload as object });
const three = async () => {
  const rows = [];
  for (let i = 0; i < 3; i++) rows.push(await insertPerson(api.harness.database.db, { name: `Bulk ${i}` }));
  return rows.map((row) => row.id);
};
const rowsOf = (ids: string[]) =>
  api.harness.database.db
    .select({
      id: person.id,
      deletedAt: person.deletedAt,
      revokedAt: person.revokedAt,
      reason: person.revocationReason,
    })
    .from(person)
    .where(inArray(person.id, ids));
const auditLines = async (query: string) =>
  (await api.inject({ url: `/api/audit?${query}`, headers: api.staff.headers })).json<AuditPage>();

describe('bulk actions on chosen people', () => {
  it.each([
    ['/api/people/bulk/delete', 'no ids', { ids: [] }, 'ids'],
    ['/api/people/bulk/delete', 'an id that is none', { ids: ['not-an-id'] }, 'ids.0'],
    [
      '/api/people/bulk/delete',
      'too many ids',
      { ids: Array.from({ length: BULK_MAX_RECORDS + 1 }, randomUUID) },
      'ids',
    ],
    ['/api/people/bulk/revoke', 'no reason', { ids: [randomUUID()] }, 'reason'],
    ['/api/people/bulk/revoke', 'a blank reason', { ids: [randomUUID()], reason: '   ' }, 'reason'],
    ['/api/people/export.csv', 'no ids', { ids: [] }, 'ids'],
  ])('%s refuses %s with 400 naming it', async (url, _what, payload, field) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it('answers 401 without a session and changes nothing', async () => {
    const ids = await three();
    for (const url of ['/api/people/bulk/delete', '/api/people/bulk/revoke', '/api/people/export.csv']) {
      const response = await post(url, { ids, reason: 'x' }, { origin: api.harness.app.config.publicUrl });
      expect(response.statusCode).toBe(401);
    }
    expect((await rowsOf(ids)).every((row) => !row.deletedAt && !row.revokedAt)).toBe(true);
  });

  it('moves all the chosen people to the trash, each audited under one line', async () => {
    const ids = await three();
    const response = await post('/api/people/bulk/delete', { ids: [...ids, ids[0]] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 3 });
    expect((await rowsOf(ids)).every((row) => row.deletedAt)).toBe(true);

    const events = await api.harness.database.db
      .select()
      .from(auditEvent)
      .where(and(inArray(auditEvent.entityId, ids), eq(auditEvent.action, 'delete')));
    expect(events).toHaveLength(3);
    const batch = events[0]?.batchId ?? '';
    expect(events.every((event) => event.batchId === batch && event.actorId === api.staff.user.id)).toBe(
      true,
    );
    const line = (await auditLines('entityType=bulk&action=delete')).items.find((e) => e.entityId === batch);
    expect(line).toMatchObject({ batchSize: 3, changes: { records: [null, 3] } });
    const opened = await auditLines(`batch=${batch}`);
    expect(opened.items.map((e) => e.entityName).sort()).toEqual(['Bulk 0', 'Bulk 1', 'Bulk 2']);
  });

  it('trashes none when one chosen person is gone already (404), and says how many', async () => {
    const ids = await three();
    await api.harness.database.db
      .update(person)
      .set({ deletedAt: new Date() })
      .where(eq(person.id, ids[1] ?? ''));
    const response = await post('/api/people/bulk/delete', { ids: [...ids, randomUUID()] });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      '2 of the 4 chosen records are no longer in the list. Nothing was changed.',
    );
    const rows = await rowsOf([ids[0] ?? '', ids[2] ?? '']);
    expect(rows.every((row) => row.deletedAt === null)).toBe(true);
  });

  it('revokes all the chosen people with the reason, each audited', async () => {
    const ids = await three();
    const response = await post('/api/people/bulk/revoke', { ids, reason: ' Issued in error ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 3 });
    expect((await rowsOf(ids)).map((row) => row.reason)).toEqual(Array(3).fill('Issued in error'));
    for (const id of ids) {
      const [event] = await api.auditOf(id).then((all) => all.filter((e) => e.action === 'revoke'));
      expect(event?.changes.revocationReason).toEqual([null, 'Issued in error']);
      expect(event?.batchId).toBeTruthy();
    }
  });

  it('revokes none when one chosen person is revoked already (409)', async () => {
    const ids = await three();
    expect((await post('/api/people/bulk/revoke', { ids: [ids[2]], reason: 'First' })).statusCode).toBe(200);
    const response = await post('/api/people/bulk/revoke', { ids, reason: 'Second' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      '1 of the 3 chosen records is revoked already. Nothing was changed.',
    );
    expect((await rowsOf(ids)).map((row) => row.reason).sort()).toEqual(['First', null, null]);
  });
});

describe('bulk revocation of every record the list matches', () => {
  const revokeMatching = (payload: unknown) => post('/api/people/bulk/revoke-matching', payload);
  const listTotal = async (query: string) =>
    (await api.inject({ url: `/api/people?${query}`, headers: api.staff.headers })).json<{ total: number }>()
      .total;
  /** `n` people of a course no other test uses, named "<name> <i>", in one insert. */
  const course = async (n: number, name: string, overrides: Parameters<typeof personFixture>[0] = {}) => {
    const tradeTested = `Matching ${randomUUID().slice(0, 8)}`;
    const rows = Array.from({ length: n }, (_, i) =>
      personFixture({ tradeTested, name: `${name} ${i}`, ...overrides }),
    );
    const ids = (await api.harness.database.db.insert(person).values(rows).returning({ id: person.id })).map(
      (r) => r.id,
    );
    return { tradeTested, ids };
  };
  const revokedIn = async (ids: string[]) => (await rowsOf(ids)).filter((row) => row.revokedAt).length;

  it.each([
    ['no reason', { matching: {}, count: 1 }, 'reason'],
    ['no count', { matching: {}, reason: 'x' }, 'count'],
    ['a count of 0', { matching: {}, count: 0, reason: 'x' }, 'count'],
    ['a count over the most', { matching: {}, count: BULK_MATCHING_MAX + 1, reason: 'x' }, 'count'],
    ['an unknown status', { matching: { status: 'lost' }, count: 1, reason: 'x' }, 'matching.status'],
  ])('refuses %s with 400 naming it', async (_what, payload, field) => {
    const response = await revokeMatching(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty([field]);
  });

  it('revokes the matches of the filters, more than a choice of ids takes, each audited', async () => {
    const matched = await course(BULK_MAX_RECORDS + 20, 'Wide');
    // Same course, but the Result filter leaves it out; and one match is revoked already.
    const failed = await insertPerson(api.harness.database.db, {
      tradeTested: matched.tradeTested,
      testResult: 'Failed',
    });
    const first = matched.ids[0] ?? '';
    expect((await post('/api/people/bulk/revoke', { ids: [first], reason: 'Earlier' })).statusCode).toBe(200);
    const shown = await listTotal(`course=${encodeURIComponent(matched.tradeTested)}&result=passed`);
    expect(shown).toBe(BULK_MAX_RECORDS + 20);

    const matching = { course: matched.tradeTested, result: 'passed' };
    const response = await revokeMatching({ matching, count: shown, reason: 'Course withdrawn' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: BULK_MAX_RECORDS + 19 });
    const rows = await rowsOf(matched.ids);
    expect(rows.every((row) => row.revokedAt)).toBe(true);
    expect(rows.filter((row) => row.reason === 'Course withdrawn')).toHaveLength(BULK_MAX_RECORDS + 19);
    expect(await revokedIn([failed.id])).toBe(0);
    const line = (await auditLines('entityType=bulk&action=revoke')).items.find(
      (event) => event.batchSize === BULK_MAX_RECORDS + 19,
    );
    expect(line?.changes).toMatchObject({
      records: [null, BULK_MAX_RECORDS + 19],
      revocationReason: [null, 'Course withdrawn'],
      matching: [null, { ...matching, q: '' }],
    });
  });

  it('revokes the matches of a search within a filter, as many as the list shows', async () => {
    const matched = await course(3, 'Zanzibar');
    const other = await insertPerson(api.harness.database.db, {
      tradeTested: matched.tradeTested,
      name: 'Other',
    });
    const query = { q: 'zanzibar', course: matched.tradeTested };
    const shown = await listTotal(new URLSearchParams(query).toString());
    expect(shown).toBe(3);

    const response = await revokeMatching({ matching: query, count: shown, reason: 'Wrong course' });

    expect(response.json()).toEqual({ count: 3 });
    expect(await revokedIn(matched.ids)).toBe(3);
    expect(await revokedIn([other.id])).toBe(0);
  });

  it('changes nothing when another number matches than was confirmed (409)', async () => {
    const { tradeTested, ids } = await course(3, 'Confirmed');
    const response = await revokeMatching({ matching: { course: tradeTested }, count: 2, reason: 'x' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      '3 records match now, not the 2 records confirmed. Nothing was changed.',
    );
    expect(await revokedIn(ids)).toBe(0);
  });

  it('leaves the trash out, and refuses (409) when every match is revoked already', async () => {
    const { tradeTested, ids } = await course(2, 'Trashed');
    expect((await post('/api/people/bulk/delete', { ids: [ids[0]] })).statusCode).toBe(200);
    const matching = { course: tradeTested };
    expect((await revokeMatching({ matching, count: 1, reason: 'x' })).json()).toEqual({ count: 1 });
    const again = await revokeMatching({ matching, count: 1, reason: 'y' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Every matching record is revoked already. Nothing was changed.');
    expect((await rowsOf(ids)).map((row) => row.reason).sort()).toEqual([null, 'x']);
  });
});

describe('export of the table', () => {
  const csvRows = (body: string) => parse(body, { bom: true, columns: true }) as Record<string, string>[];

  it('exports exactly the chosen people in the template columns, or nothing when one is gone', async () => {
    const ids = await three();
    const response = await post('/api/people/export.csv', { ids: ids.slice(0, 2) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(recordFieldNames.join(','));
    expect(
      csvRows(response.body)
        .map((row) => row.name)
        .sort(),
    ).toEqual(['Bulk 0', 'Bulk 1']);

    await api.harness.database.db
      .update(person)
      .set({ deletedAt: new Date() })
      .where(eq(person.id, ids[0] ?? ''));
    expect((await post('/api/people/export.csv', { ids })).statusCode).toBe(404);
  });

  it('exports the filtered list: every match of the filters, not a page', async () => {
    const course = `Export ${randomUUID().slice(0, 8)}`;
    const at = (passedDate: string) =>
      insertPerson(api.harness.database.db, { tradeTested: course, passedDate });
    await at('2010-01-01');
    await at('2011-01-01');
    await at(new Date().toISOString().slice(0, 10));
    const response = await api.inject({
      url: `/api/people/export.csv?course=${encodeURIComponent(course)}&status=expired`,
      headers: api.staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(csvRows(response.body).map((row) => row.passedDate)).toEqual(['2011-01-01', '2010-01-01']);
  });
});
