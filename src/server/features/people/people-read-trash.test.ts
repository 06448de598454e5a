import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { person } from '../../db/schema/index.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi();
const { inject, created, auditOf } = api;

describe('staff session', () => {
  it.each([
    ['GET', '/api/people'],
    ['POST', '/api/people'],
    ['GET', '/api/images'],
    ['DELETE', `/api/people/${randomUUID()}`],
  ] as const)('answers 401 to %s %s without a session', async (method, url) => {
    const response = await inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/people/:id', () => {
  it('returns a live person', async () => {
    const person = await created();
    const response = await inject({
      method: 'GET',
      url: `/api/people/${person.id}`,
      headers: api.staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(person);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await inject({ method: 'GET', url: `/api/people/${id}`, headers: api.staff.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('trash: DELETE /api/people/:id and POST /api/people/:id/restore', () => {
  it('moves a record to the trash, and only an administrator brings it back, all audited', async () => {
    const record = await created();

    const deleted = await inject({
      method: 'DELETE',
      url: `/api/people/${record.id}`,
      headers: api.staff.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await inject({ method: 'GET', url: `/api/people/${record.id}`, headers: api.staff.headers }))
        .statusCode,
    ).toBe(404);
    const [row] = await api.harness.database.db.select().from(person).where(eq(person.id, record.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const again = await inject({
      method: 'DELETE',
      url: `/api/people/${record.id}`,
      headers: api.staff.headers,
    });
    expect(again.statusCode).toBe(404);

    const trash = await inject({
      method: 'GET',
      url: `/api/trash?kind=people&q=${record.eCertNumber}`,
      headers: api.admin.headers,
    });
    expect(trash.json().items.map((p: { id: string }) => p.id)).toEqual([record.id]);
    expect(
      (await inject({ method: 'GET', url: '/api/trash?kind=people', headers: api.staff.headers })).statusCode,
    ).toBe(403);

    const url = `/api/people/${record.id}/restore`;
    const forbidden = await inject({ method: 'POST', url, headers: api.staff.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');

    const restored = await inject({ method: 'POST', url, headers: api.admin.headers });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      id: record.id,
      deletedAt: null,
      passportImage: record.passportImage,
    });
    expect(
      (await inject({ method: 'GET', url: `/api/people/${record.id}`, headers: api.staff.headers }))
        .statusCode,
    ).toBe(200);
    expect((await inject({ method: 'POST', url, headers: api.admin.headers })).statusCode).toBe(404);

    const events = await auditOf(record.id);
    expect(events.map((e) => [e.action, e.actorEmail])).toEqual([
      ['create', api.staff.user.email],
      ['delete', api.staff.user.email],
      ['restore', api.admin.user.email],
    ]);
    expect(events[1]?.changes.deletedAt?.[0]).toBeNull();
    expect(events[2]?.changes.deletedAt?.[1]).toBeNull();
  });

  it('refuses to restore a record whose pair a live record has taken since', async () => {
    const record = await created();
    await inject({ method: 'DELETE', url: `/api/people/${record.id}`, headers: api.staff.headers });
    await created({ finNumber: record.finNumber, eCertNumber: record.eCertNumber });

    const response = await inject({
      method: 'POST',
      url: `/api/people/${record.id}/restore`,
      headers: api.admin.headers,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
    expect((await auditOf(record.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });
});
