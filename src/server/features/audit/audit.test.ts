import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '#shared/api/audit.ts';
import type { RecordFields, RenewalView } from '#shared/api/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const body: RecordFields = {
  name: 'Audit Subject',
  dob: '1985-07-07',
  gender: 'Male',
  nationality: 'Fictionland',
  passportNumber: 'AU1',
  finNumber: 'AU1F',
  eCertNumber: 'AU-1',
  tradeTested: 'Plumbing',
  testLevel: 'Level 1',
  testResult: 'Passed',
  passedDate: '2025-01-15',
};

describe('GET /api/audit', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  let actorEmail: string;
  let first: RenewalView;
  let second: RenewalView;
  beforeAll(async () => {
    testApp = await createTestApp();
    const session = await signInAs(testApp.app, 'staff');
    headers = session.headers;
    actorEmail = session.user.email;
    const create = async (eCertNumber: string) =>
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/renewals',
          headers,
          payload: { ...body, eCertNumber },
        })
      ).json<RenewalView>();
    first = await create('AU-1');
    second = await create('AU-2');
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/renewals/${first.id}`,
      headers,
      payload: { ...body, testResult: 'Failed' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const audit = async (query = '') => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/audit${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<AuditPage>();
  };

  it('lists every event newest first with who did what', async () => {
    const page = await audit();

    // The test user's creation, two renewals created, one updated.
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(page.items.map((e) => [e.entityType, e.action])).toEqual([
      ['renewal', 'update'],
      ['renewal', 'create'],
      ['renewal', 'create'],
      ['user', 'create'],
    ]);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      actorId: expect.any(String),
      actorEmail,
      actorName: 'Test staff',
      entityType: 'renewal',
      entityId: first.id,
      entityName: 'Audit Subject',
      action: 'update',
      changes: { testResult: ['Passed', 'Failed'] },
      batchSize: 0,
    });
  });

  it('filters by entity type and by one record', async () => {
    const renewals = await audit('?entityType=renewal');
    const ofFirst = await audit(`?entityType=renewal&entityId=${first.id}`);
    const ofSecond = await audit(`?entityId=${second.id}`);

    expect(renewals.total).toBe(3);
    expect(ofFirst.items.map((e) => e.action)).toEqual(['update', 'create']);
    expect(ofSecond.items.map((e) => e.action)).toEqual(['create']);
  });

  it('pages through the events', async () => {
    const page2 = await audit('?page=2&pageSize=3');

    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((e) => e.entityType)).toEqual(['user']);
  });

  it('rejects an unknown entity type with 400 naming the parameter', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/audit?entityType=invoice',
      headers,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('entityType');
  });
});
