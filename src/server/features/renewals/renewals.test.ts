import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordFields, RenewalsPage, RenewalView } from '#shared/api/people.ts';
import { auditEvent, person, renewal } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const fields = (overrides: Partial<RecordFields> = {}): RecordFields => ({
  name: 'Ravi Kumar',
  dob: '1991-04-02',
  gender: 'Male',
  nationality: 'Indian',
  passportNumber: 'P7654321',
  finNumber: 'G1234567N',
  eCertNumber: 'RN-000001',
  tradeTested: 'Formwork',
  testLevel: 'Level 2',
  testResult: 'Passed',
  passedDate: new Date().toISOString().slice(0, 10),
  ...overrides,
});

describe('renewals API', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  let actorEmail: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    const session = await signInAs(testApp.app, 'staff');
    headers = session.headers;
    actorEmail = session.user.email;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const create = async (body: RecordFields) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/renewals',
      headers,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json<RenewalView>();
  };
  const list = async (query = '') => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/renewals${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<RenewalsPage>();
  };
  const auditOf = (id: string) =>
    testApp.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'renewal'), eq(auditEvent.entityId, id)))
      .orderBy(auditEvent.at);

  it('creates a renewal, answers 201 with the view and audits the creation', async () => {
    const created = await create(fields({ name: '  Ravi Kumar  ' }));

    expect(created).toMatchObject({ ...fields(), courseStatus: 'available', personId: null });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const events = await auditOf(created.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'create', actorEmail });
    expect(events[0]?.changes.name).toEqual([null, 'Ravi Kumar']);
  });

  it('rejects a missing field with 400 naming it and stores nothing', async () => {
    const { finNumber: _omitted, ...rest } = fields();
    const before = await testApp.database.db.$count(renewal);

    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/renewals',
      headers,
      payload: rest,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('finNumber');
    expect(await testApp.database.db.$count(renewal)).toBe(before);
  });

  it('reads one renewal and marks an expired course unavailable', async () => {
    const created = await create(fields({ eCertNumber: 'RN-OLD', passedDate: '2015-01-01' }));

    const response = await testApp.app.inject({ method: 'GET', url: `/api/renewals/${created.id}`, headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, courseStatus: 'unavailable' });
  });

  it('answers unknown and malformed ids with the same 404', async () => {
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: `/api/renewals/${randomUUID()}`,
      headers,
    });
    const malformed = await testApp.app.inject({ method: 'GET', url: '/api/renewals/not-an-id', headers });
    const patchMalformed = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/renewals/1234',
      headers,
      payload: fields(),
    });
    const deleteUnknown = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/renewals/${randomUUID()}`,
      headers,
    });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const response of [malformed, patchMalformed, deleteUnknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
    }
  });

  it('updates all fields and audits exactly what changed', async () => {
    const created = await create(fields({ eCertNumber: 'RN-UPD' }));

    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/renewals/${created.id}`,
      headers,
      payload: fields({ eCertNumber: 'RN-UPD', name: 'Ravi K.', testLevel: 'Level 3' }),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, name: 'Ravi K.', testLevel: 'Level 3' });
    const events = await auditOf(created.id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1]?.changes).toEqual({
      name: ['Ravi Kumar', 'Ravi K.'],
      testLevel: ['Level 2', 'Level 3'],
    });
  });

  it('changes only the field sent: every other field keeps its value', async () => {
    const created = await create(fields({ eCertNumber: 'RN-PART' }));

    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/renewals/${created.id}`,
      headers,
      payload: { nationality: 'Bangladeshi' },
    });

    expect(response.statusCode).toBe(200);
    const { updatedAt: _was, ...kept } = created;
    expect(response.json()).toMatchObject({ ...kept, nationality: 'Bangladeshi' });
    expect((await auditOf(created.id)).at(-1)?.changes).toEqual({ nationality: ['Indian', 'Bangladeshi'] });
  });

  it('still refuses a field sent empty, and a change with nothing in it, changing nothing', async () => {
    const created = await create(fields({ eCertNumber: 'RN-EMPTY' }));
    const patch = (payload: object) =>
      testApp.app.inject({ method: 'PATCH', url: `/api/renewals/${created.id}`, headers, payload });

    const blank = await patch({ name: '  ', nationality: 'Bangladeshi' });
    const nothing = await patch({});

    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ name: 'Name is required' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Nothing to change: send at least one field.',
    });
    const read = await testApp.app.inject({ method: 'GET', url: `/api/renewals/${created.id}`, headers });
    expect(read.json()).toEqual(created);
    expect(await auditOf(created.id)).toHaveLength(1);
  });

  it('moves a deleted renewal to the trash: 204, gone from reads, row kept, audited', async () => {
    const created = await create(fields({ eCertNumber: 'RN-DEL' }));

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/renewals/${created.id}`,
      headers,
    });
    const again = await testApp.app.inject({ method: 'DELETE', url: `/api/renewals/${created.id}`, headers });
    const read = await testApp.app.inject({ method: 'GET', url: `/api/renewals/${created.id}`, headers });

    expect(deleted.statusCode).toBe(204);
    expect(again.statusCode).toBe(404);
    expect(read.statusCode).toBe(404);
    expect((await list('?q=RN-DEL')).total).toBe(0);
    const [row] = await testApp.database.db.select().from(renewal).where(eq(renewal.id, created.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await auditOf(created.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('links each renewal to the newest live person with the same FIN', async () => {
    const fin = 'F9990001K';
    await insertPerson(testApp.database.db, { finNumber: fin, eCertNumber: 'LINK-1' });
    const newest = await insertPerson(testApp.database.db, { finNumber: fin, eCertNumber: 'LINK-2' });
    const trashed = await insertPerson(testApp.database.db, { finNumber: fin, eCertNumber: 'LINK-3' });
    await testApp.database.db.update(person).set({ deletedAt: new Date() }).where(eq(person.id, trashed.id));
    const linked = await create(fields({ finNumber: fin, eCertNumber: 'RN-LINK' }));

    expect(linked.personId).toBe(newest.id);
    expect((await list(`?q=${fin}`)).items.map((item) => item.personId)).toEqual([newest.id]);
  });

  it('links no person when nobody holds the FIN, though other people exist', async () => {
    await insertPerson(testApp.database.db, { finNumber: 'F9990002K', eCertNumber: 'OTHER-1' });
    const unlinked = await create(fields({ finNumber: 'F9990003K', eCertNumber: 'RN-NOBODY' }));

    expect(unlinked.personId).toBeNull();
    expect((await list('?q=F9990003K')).items.map((item) => item.personId)).toEqual([null]);
    const read = await testApp.app.inject({ method: 'GET', url: `/api/renewals/${unlinked.id}`, headers });
    expect(read.json<RenewalView>().personId).toBeNull();
  });
});

describe('renewals search and paging', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  const records = [
    fields({
      name: 'Alpha Tan',
      passportNumber: 'PA100',
      nationality: 'Malaysian',
      eCertNumber: 'EC-A1',
      finNumber: 'FA1',
    }),
    fields({
      name: 'Bravo Lim',
      passportNumber: 'PB200',
      nationality: 'Chinese',
      eCertNumber: 'EC-B2',
      finNumber: 'FB2',
    }),
    fields({
      name: 'Charlie 100%',
      passportNumber: 'PC300',
      nationality: 'Thai',
      eCertNumber: 'EC_C3',
      finNumber: 'FC3',
    }),
  ];
  beforeAll(async () => {
    testApp = await createTestApp();
    headers = (await signInAs(testApp.app, 'staff')).headers;
    for (const body of records) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/renewals',
        headers,
        payload: body,
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const search = async (query: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/renewals?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<RenewalsPage>();
  };

  it.each([
    ['name', 'bRaVo', 'Bravo Lim'],
    ['passport number', 'pb2', 'Bravo Lim'],
    ['nationality', 'MALAY', 'Alpha Tan'],
    ['e-Cert number', 'ec-b', 'Bravo Lim'],
    ['FIN number', 'fc3', 'Charlie 100%'],
  ])('finds a renewal by %s, case-insensitive', async (_field, q, name) => {
    const page = await search(`q=${encodeURIComponent(q)}`);

    expect(page.items.map((item) => item.name)).toEqual([name]);
    expect(page.total).toBe(1);
  });

  it('treats % and _ in the search text as themselves', async () => {
    expect((await search(`q=${encodeURIComponent('%')}`)).items.map((i) => i.name)).toEqual(['Charlie 100%']);
    expect((await search(`q=${encodeURIComponent('EC_')}`)).items.map((i) => i.name)).toEqual([
      'Charlie 100%',
    ]);
    expect((await search(`q=${encodeURIComponent('\\')}`)).total).toBe(0);
  });

  it('lists newest first, one page at a time, with the total of all matches', async () => {
    const first = await search('page=1&pageSize=2');
    const second = await search('page=2&pageSize=2');

    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((i) => i.name)).toEqual(['Charlie 100%', 'Bravo Lim']);
    expect(second.items.map((i) => i.name)).toEqual(['Alpha Tan']);
    expect(second.total).toBe(3);
  });

  it('rejects a page size over the limit with 400', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/renewals?pageSize=101', headers });

    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('pageSize');
  });
});
