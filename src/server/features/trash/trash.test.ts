import { and, asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenewalView } from '#shared/api/people.ts';
import type { TrashPage } from '#shared/api/trash.ts';
import { auditEvent, person } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
let staff: Awaited<ReturnType<typeof signInAs>>;
let admin: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInAs(harness.app, 'staff');
  admin = await signInAs(harness.app, 'admin');
});
afterAll(async () => {
  await harness?.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);

async function trash(query: string, headers = admin.headers) {
  const response = await inject({ method: 'GET', url: `/api/trash?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TrashPage>();
}

async function deleteAs(headers: Record<string, string>, url: string) {
  const response = await inject({ method: 'DELETE', url, headers });
  expect(response.statusCode, response.body).toBe(204);
}

const renewalFields = (tag: string) => ({
  name: `Renewal ${tag}`,
  dob: '1991-04-02',
  gender: 'Male',
  nationality: 'Testland',
  passportNumber: `RP-${tag}`,
  finNumber: `RF-${tag}`,
  eCertNumber: `RE-${tag}`,
  tradeTested: 'Formwork',
  testLevel: 'Level 2',
  testResult: 'Passed',
  passedDate: '2026-01-15',
});

describe('GET /api/trash', () => {
  it('lists trashed people newest deletion first, with who deleted them; live people stay out', async () => {
    const tag = 'ORDER1';
    const [first, second, live] = await Promise.all(
      ['A', 'B', 'C'].map((n) =>
        insertPerson(harness.database.db, { name: `Trash ${tag} ${n}`, eCertNumber: `T-${tag}-${n}` }),
      ),
    );
    await deleteAs(staff.headers, `/api/people/${first?.id}`);
    await deleteAs(admin.headers, `/api/people/${second?.id}`);
    // Two deletions in one millisecond would tie; the order under test is the deletion time's.
    await harness.database.db
      .update(person)
      .set({ deletedAt: sql`deleted_at - interval '1 minute'` })
      .where(eq(person.id, first?.id ?? ''));

    const page = await trash(`kind=people&q=${tag}`);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([second?.id, first?.id]);
    expect(page.items.map((item) => item.deletedBy)).toEqual([admin.user.email, staff.user.email]);
    expect(page.items.map((item) => item.id)).not.toContain(live?.id);
    expect(Date.parse(page.items[0]?.deletedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(page.items[1]?.deletedAt ?? ''),
    );
  });

  it('searches case-insensitively in FIN and passport numbers, literally, and pages on the server', async () => {
    const tag = 'pagE2';
    const people = [];
    for (const n of [1, 2, 3]) {
      people.push(
        await insertPerson(harness.database.db, {
          finNumber: `FIN-${tag}-${n}`,
          passportNumber: `PP_${tag}`,
          eCertNumber: `P-${tag}-${n}`,
        }),
      );
    }
    for (const record of people) await deleteAs(admin.headers, `/api/people/${record.id}`);

    const byFin = await trash(`kind=people&q=fin-page2-2`);
    expect(byFin.items.map((item) => item.id)).toEqual([people[1]?.id]);
    // `_` is a literal underscore, not a LIKE wildcard.
    expect((await trash('kind=people&q=PP%5FPAGE2')).total).toBe(3);
    expect((await trash('kind=people&q=PPXPAGE2')).total).toBe(0);

    const second = await trash(`kind=people&q=${tag}&page=2&pageSize=2`);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual([people[0]?.id]);
  });

  it('lists trashed renewals under kind=renewals, and only those', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/renewals',
      headers: staff.headers,
      payload: renewalFields('LIST3'),
    });
    const renewal = created.json<RenewalView>();
    expect((await trash('kind=renewals&q=LIST3')).total).toBe(0);
    await deleteAs(staff.headers, `/api/renewals/${renewal.id}`);

    const page = await trash('kind=renewals&q=list3');
    expect(page.items).toEqual([
      expect.objectContaining({ id: renewal.id, name: 'Renewal LIST3', deletedBy: staff.user.email }),
    ]);
    expect((await trash('kind=people&q=LIST3')).total).toBe(0);
  });

  it('is for administrators only, and refuses an unknown kind', async () => {
    const asStaff = await inject({ method: 'GET', url: '/api/trash', headers: staff.headers });
    expect(asStaff.statusCode).toBe(403);
    const unknown = await inject({ method: 'GET', url: '/api/trash?kind=users', headers: admin.headers });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('POST /api/renewals/:id/restore', () => {
  it('brings a trashed renewal back for an administrator, audited; a second restore is a 404', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/renewals',
      headers: staff.headers,
      payload: renewalFields('BACK4'),
    });
    const { id } = created.json<RenewalView>();
    await deleteAs(staff.headers, `/api/renewals/${id}`);
    const url = `/api/renewals/${id}/restore`;

    expect((await inject({ method: 'POST', url, headers: staff.headers })).statusCode).toBe(403);
    expect((await inject({ method: 'POST', url, headers: admin.headers })).statusCode).toBe(204);

    const back = await inject({ method: 'GET', url: `/api/renewals/${id}`, headers: staff.headers });
    expect(back.statusCode).toBe(200);
    expect((await trash('kind=renewals&q=BACK4')).total).toBe(0);
    const events = await harness.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'renewal'), eq(auditEvent.entityId, id)))
      .orderBy(asc(auditEvent.at));
    expect(events.map((event) => [event.action, event.actorEmail])).toEqual([
      ['create', staff.user.email],
      ['delete', staff.user.email],
      ['restore', admin.user.email],
    ]);

    const again = await inject({ method: 'POST', url, headers: admin.headers });
    expect(again.statusCode).toBe(404);
    const malformed = await inject({
      method: 'POST',
      url: '/api/renewals/nope/restore',
      headers: admin.headers,
    });
    expect(malformed.statusCode).toBe(404);
  });
});

describe('POST /api/people/:id/undo-delete and /api/renewals/:id/undo-delete', () => {
  it('lets whoever deleted a person take it back at once, audited as a restore', async () => {
    const row = await insertPerson(harness.database.db, { name: 'Undo UNDO1', eCertNumber: 'U-UNDO1' });
    await deleteAs(staff.headers, `/api/people/${row.id}`);

    const response = await inject({
      method: 'POST',
      url: `/api/people/${row.id}/undo-delete`,
      headers: staff.headers,
    });

    expect(response.statusCode, response.body).toBe(204);
    const back = await inject({ method: 'GET', url: `/api/people/${row.id}`, headers: staff.headers });
    expect(back.statusCode).toBe(200);
    const [last] = await harness.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'person'), eq(auditEvent.entityId, row.id)))
      .orderBy(sql`${auditEvent.at} desc`)
      .limit(1);
    expect(last).toMatchObject({ action: 'restore', actorEmail: staff.user.email });
  });

  it('refuses another staff user with 403, and keeps the record in the trash', async () => {
    const other = await signInAs(harness.app, 'staff');
    const created = await inject({
      method: 'POST',
      url: '/api/renewals',
      headers: staff.headers,
      payload: renewalFields('UNDO2'),
    });
    const { id } = created.json<RenewalView>();
    await deleteAs(staff.headers, `/api/renewals/${id}`);

    const response = await inject({
      method: 'POST',
      url: `/api/renewals/${id}/undo-delete`,
      headers: other.headers,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/^Only who deleted a record can undo it, within 10 minutes/);
    expect((await trash('kind=renewals&q=UNDO2')).total).toBe(1);
    const own = await inject({
      method: 'POST',
      url: `/api/renewals/${id}/undo-delete`,
      headers: staff.headers,
    });
    expect(own.statusCode).toBe(204);
    expect((await trash('kind=renewals&q=UNDO2')).total).toBe(0);
  });

  it('refuses the one who deleted once the undo time is over; an administrator restores in the Trash', async () => {
    const row = await insertPerson(harness.database.db, { name: 'Undo UNDO3', eCertNumber: 'U-UNDO3' });
    await deleteAs(staff.headers, `/api/people/${row.id}`);
    await harness.database.db
      .update(auditEvent)
      .set({ at: sql`${auditEvent.at} - interval '11 minutes'` })
      .where(and(eq(auditEvent.entityId, row.id), eq(auditEvent.action, 'delete')));
    const url = `/api/people/${row.id}/undo-delete`;

    expect((await inject({ method: 'POST', url, headers: staff.headers })).statusCode).toBe(403);
    expect((await trash('kind=people&q=U-UNDO3')).total).toBe(1);
    const restored = await inject({
      method: 'POST',
      url: `/api/people/${row.id}/restore`,
      headers: admin.headers,
    });
    expect(restored.statusCode).toBe(200);
  });

  it('answers 404 for a record that is not in the trash, and for a malformed id', async () => {
    const row = await insertPerson(harness.database.db, { name: 'Undo UNDO4', eCertNumber: 'U-UNDO4' });
    await deleteAs(staff.headers, `/api/people/${row.id}`);
    const url = `/api/people/${row.id}/undo-delete`;
    expect((await inject({ method: 'POST', url, headers: staff.headers })).statusCode).toBe(204);

    expect((await inject({ method: 'POST', url, headers: staff.headers })).statusCode).toBe(404);
    const malformed = await inject({
      method: 'POST',
      url: '/api/people/nope/undo-delete',
      headers: staff.headers,
    });
    expect(malformed.statusCode).toBe(404);
  });
});
