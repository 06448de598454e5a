import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditActors, AuditPage } from '#shared/api/audit.ts';
import { auditEvent, person } from '../../db/schema/index.ts';
import { checked, committed, csvOf, csvRow } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { signInAs } from '../../test/staff-session.ts';

const api = setUpPeopleApi();
const audit = async (query = '', headers = api.staff.headers) => {
  const response = await api.inject({ url: `/api/audit?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};

describe('the audit trail, one line per import', () => {
  let importId: string;
  beforeAll(async () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      csvRow({ name: `Imported ${String(i).padStart(2, '0')}` }),
    );
    const view = await checked(api, csvOf(rows), { filename: 'autumn-intake.csv' });
    await committed(api, view.id);
    importId = view.id;
  });

  it('shows the import as one line with its file name and count, not one line per record', async () => {
    const page = await audit('pageSize=100');
    const imports = page.items.filter((e) => e.entityType === 'import');
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({
      entityId: importId,
      entityName: 'autumn-intake.csv',
      action: 'import',
      actorName: 'Test staff',
      batchSize: 12,
    });
    expect(page.items.some((e) => e.entityType === 'person' && e.action === 'create')).toBe(false);
  });

  it('opens the import to its records page by page, each by name', async () => {
    const first = await audit(`batch=${importId}&pageSize=5`);
    const third = await audit(`batch=${importId}&pageSize=5&page=3`);
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 5 });
    expect(first.items).toHaveLength(5);
    expect(third.items).toHaveLength(2);
    const every = [first, await audit(`batch=${importId}&pageSize=5&page=2`), third].flatMap((p) => p.items);
    expect(every.map((e) => e.entityName).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `Imported ${String(i).padStart(2, '0')}`),
    );
    expect(every.every((e) => e.action === 'create' && e.changes.name?.[1] === e.entityName)).toBe(true);
  });

  it('names a record as it is called now, or as its events last called it once it is gone', async () => {
    const [record] = (await audit(`batch=${importId}&pageSize=1`)).items;
    const id = record?.entityId ?? '';
    await api.harness.database.db.update(person).set({ name: 'Renamed Since' }).where(eq(person.id, id));
    expect((await audit(`entityId=${id}`)).items[0]?.entityName).toBe('Renamed Since');
    await api.harness.database.db.delete(person).where(eq(person.id, id));
    expect((await audit(`entityId=${id}`)).items[0]?.entityName).toBe(record?.entityName);
  });
});

describe('the audit trail filtered by who, what and when', () => {
  it('keeps the lines of one person, one action, one record type or a span of days', async () => {
    const other = await signInAs(api.harness.app, 'staff');
    const created = await api.inject({
      method: 'POST',
      url: '/api/renewals',
      headers: other.headers,
      payload: { ...csvRow(), name: 'By Someone Else' },
    });
    expect(created.statusCode, created.body).toBe(201);

    const byOther = await audit(`actor=${other.user.id}`);
    expect(byOther.items.map((e) => [e.entityType, e.action, e.entityName])).toEqual([
      ['renewal', 'create', 'By Someone Else'],
    ]);
    expect((await audit('action=create&entityType=renewal')).items.map((e) => e.actorId)).toContain(
      other.user.id,
    );
    // Accounts made by the test kit, not by a signed-in person: "the system".
    expect((await audit('actor=system&entityType=user')).total).toBeGreaterThanOrEqual(2);

    const now = Date.now();
    const around = (from: number, to: number) =>
      `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
    expect((await audit(`${around(now - 3_600_000, now + 60_000)}&actor=${other.user.id}`)).total).toBe(1);
    expect((await audit('to=2000-01-01T00:00:00Z')).total).toBe(0);
    // From is included, To is not; an offset names the reader's own midnight.
    await api.harness.database.db
      .update(auditEvent)
      .set({ at: new Date('2001-03-04T16:00:00Z') })
      .where(eq(auditEvent.actorId, other.user.id));
    const inSingapore = (query: string) => audit(`${query}&actor=${other.user.id}`);
    expect((await inSingapore('from=2001-03-05T00:00:00%2B08:00&to=2001-03-06T00:00:00%2B08:00')).total).toBe(
      1,
    );
    expect((await inSingapore('from=2001-03-04T00:00:00%2B08:00&to=2001-03-05T00:00:00%2B08:00')).total).toBe(
      0,
    );
  });

  it('lists every account under Who', async () => {
    const response = await api.inject({ url: '/api/audit/actors', headers: api.staff.headers });
    expect(response.statusCode).toBe(200);
    const { actors } = response.json<AuditActors>();
    expect(actors.map((a) => a.id)).toEqual(expect.arrayContaining([api.staff.user.id, api.admin.user.id]));
  });

  it.each([
    ['from=2026-02-30T00:00:00Z', 'from'],
    ['to=yesterday', 'to'],
    ['from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', 'to'],
    ['action=erase', 'action'],
    ['entityType=invoice', 'entityType'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await api.inject({ url: `/api/audit?${query}`, headers: api.staff.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/audit', '/api/audit/actors', '/api/audit?batch=x']) {
      expect((await api.inject({ url })).statusCode).toBe(401);
    }
  });
});
